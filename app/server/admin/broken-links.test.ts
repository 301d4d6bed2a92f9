import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse, parseDocument } from 'yaml'
import { contentProblems } from '../../embedded-cms/content/check.server'
import { relinked, siteLinksIn } from '../../embedded-cms/content/rich-text-links'
import { fieldName, translated } from '../../embedded-cms/admin/problem-names'
import { issueSessionToken } from './admin-session.server'
import { versionOf, type ContentFolder } from './content-folder.server'
import { answerLocalApi } from './local-api.server'

/**
 * Rich-text links to the site's own pages (ADR 094) and refusals as the editor reads them (ADR
 * 095), through the local admin's API over a copy of the content whose about page links to the
 * sponsoring page in its text (Dutch and English), not in a link field.
 */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'admin-links-'))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true })
  mkdirSync(join(content, 'media'), { recursive: true })
  const about = join(content, 'pages/about.yaml')
  const document = parseDocument(readFileSync(about, 'utf8'))
  document.setIn(['elements', 1, 'left', 'nl'], 'Lees over [onze sponsoring](/over-ons/sponsoring#doelen).')
  document.setIn(['elements', 1, 'left', 'en'], 'Read about <a href="/en/about-us/sponsorship">our sponsorship</a>.')
  document.setIn(['elements', 2, 'items', 3, 'link', 'page'], 'csr')
  writeFileSync(about, document.toString())
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
  const send = async (body: unknown, language = 'nl') => {
    const answer = await answerLocalApi(
      new Request(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: 'http://localhost:3000',
          'X-Admin-Session': issueSessionToken(dataDir),
          'X-Admin-Language': language,
        },
        body: JSON.stringify(body),
      }),
      url,
      { folder, dataDir, socketAddress: '127.0.0.1', now: () => new Date('2026-11-29T12:00:00Z') },
    )
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const path = (file: string) => join(root, file)
  const read = (file: string) => readFileSync(path(file), 'utf8')
  const left = (language: string): unknown => parse(read('content/pages/about.yaml')).elements[1].left[language]
  const base = (file: string) => ({ [file]: versionOf(readFileSync(path(file))) })
  /** The sponsoring page saved with its Dutch URL segment changed. */
  const renameSponsoring = (links?: 'mend') => {
    const file = 'content/pages/sponsoring.yaml'
    const raw = read(file).replace(/nl: sponsoring\b/, 'nl: steun')
    return send({
      action: 'persistEntry',
      params: { dataFiles: [{ path: file, raw }], assets: [], base: base(file), ...(links ? { links } : {}) },
    })
  }
  return { root, content, send, read, left, base, renameSponsoring, path }
}

describe('links in rich text', () => {
  it('are found in Markdown and HTML, images and other sites left alone', () => {
    const text = 'A [page](/a/b "t"), ![img](/media/x.webp), [far](https://x.example), <a class="c" href="/en/c">C</a>.'
    expect(siteLinksIn(text).map((link) => link.href)).toEqual(['/a/b', '/en/c'])
    expect(relinked(text, (href) => (href === '/a/b' ? '/a/z' : null))).toBe(
      'A [page](/a/z "t"), ![img](/media/x.webp), [far](https://x.example), C.',
    )
  })

  it('that lead nowhere are named by content:check with file, line and field', () => {
    const { content, path } = project()
    writeFileSync(
      path('content/pages/sponsoring.yaml'),
      readFileSync(path('content/pages/sponsoring.yaml'), 'utf8').replace(/nl: sponsoring\b/, 'nl: steun'),
    )
    const problems = contentProblems(content)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(
      /^content\/pages\/about\.yaml:\d+:\d+: elements\[1\]\.left\.nl: links to \/over-ons\/sponsoring#doelen, which is no page/,
    )
  })
})

