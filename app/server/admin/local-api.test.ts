import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { diffLines } from 'diff'
import { describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { readContent } from '../../embedded-cms/content/read'
import { issueSessionToken, isSessionToken, sessionLifetimeMs } from './admin-session.server'
import { versionOf, type ContentFolder } from './content-folder.server'
import { answerLocalApi, jsonDepthWithin } from './local-api.server'

// A publish records the entry's history in the site's database (ADR 106): a throwaway one.
vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'admin-history-db-')))
/**
 * The local admin's API over a copy of the content, inside a copy of a project (a file beside
 * the content folder stands for app/, package.json and the database): every refusal leaves both
 * as they were. Each case is one that decap-server, the backend this API replaced, let through.
 */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'admin-api-'))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true })
  mkdirSync(join(content, 'media'), { recursive: true })
  writeFileSync(join(root, 'package.json'), '{"name":"site"}\n')
  mkdirSync(join(root, 'data'))
  writeFileSync(join(root, 'data', 'site.sqlite'), 'the contact database')
  const dataDir = join(root, 'data')
  const folder: ContentFolder = {
    root: content,
    name: 'content',
    entryFolders: new Set(['content/pages', 'content/news', 'content/locations']),
    entryFiles: new Set(['content/site.yaml', 'content/navigation.yaml']),
    mediaFolder: 'content/media',
  }
  const url = new URL('http://localhost:3000/admin/api/v1')
  const headers = (extra: Record<string, string> = {}) => ({
    'Content-Type': 'application/json; charset=utf-8',
    Origin: 'http://localhost:3000',
    'X-Admin-Session': issueSessionToken(dataDir),
    ...extra,
  })
  const send = (body: unknown, extra: Record<string, string> = {}, options: { socket?: string; url?: URL; now?: Date } = {}) => {
    const target = options.url ?? url
    return answerLocalApi(
      new Request(target, { method: 'POST', headers: headers(extra), body: typeof body === 'string' ? body : JSON.stringify(body) }),
      target,
      {
        folder,
        dataDir,
        socketAddress: options.socket ?? '127.0.0.1',
        now: () => options.now ?? new Date('2026-11-29T12:00:00Z'),
      },
    )
  }
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const version = (path: string) => versionOf(readFileSync(join(root, path)))
  /** Every file of the project with its text: compared before and after a refusal. */
  const snapshot = () =>
    Object.fromEntries(
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.key'))
        .map((entry) => {
          const path = join(entry.parentPath, entry.name)
          return [path, readFileSync(path, 'utf8')]
        }),
    )
  const persist = (
    dataFiles: Array<{ path: string; raw: string; newPath?: string }>,
    base: Record<string, string | null> = {},
    extra = {},
  ) => send({ action: 'persistEntry', params: { dataFiles, assets: [], base }, ...extra })
  return { root, folder, dataDir, url, send, read, version, snapshot, persist }
}

