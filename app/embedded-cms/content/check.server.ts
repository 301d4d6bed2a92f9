import { buildContent } from './projection.server'
import { ContentError, readContent } from './read'
import { deadLinkProblem, deadRichTextLinks, siteAddresses } from './rich-text-links'

/**
 * The content folder's problems as the server would report them at load, one line each
 * (`content/pages/about.yaml:14:9: elements[2].image.width: expected number, got "abc"`);
 * none when the site would serve it. The same checks as a reload (content-store.server.ts):
 * the files against their schemas, then references and links, with drafts and without; then
 * rich-text links to the site's own paths that lead nowhere (a start serves those, as dead
 * links, but an editor's check names them).
 */
export function contentProblems(dir: string): string[] {
  try {
    const raw = readContent(dir)
    const withDrafts = buildContent(raw, { drafts: true })
    buildContent(raw, { drafts: false })
    const addresses = siteAddresses(withDrafts)
    return deadRichTextLinks(raw, addresses).map((link) => deadLinkProblem(raw, link))
  } catch (error) {
    if (error instanceof ContentError) return error.message.split('\n')
    throw error
  }
}