describe('renaming or deleting a page that rich text links to', () => {
  it('is refused with the links named (409) until the editor chooses to mend them; then they follow the page', async () => {
    const site = project()
    const before = site.read('content/pages/sponsoring.yaml')
    const asked = await site.renameSponsoring()
    expect(asked.status).toBe(409)
    expect(asked.body.brokenLinks).toEqual([
      {
        file: 'content/pages/about.yaml',
        entry: 'Over ons',
        field: "blok 2 'In het kort', Linkerkolom (nl)",
        language: 'nl',
        href: '/over-ons/sponsoring#doelen',
        fix: '/over-ons/steun#doelen',
      },
    ])
    expect(site.read('content/pages/sponsoring.yaml')).toBe(before)
    const mended = await site.renameSponsoring('mend')
    expect(mended.status).toBe(200)
    expect(site.left('nl')).toBe('Lees over [onze sponsoring](/over-ons/steun#doelen).')
    // The English link still leads to the page: untouched.
    expect(site.left('en')).toBe('Read about <a href="/en/about-us/sponsorship">our sponsorship</a>.')
    expect(contentProblems(site.content)).toEqual([])
  })

  it('on delete, mending removes the links and keeps their text', async () => {
    const site = project()
    const file = 'content/pages/sponsoring.yaml'
    const asked = await site.send({ action: 'deleteFile', params: { path: file, base: site.base(file) } }, 'en')
    expect(asked.status).toBe(409)
    expect(asked.body.error).toBe('Not saved: 2 links in texts point at this page')
    expect(asked.body.brokenLinks).toMatchObject([
      { field: "block 2 'In het kort', Left (nl)", fix: null },
      { field: "block 2 'In het kort', Left (en)", fix: null },
    ])
    expect(existsSync(site.path(file))).toBe(true)
    const mended = await site.send({ action: 'deleteFile', params: { path: file, base: site.base(file), links: 'mend' } })
    expect(mended.status).toBe(200)
    expect(existsSync(site.path(file))).toBe(false)
    expect(site.left('nl')).toBe('Lees over onze sponsoring.')
    expect(site.left('en')).toBe('Read about our sponsorship.')
    expect(contentProblems(site.content)).toEqual([])
  })
})

describe('a refused save, as the editor reads it', () => {
  it('names the field as the form does, counted from 1, in Dutch, with the way to it on the form', async () => {
    const site = project()
    const file = 'content/pages/about.yaml'
    const raw = site.read(file).replace('Lees over [onze sponsoring](/over-ons/sponsoring#doelen).', 'Zie [ons team](/over-ons/ons-team).')
    const answer = await site.send({
      action: 'persistEntry',
      params: { dataFiles: [{ path: file, raw }], assets: [], base: site.base(file) },
    })
    expect(answer.status).toBe(422)
    expect(answer.body.problems).toEqual([
      {
        file,
        path: ['elements', 1, 'left', 'nl'],
        field: "blok 2 'In het kort', Linkerkolom (nl)",
        trail: ['Blokken', 1, 'Linkerkolom', 'Nederlands (nl)'],
        message: 'linkt naar /over-ons/ons-team, maar daar is geen pagina (verwijderd of verplaatst?): verbeter of verwijder de link',
      },
    ])
    expect(answer.body.error).toBe(
      "Niet opgeslagen: blok 2 'In het kort', Linkerkolom (nl): linkt naar /over-ons/ons-team, maar daar is geen pagina (verwijderd of verplaatst?): verbeter of verwijder de link",
    )
  })

  it('names rows of nested lists and the messages of the schema', () => {
    const home = parse(readFileSync('content/pages/home.yaml', 'utf8'))
    const index = home.elements.findIndex((element: { items?: unknown[] }) => Array.isArray(element.items))
    const name = fieldName('content/pages/home.yaml', home, ['elements', index, 'items', 3, 'title', 'en'], 'nl')
    expect(name).toMatch(new RegExp(`^blok ${index + 1} '[^']+', item 4( '[^']+')?, Titel \\(en\\)$`))
    expect(translated('must not be empty', 'nl')).toBe('mag niet leeg zijn')
    expect(translated('expected number, got "ten"', 'nl')).toBe('verwacht: number, maar is "ten"')
    expect(translated('something new', 'nl')).toBe('something new')
  })
})