describe('only the editor’s tab on this machine reaches the API', () => {
  const site = project()
  const info = { action: 'info' }

  it('answers the tab: loopback, its own Origin and its session token', async () => {
    const answer = await site.send(info)
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ repo: 'content', publish_modes: ['simple', 'editorial_workflow'], type: 'local_fs' })
  })

  it.each<[string, Record<string, string>, { socket?: string; url?: URL }]>([
    ['no session token', { 'X-Admin-Session': '' }, {}],
    ['a forged session token', { 'X-Admin-Session': `${Date.now().toString(36)}.${'A'.repeat(43)}` }, {}],
    ['no Origin', { Origin: '' }, {}],
    ['another origin on this machine', { Origin: 'http://localhost:5173' }, {}],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'same-site' }, {}],
    ['a form post (no JSON type)', { 'Content-Type': 'text/plain' }, {}],
    ['another machine', {}, { socket: '192.168.1.20' }],
    ['a rebound DNS name', { Origin: 'http://evil.example:3000' }, { url: new URL('http://evil.example:3000/admin/api/v1') }],
    ['X-Forwarded-For', { 'X-Forwarded-For': '203.0.113.9' }, {}],
    ['Forwarded', { Forwarded: 'for=203.0.113.9' }, {}],
    ['X-Real-IP', { 'X-Real-IP': '203.0.113.9' }, {}],
    ['CF-Connecting-IP', { 'CF-Connecting-IP': '203.0.113.9' }, {}],
    ['True-Client-IP', { 'True-Client-IP': '203.0.113.9' }, {}],
    ['Via', { Via: '1.1 proxy' }, {}],
    ['X-Forwarded-Host', { 'X-Forwarded-Host': 'www.example.com' }, {}],
  ])('refuses a call with %s (403)', async (_, extra, options) => {
    const headers = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== ''))
    const removed = Object.keys(extra).filter((name) => extra[name] === '')
    const target = options.url ?? site.url
    const base = {
      'Content-Type': 'application/json; charset=utf-8',
      Origin: 'http://localhost:3000',
      'X-Admin-Session': issueSessionToken(site.dataDir),
    }
    const sent = Object.fromEntries(Object.entries({ ...base, ...headers }).filter(([name]) => !removed.includes(name)))
    const answer = await answerLocalApi(new Request(target, { method: 'POST', headers: sent, body: JSON.stringify(info) }), target, {
      folder: site.folder,
      dataDir: site.dataDir,
      socketAddress: options.socket ?? '127.0.0.1',
    })
    expect(answer.status).toBe(403)
    expect((await answer.json()).error).toEqual(expect.any(String))
  })

  it('refuses a body over the limit, said or sent, and a GET, before reading or parsing it', async () => {
    expect((await site.send('{}', { 'Content-Length': String(20 * 1024 * 1024) })).status).toBe(413)
    expect((await site.send(`{"action":"info","x":"${'a'.repeat(20 * 1024 * 1024)}"}`)).status).toBe(413)
    expect((await site.send('{"action":')).status).toBe(400)
    expect((await site.send('{"action":"runCommand","params":{"command":"rm -rf /"}}')).status).toBe(422)
    const get = new Request(site.url, { headers: { Origin: 'http://localhost:3000' } })
    expect((await answerLocalApi(get, site.url, { folder: site.folder, dataDir: site.dataDir, socketAddress: '127.0.0.1' })).status).toBe(
      405,
    )
  })

  it('takes tokens of this data folder only, and not for ever', () => {
    const now = Date.now()
    const token = issueSessionToken(site.dataDir, now)
    expect(isSessionToken(token, site.dataDir, now + 1000)).toBe(true)
    expect(isSessionToken(token, site.dataDir, now + sessionLifetimeMs)).toBe(false)
    expect(isSessionToken(token, project().dataDir, now)).toBe(false)
  })
})

