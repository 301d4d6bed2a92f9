import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { issueSessionToken } from './admin-session.server'
import type { ContentFolder } from './content-folder.server'
import { answerLocalApi } from './local-api.server'

/**
 * The local API's `translationStatus` (ADR 103): an entry's texts per language, current, fuzzy or
 * missing, from the catalogs of the project around the content folder.
 */
function project(withCatalogs: boolean) {
  const root = mkdtempSync(join(tmpdir(), 'admin-translations-'))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true })
  if (withCatalogs) {
    for (const locale of ['en', 'de', 'fr', 'da']) {
      mkdirSync(join(root, 'app/locales', locale), { recursive: true })
      cpSync(join('app/locales', locale, 'content.po'), join(root, 'app/locales', locale, 'content.po'))
    }
  }
  const dataDir = join(root, 'data')
  mkdirSync(dataDir)
  const folder: ContentFolder = {
    root: content,
    name: 'content',
    entryFolders: new Set(['content/pages', 'content/news']),
    entryFiles: new Set(['content/site.yaml', 'content/navigation.yaml', 'content/locations.yaml']),
    mediaFolder: 'content/media',
  }
  const url = new URL('http://localhost:3000/admin/api/v1')
  const status = async (collection: string, entry: string) => {
    const response = await answerLocalApi(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: url.origin, 'X-Admin-Session': issueSessionToken(dataDir) },
        body: JSON.stringify({ action: 'translationStatus', params: { collection, entry } }),
      }),
      url,
      { folder, dataDir, socketAddress: '127.0.0.1' },
    )
    const body: unknown = await response.json()
    return { status: response.status, body }
  }
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(join(root, path), 'utf8')
    expect(text).toContain(from)
    writeFileSync(join(root, path), text.replace(from, to))
  }
  return { status, edit }
}

const counts = (translated: number, fuzzy: number, missing: number) =>
  (['en', 'de', 'fr', 'da'] as const).map((locale) => expect.objectContaining({ locale, translated, fuzzy, missing }))

describe('an entry’s translation status', () => {
  it('counts its texts per language, a changed Dutch text fuzzy at once', async () => {
    const site = project(true)
    const before = await site.status('pages-page', 'about')
    expect(before.status).toBe(200)
    expect(before.body).toEqual(counts(20, 0, 0))
    expect(before.body).toContainEqual(expect.objectContaining({ locale: 'de', name: 'Deutsch' }))
    site.edit('content/pages/about.yaml', 'title: { nl: Over ons,', 'title: { nl: Over ons en onze mensen,')
    expect((await site.status('pages-page', 'about')).body).toEqual(counts(19, 1, 0))
    // A file of a file collection, by its name in the admin.
    expect((await site.status('settings', 'site')).body).toEqual(counts(expect.any(Number), 0, 0))
  })

  it('is null for an entry without texts for translators, an unknown one, or without catalogs', async () => {
    const site = project(true)
    expect((await site.status('settings', 'navigation')).body).toBeNull()
    expect((await site.status('pages-page', 'no-such-page')).body).toBeNull()
    expect((await site.status('nothing', 'about')).body).toBeNull()
    expect((await site.status('pages-page', '../site')).body).toBeNull()
    expect((await project(false).status('pages-page', 'about')).body).toBeNull()
  })

  it('names the catalog’s line when a catalog does not read', async () => {
    const site = project(true)
    site.edit('app/locales/fr/content.po', 'msgstr ""\n"Project-Id-Version', 'msgstr ""\nProject-Id-Version')
    const answer = await site.status('pages-page', 'about')
    expect(answer.status).toBe(422)
    expect(answer.body).toEqual({
      error: expect.stringMatching(/^The translation status could not be read: app\/locales\/fr\/content\.po:\d+: /),
    })
  })
})
