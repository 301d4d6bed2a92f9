/**
 * `npm run content:check` reports what the server would refuse at load, as an editor reads it
 * (`file:line:column: field: message`), and fails the run (exit code 1) on it.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { contentProblems } from '../../app/embedded-cms/content/check.server'

const all = (text: string) => `{ nl: ${text}, en: ${text}, de: ${text}, fr: ${text}, da: ${text} }`

/** A small content folder whose about page has a sort that is not a number (line 5) and links a page that does not exist. */
function brokenFolder(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'content-check-')), 'content')
  const files: Record<string, string> = {
    'site.yaml': `title: ${all('Site')}\n`,
    'navigation.yaml': 'main: [about]\nfooter: []\n',
    'pages/home.yaml': `id: home\ntype: Page\nurlSegment: ${all('""')}\ntitle: ${all('Home')}\n`,
    'pages/about.yaml': `id: about\ntype: Page\nparent: home\nurlSegment: ${all('about')}\nsort: ten\ntitle: ${all('About')}\n`,
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return dir
}

describe('content:check', () => {
  it('finds nothing wrong with the repository content', () => {
    expect(contentProblems('content')).toEqual([])
  })

  it('names file, line, column and field of a problem', () => {
    expect(contentProblems(brokenFolder())).toEqual(['content/pages/about.yaml:5:1: sort: expected number, got "ten"'])
  })

  it('prints it and exits with 1', async () => {
    const run = promisify(execFile)('npx', ['jiti', 'scripts/content-check.ts', brokenFolder()])
    await expect(run).rejects.toMatchObject({ code: 1, stderr: 'content/pages/about.yaml:5:1: sort: expected number, got "ten"\n' })
  }, 60_000)
})