describe('nothing outside the content folder, nor through a link', () => {
  it('refuses writes, reads and deletes outside the collections’ files, and changes nothing', async () => {
    const site = project()
    const before = site.snapshot()
    const page = site.read('content/pages/about.yaml')
    const refusals: Array<[unknown, number]> = [
      [{ action: 'persistMedia', params: { asset: { path: 'app/x.ts', content: 'eA==', encoding: 'base64' } } }, 422],
      [{ action: 'persistMedia', params: { asset: { path: 'content/../package.json', content: 'eA==', encoding: 'base64' } } }, 422],
      [{ action: 'getMediaFile', params: { path: 'data/site.sqlite' } }, 404],
      [{ action: 'getMediaFile', params: { path: 'content/../data/site.sqlite' } }, 404],
      [{ action: 'getEntry', params: { path: 'package.json' } }, 403],
      [{ action: 'entriesByFolder', params: { folder: 'content/..', extension: 'json', depth: 1 } }, 403],
      [{ action: 'deleteFiles', params: { paths: ['content/pages/x.yaml', 'package.json'] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'package.json', raw: page }] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'content/media/evil.svg', raw: '<svg/>' }] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'content/.gitignore', raw: '*' }] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'content/schemas/page.json', raw: '{}' }] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'content/zzq/f', raw: page, newPath: 'content/zzq/f/g.yaml' }] } }, 403],
      [{ action: 'persistEntry', params: { dataFiles: [{ path: 'content/pages/x/y.yaml', raw: page }] } }, 403],
    ]
    for (const [call, status] of refusals) {
      const answer = await site.send(call)
      expect(answer.status, JSON.stringify(call)).toBe(status)
    }
    expect(site.snapshot()).toEqual(before)
  })

  it('does not follow a link inside the content folder, to read, write or delete', async () => {
    const site = project()
    const outside = join(site.root, 'outside.yaml')
    writeFileSync(outside, 'secret: 1\n')
    symlinkSync(outside, join(site.root, 'content/pages/linked.yaml'))
    symlinkSync(join(site.root, 'data'), join(site.root, 'content/media/data'))
    const about = site.read('content/pages/about.yaml')
    expect((await site.send({ action: 'getEntry', params: { path: 'content/pages/linked.yaml' } })).status).toBe(403)
    const listed: Array<{ file: { path: string } }> = await (
      await site.send({ action: 'entriesByFolder', params: { folder: 'content/pages' } })
    ).json()
    expect(listed.map((entry) => entry.file.path)).not.toContain('content/pages/linked.yaml')
    expect((await site.send({ action: 'getMediaFile', params: { path: 'content/media/data/site.sqlite' } })).status).toBe(404)
    expect((await site.persist([{ path: 'content/pages/linked.yaml', raw: about.replace('id: about', 'id: linked') }])).status).toBe(403)
    expect((await site.send({ action: 'deleteFile', params: { path: 'content/pages/linked.yaml' } })).status).toBe(403)
    // A refused save (an invalid page beside the link) does not write through it either.
    expect((await site.persist([{ path: 'content/pages/new.yaml', raw: 'id: x\n' }])).status).toBe(422)
    expect(readFileSync(outside, 'utf8')).toBe('secret: 1\n')
    expect(readFileSync(join(site.root, 'data', 'site.sqlite'), 'utf8')).toBe('the contact database')
  })
})

