import { buildContent } from './projection.server'
import { ContentError, readContent } from './read'

/**
 * The content folder's problems as the server would report them at load, one line each
 * (`content/pages/about.yaml:14:9: elements[2].image.width: expected number, got "abc"`);
 * none when the site would serve it. The same checks as a reload (content-store.server.ts):
 * the files against their schemas, then references and links, with drafts and without.
 */
export function contentProblems(dir: string): string[] {
  try {
    const raw = readContent(dir)
    buildContent(raw, { drafts: true })
    buildContent(raw, { drafts: false })
    return []
  } catch (error) {
    if (error instanceof ContentError) return error.message.split('\n')
    throw error
  }
}
