import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { issueSessionToken } from './admin-session.server'
import type { ContentFolder } from './content-folder.server'

/**
 * POST /admin/preview (ADR 099) over a copy of the content: the form's values are checked as a
 * save checks them and answered with the address of the page showing them; nothing is written.
 */
const root = mkdtempSync(join(tmpdir(), 'admin-preview-'))
const content = join(root, 'content')
cpSync('content', content, { recursive: true })
mkdirSync(join(content, 'media'), { recursive: true })
const dataDir = join(root, 'data')
// Before anything reads the runtime config (it is read once, lazily, per test file).
vi.stubEnv('CONTENT_DIR', content)
vi.stubEnv('DATA_DIR', dataDir)
vi.stubEnv('CMS_ADMIN', 'local')

const { answerPreview, enterPreview, previewValues } = await import('./live-preview.server')
const { stopWatchingContent } = await import('../../embedded-cms/content-store.server')

afterAll(() => {
  stopWatchingContent()
  vi.unstubAllEnvs()
})

const folder: ContentFolder = {
  root: content,
  name: 'content',
  entryFolders: new Set(['content/pages', 'content/news']),
  entryFiles: new Set(['content/site.yaml', 'content/navigation.yaml', 'content/locations.yaml']),
  mediaFolder: 'content/media',
}
const url = new URL('http://localhost:3000/admin/preview')
const aboutText = readFileSync(join(content, 'pages/about.yaml'), 'utf8')
const about: Record<string, unknown> = parse(aboutText)

function send(body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const init: RequestInit = {
    method,
    headers: {
      'Content-Type': 'application/json',
      Origin: 'http://localhost:3000',
      'X-Admin-Session': issueSessionToken(dataDir),
      ...headers,
    },
  }
  if (method === 'POST') init.body = typeof body === 'string' ? body : JSON.stringify(body)
  return answerPreview(new Request(url, init), url, { folder, dataDir, socketAddress: '127.0.0.1' })
}

const preview = (data: Record<string, unknown>, language = 'nl', path = 'content/pages/about.yaml') =>
  send({ collection: 'pages-page', path, language, data })

describe('POST /admin/preview', () => {
  it("answers the page's address with the overlay, in the language asked for, and enters preview mode", async () => {
    const answer = await preview({ ...about, title: { ...(about.title as object), nl: 'Over ons en onze vakmensen' } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ url: expect.stringMatching(/^\/over-ons\?overlay=[\w-]{22}$/) })
    expect(answer.headers.get('set-cookie')).toMatch(/^preview=[\w-]{22}\.\d+\.[\w-]{43}; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax$/)
    const english = await preview(about, 'en')
    expect(await english.json()).toEqual({ url: expect.stringMatching(/^\/en\/about-us\?overlay=[\w-]{22}$/) })
    expect(readFileSync(join(content, 'pages/about.yaml'), 'utf8')).toBe(aboutText)
  })

  it('finds the page by the ID typed, before the save renames its file', async () => {
    const path = 'content/news/jubileum.yaml'
    const item: Record<string, unknown> = parse(readFileSync(join(root, path), 'utf8'))
    const answer = await send({ collection: 'news', path, language: 'nl', data: { ...item, id: 'jubileum-zestig' } })
    expect(await answer.json()).toEqual({ url: expect.stringMatching(/^\/nieuws\/zestig-jaar-autogroep-horizon\?overlay=/) })
  })

  it('says why values no save would take cannot be shown, naming the field', async () => {
    const answer = await preview({ ...about, urlSegment: { ...(about.urlSegment as object), en: 'About Us!' } })
    expect(answer.status).toBe(422)
    expect((await answer.json()).error).toMatch(/^content\/pages\/about\.yaml:\d+:\d+: urlSegment\.en: must be lowercase/)
  })

  it('is for the editor of this machine, for entries only', async () => {
    expect((await send({}, {}, 'GET')).status).toBe(405)
    expect((await preview(about, 'nl')).status).toBe(200)
    expect(
      (await send({ collection: 'pages-page', path: 'content/pages/about.yaml', language: 'nl', data: about }, { 'X-Admin-Session': 'x' }))
        .status,
    ).toBe(403)
    expect(
      (
        await send(
          { collection: 'pages-page', path: 'content/pages/about.yaml', language: 'nl', data: about },
          { Origin: 'http://evil.example' },
        )
      ).status,
    ).toBe(403)
    for (const path of ['package.json', 'content/../package.json', 'content/media/a.yaml', 'content/pages/.hidden.yaml'])
      expect((await preview(about, 'nl', path)).status).toBe(403)
    expect((await send({ collection: 'pages-page', path: 'content/pages/about.yaml', language: 'xx', data: about })).status).toBe(422)
    expect((await send('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]')).status).toBe(400)
  })
})

describe('previewValues: the preview of a call the site mode has checked (ADR 108)', () => {
  const values = (owner: string, title: string) =>
    previewValues(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          collection: 'pages-page',
          path: 'content/pages/about.yaml',
          language: 'nl',
          data: { ...about, title: { ...(about.title as object), nl: title } },
        }),
      }),
      { folder, dataDir, socketAddress: undefined },
      owner,
    )
  const idOf = async (answer: Response) => {
    expect(answer.status).toBe(200)
    return new URL(String((await answer.json()).url), url).searchParams.get('overlay') ?? ''
  }

  it("keeps one overlay per session: a session's new values replace its own, never another's", async () => {
    const { overlayOf } = await import('../../embedded-cms/admin/preview-overlay.server')
    const first = await idOf(await values('session-a', 'Eerste'))
    const other = await idOf(await values('session-b', 'Andere'))
    const second = await idOf(await values('session-a', 'Tweede'))
    expect(await overlayOf(first)).toBeUndefined()
    expect((await overlayOf(other))?.text).toContain('Andere')
    expect((await overlayOf(second))?.text).toContain('Tweede')
  })
})

describe("enterPreview: a signed-in editor's View Preview of a draft (ADR 108)", () => {
  const enter = (headers: Record<string, string> = {}) =>
    enterPreview(new Request('http://localhost:3000/admin/draft/admin/view/news/jubileum', { headers }), '/nieuws/zestig-jaar')

  it('sends the editor to the page in preview mode, without a secret, never cached', async () => {
    const sites: Array<Record<string, string>> = [{ 'Sec-Fetch-Site': 'same-origin' }, { 'Sec-Fetch-Site': 'none' }, {}]
    for (const site of sites) {
      const answer = await enter(site)
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('/nieuws/zestig-jaar')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('set-cookie')).toMatch(/^preview=[\w-]{22}\.\d+\.[\w-]{43}; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax$/)
    }
  })

  it('keeps a valid preview cookie as it is', async () => {
    const cookie = (await enter()).headers.get('set-cookie')?.split(';')[0] ?? ''
    const again = await enter({ Cookie: cookie })
    expect(again.status).toBe(302)
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it("does not take a navigation from another site as the editor's wish", async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await enter({ 'Sec-Fetch-Site': site })
      expect(answer.status).toBe(403)
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
  })
})