describe('a save is checked as it is written', () => {
  it('keeps an entry in its folder: a move across folders is refused, nothing moves', async () => {
    const site = project()
    const before = site.snapshot()
    const about = site.read('content/pages/about.yaml')
    const answer = await site.persist([{ path: 'content/pages/about.yaml', newPath: 'content/news/about.yaml', raw: about }], {
      'content/pages/about.yaml': site.version('content/pages/about.yaml'),
    })
    expect(answer.status).toBe(422)
    expect((await answer.json()).error).toBe("content/pages/about.yaml: an entry stays in its collection's folder")
    const mixed = await site.persist(
      [
        { path: 'content/news/jubileum.yaml', raw: site.read('content/news/jubileum.yaml') },
        { path: 'content/pages/about.yaml', raw: site.read('content/news/jubileum.yaml'), newPath: 'content/news/other.yaml' },
      ],
      {
        'content/news/jubileum.yaml': site.version('content/news/jubileum.yaml'),
        'content/pages/about.yaml': site.version('content/pages/about.yaml'),
      },
    )
    expect(mixed.status).toBe(422)
    expect(site.snapshot()).toEqual(before)
  })

  it('renames an entry within its folder, only that file', async () => {
    const site = project()
    const pages = readdirSync(join(site.root, 'content/pages')).length
    const answer = await site.persist(
      [{ path: 'content/news/jubileum.yaml', newPath: 'content/news/zestig-jaar.yaml', raw: site.read('content/news/jubileum.yaml') }],
      { 'content/news/jubileum.yaml': site.version('content/news/jubileum.yaml') },
    )
    expect(answer.status).toBe(200)
    expect(existsSync(join(site.root, 'content/news/jubileum.yaml'))).toBe(false)
    expect(existsSync(join(site.root, 'content/news/zestig-jaar.yaml'))).toBe(true)
    expect(readdirSync(join(site.root, 'content/pages'))).toHaveLength(pages)
  })

  it('refuses a page of aliases (a small file standing for a huge one) and a JSON bomb before parsing either', async () => {
    const site = project()
    const before = site.snapshot()
    const element = `{id: e, type: text, text: {nl: "${'x'.repeat(60_000)}"}}`
    const bomb = `${site.read('content/pages/about.yaml').replace(/^elements:[\s\S]*$/m, '')}x: &e ${element}\nelements: [${Array.from({ length: 90 }, () => '*e').join(', ')}]\n`
    const aliases = await site.persist([{ path: 'content/pages/about.yaml', raw: bomb }], {
      'content/pages/about.yaml': site.version('content/pages/about.yaml'),
    })
    expect(aliases.status).toBe(422)
    expect((await aliases.json()).error).toMatch(/^content\/pages\/about\.yaml:\d+:\d+: anchors, aliases and tags/)
    const big = await site.persist([{ path: 'content/pages/about.yaml', raw: `id: about\ntext: "${'x'.repeat(3_000_000)}"\n` }], {
      'content/pages/about.yaml': site.version('content/pages/about.yaml'),
    })
    expect(big.status).toBe(422)
    expect((await big.json()).error).toMatch(/a content file holds at most 256 KB/)
    const deep = await site.persist([{ path: 'content/pages/about.yaml', raw: '['.repeat(200_000) }], {
      'content/pages/about.yaml': site.version('content/pages/about.yaml'),
    })
    expect((await deep.json()).error).toMatch(/nested more than 24 levels deep/)
    expect(jsonDepthWithin('['.repeat(10_000_000), 8)).toBe(false)
    expect((await site.send('['.repeat(10_000_000))).status).toBe(400)
    expect(site.snapshot()).toEqual(before)
    expect(readdirSync(site.root).filter((name) => name.startsWith('.admin-save-') && !name.endsWith('.lock'))).toEqual([])
  })

  it('lets one of two new news items with the same slug in, refusing the other: the content stays valid', async () => {
    const site = project()
    const news = site
      .read('content/news/jubileum.yaml')
      .replace('id: jubileum', 'id: twin-a')
      .replace(/slug:\n(?: {2}\w\w: .*\n)+/, 'slug: { nl: tweeling, en: twin, de: zwilling, fr: jumeau, da: tvilling }\n')
    const [a, b] = await Promise.all([
      site.persist([{ path: 'content/news/twin-a.yaml', raw: news }]),
      site.persist([{ path: 'content/news/twin-b.yaml', raw: news.replace('id: twin-a', 'id: twin-b') }]),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 422])
    expect(() => readContent(join(site.root, 'content'))).not.toThrow()
  })
})

describe('the save lock', () => {
  it('is held through the check: the cleanup of scratch copies leaves it, a second save waits for it', async () => {
    const site = project()
    const { lockPathOf, underSaveLock } = await import('./local-save.server')
    const { removeScratchCopies } = await import('../../embedded-cms/admin/save-check.server')
    let second = false
    const first = underSaveLock(site.folder, async () => {
      removeScratchCopies(site.folder.root)
      expect(existsSync(lockPathOf(site.folder))).toBe(true)
      const waiting = underSaveLock(site.folder, () => {
        second = true
        return { status: 200, body: null }
      })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(second).toBe(false)
      return { status: 200, body: waiting }
    })
    const { body } = await first
    await body
    expect(second).toBe(true)
  })
})

