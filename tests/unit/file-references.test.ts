import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Comments and docs that name a file of the repository name one that exists: a file moved or
 * renamed leaves no stale pointer behind. A name with a folder must be found from the repository's
 * root or from the naming file's folder; a bare name anywhere in the repository. ADRs are dated
 * records (what was true on their date) and are not held to today's names.
 */

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).trim().split('\n')
const basenames = new Set(tracked.map((file) => basename(file)))

/** Names that are examples in the text, or made by a build or a run, never in the repository. */
const notRepositoryFiles = new Set([
  // Examples of an editor's or a developer's file.
  'content/news/x.yaml',
  'content/pages/x.yaml',
  'content/pages/team.yaml',
  'team.yaml',
  'About.yaml',
  'zoe.json',
  // The example block of docs/add-a-block-type.md (tests/e2e/checklists.spec.ts makes it in a copy).
  'app/blocks/Quote/content.ts',
  'app/blocks/Quote/Quote.tsx',
  // The example language of docs/add-a-language.md, and imports quoted from app/i18n/segments.ts.
  'app/locales/sv/messages.po',
  '../locales/sv/routes.po',
  '../locales/da/routes.po',
  // Made by the build (.output/server) or at run time (DATA_DIR).
  'worker.mjs',
  'index.mjs',
  'content-parse-cache.json',
])

const reference = /(?<![\w/.@-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|mjs|md|yaml|json|css|po|graphql))\b/g

/** The comments of a source file, or the whole text of a document. */
function prose(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  if (file.endsWith('.md')) return [text]
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)].map((match) => match[0])
}

const trackedPaths = new Set(tracked)

/** Whether the repository has the file (what a fresh clone has: not what a build or a run left in the folder). */
function exists(file: string, name: string): boolean {
  if (name.startsWith('.output/')) return true
  if (!name.includes('/')) return basenames.has(name)
  return trackedPaths.has(name) || trackedPaths.has(join(dirname(file), name)) || tracked.some((path) => path.endsWith(`/${name}`))
}

describe('files named in comments and docs', () => {
  it('exist', () => {
    const checked = tracked.filter(
      (file) => /\.(?:ts|tsx|mjs|md)$/.test(file) && !file.startsWith('docs/decisions/') && !file.endsWith('routeTree.gen.ts'),
    )
    expect(checked.length).toBeGreaterThan(100)
    const missing = checked.flatMap((file) =>
      prose(file).flatMap((text) =>
        [...text.matchAll(reference)]
          .map((match) => match[1] ?? '')
          .filter((name) => !notRepositoryFiles.has(name) && !exists(file, name))
          .map((name) => `${file}: ${name}`),
      ),
    )
    expect(missing).toEqual([])
  })
})

describe('code and its comments', () => {
  it('name no issue of a tracker outside the repository: the reason is written out, or an ADR named', () => {
    const sources = tracked.filter((file) => /\.(?:ts|tsx|mjs)$/.test(file) && !file.endsWith('routeTree.gen.ts'))
    const numbered = sources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bissues? #?\d+/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(numbered).toEqual([])
  })
})