describe('editors keep their work and their file', () => {
  it('refuses a save based on an older version than the file’s (409), and one over an entry made meanwhile', async () => {
    const site = project()
    const path = 'content/pages/about.yaml'
    const opened = site.version(path)
    const data = site.read(path)
    const first = await site.persist([{ path, raw: data.replace('nl: Over ons,', 'nl: Wie wij zijn,') }], { [path]: opened })
    expect(first.status).toBe(200)
    const written = site.read(path)
    const second = await site.persist([{ path, raw: data.replace('nl: Over ons,', 'nl: Over Horizon,') }], { [path]: opened })
    expect(second.status).toBe(409)
    expect((await second.json()).error).toMatch(/^content\/pages\/about\.yaml was changed by someone else after you opened it/)
    expect(site.read(path)).toBe(written)
    // The version the first save answered with is the file's: the same editor saves again.
    const { versions } = await first.json()
    expect(versions[path]).toBe(site.version(path))
    expect(
      (await site.persist([{ path, raw: data.replace('nl: Over ons,', 'nl: Over Horizon,') }], { [path]: versions[path] })).status,
    ).toBe(200)
    // A delete of a version the editor did not open.
    expect((await site.send({ action: 'deleteFile', params: { path } })).status).toBe(409)
    expect(existsSync(join(site.root, path))).toBe(true)
    // A new entry whose file someone made meanwhile.
    const made = await site.persist([{ path: 'content/news/jubileum.yaml', raw: site.read('content/news/jubileum.yaml') }], {})
    expect(made.status).toBe(409)
  })

  it('changes only what changed: a location’s phone is a one-line diff of its file, plus its lastEdited', async () => {
    const site = project()
    const path = 'content/locations/rotterdam-carbodyrepairshop.yaml'
    const other = 'content/locations/utrecht-dealer.yaml'
    const untouched = site.read(other)
    const before = site.read(path)
    const data = parse(before)
    data.phone = '+31 30 000 00 00'
    // Decap's style: block collections, its own quoting.
    const { stringify } = await import('yaml')
    const answer = await site.persist([{ path, raw: stringify(data, { collectionStyle: 'block' }) }], { [path]: site.version(path) })
    expect(answer.status).toBe(200)
    const after = site.read(path)
    const changed = diffLines(before, after).filter((part) => part.added || part.removed)
    const added = changed.filter((part) => part.added).flatMap((part) => part.value.split('\n').filter(Boolean))
    const removed = changed.filter((part) => part.removed).flatMap((part) => part.value.split('\n').filter(Boolean))
    expect(removed).toEqual([expect.stringMatching(/^lastEdited: /), expect.stringMatching(/^phone: /)])
    expect(added).toEqual(['lastEdited: 2026-11-29T12:00:00Z', 'phone: "+31 30 000 00 00"'])
    expect(site.read(other)).toBe(untouched)
  })

  it('refuses a new location whose id another location has, naming both files', async () => {
    const site = project()
    const path = 'content/locations/utrecht-tweede.yaml'
    const raw = site.read('content/locations/utrecht-dealer.yaml')
    const answer = await site.persist([{ path, raw }], { [path]: null })
    expect(answer.status).not.toBe(200)
    expect(JSON.stringify(await answer.json())).toMatch(
      /"file":"content\/locations\/utrecht-tweede\.yaml","path":\["id"\].*\\"utrecht-dealer\\" is also the id of content\/locations\/utrecht-dealer\.yaml/,
    )
    expect(existsSync(join(site.root, path))).toBe(false)
  })

  it('sets a page’s lastEdited on every save that changes it', async () => {
    const site = project()
    const path = 'content/pages/about.yaml'
    const raw = site.read(path).replace('nl: Over ons,', 'nl: Wie wij zijn,')
    expect((await site.persist([{ path, raw }], { [path]: site.version(path) })).status).toBe(200)
    expect(parse(site.read(path)).lastEdited).toBe('2026-11-29T12:00:00Z')
    expect(site.read(path)).toContain('nl: Wie wij zijn,')
  })
})

describe('uploads', () => {
  it('that an entry no longer names are not stored: a refused upload, replaced, does not refuse the save', async () => {
    const site = project()
    const path = 'content/news/jubileum.yaml'
    const raw = site.read(path).replace('src: /media/history-2025.webp', 'src: /media/showroom.png')
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
    const answer = await site.send({
      action: 'persistEntry',
      params: {
        dataFiles: [{ path, raw }],
        assets: [
          { path: 'content/media/logo.svg', content: 'PHN2Zz48L3N2Zz4=', encoding: 'base64' },
          { path: 'content/media/showroom.png', content: png, encoding: 'base64' },
        ],
        base: { [path]: site.version(path) },
      },
    })
    expect(answer.status, JSON.stringify(await answer.clone().json())).toBe(200)
    expect(existsSync(join(site.root, 'content/media/showroom.png'))).toBe(true)
    expect(existsSync(join(site.root, 'content/media/logo.svg'))).toBe(false)
  })

  it('are stored in the media folder, as sent', async () => {
    const site = project()
    const answer = await site.send({
      action: 'persistMedia',
      params: { asset: { path: 'content/media/car.webp', content: 'UklGRg==', encoding: 'base64' } },
    })
    expect(answer.status).toBe(200)
    expect(readFileSync(join(site.root, 'content/media/car.webp')).toString('base64')).toBe('UklGRg==')
    expect(dirname(join(site.root, 'content/media/car.webp'))).toBe(join(site.root, 'content/media'))
  })
})

describe('the media library', () => {
  it('lists the uploads and the images shipped in public/media, as files of the media folder', async () => {
    const site = project()
    writeFileSync(join(site.root, 'content/media/car.webp'), 'an upload')
    // An upload of a shipped image's name: the library lists the upload once.
    writeFileSync(join(site.root, 'content/media/team.webp'), 'a team photo of our own')
    const answer = await site.send({ action: 'getMedia', params: { mediaFolder: 'content/media' } })
    expect(answer.status).toBe(200)
    const listed: Array<{ path: string; name: string; content: string }> = await answer.json()
    const paths = listed.map((media) => media.path)
    expect(paths).toContain('content/media/car.webp')
    expect(paths).toContain('content/media/hero-home.webp')
    expect(paths.filter((path) => path === 'content/media/team.webp')).toHaveLength(1)
    expect(Buffer.from(listed.find((media) => media.name === 'team.webp')?.content ?? '', 'base64').toString()).toBe(
      'a team photo of our own',
    )
    // Decap lists only files directly in its folder (and would insert /media/<name> for one below it).
    expect(paths.every((path) => /^content\/media\/[^/]+$/.test(path))).toBe(true)
    const shipped = readFileSync('public/media/hero-home.webp').toString('base64')
    expect(listed.find((media) => media.name === 'hero-home.webp')?.content).toBe(shipped)
  })

  it('reads a shipped image by its media-folder path, and refuses to delete it', async () => {
    const site = project()
    const file = await site.send({ action: 'getMediaFile', params: { path: 'content/media/hero-home.webp' } })
    expect(file.status).toBe(200)
    expect((await file.json()).content).toBe(readFileSync('public/media/hero-home.webp').toString('base64'))
    expect((await site.send({ action: 'getMediaFile', params: { path: 'content/media/nothing.webp' } })).status).toBe(404)
    const before = site.snapshot()
    const deleted = await site.send({ action: 'deleteFile', params: { path: 'content/media/hero-home.webp' } })
    expect(deleted.status).toBe(422)
    expect((await deleted.json()).error).toMatch(/^hero-home\.webp comes with the site/)
    expect(site.snapshot()).toEqual(before)
  })
})

describe('search (ADR 109)', () => {
  it('lists only the entries whose text holds every word searched for: a block’s text, a street', async () => {
    const site = project()
    const listed = async (folder: string, search?: string): Promise<string[]> => {
      const answer: Array<{ file: { path: string } }> = await (
        await site.send({ action: 'entriesByFolder', params: { folder, ...(search === undefined ? {} : { search }) } })
      ).json()
      return answer.map((entry) => entry.file.path)
    }
    expect((await listed('content/pages')).length).toBeGreaterThan(5)
    expect(await listed('content/pages', 'Nog altijd  in FAMILIEHANDEN')).toEqual(['content/pages/about.yaml'])
    expect(await listed('content/locations', 'albersloher weg')).toEqual(['content/locations/munster-dealer.yaml'])
    // Every word must be there.
    expect(await listed('content/pages', 'familiehanden nowhere-to-be-found')).toEqual([])
  })
})
