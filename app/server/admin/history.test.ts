import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { engineAvailable, freshDatabase } from '../../../tests/support/store-databases'
import { changedFields, fieldChanges, fieldPathLabel } from '../../embedded-cms/admin/field-changes'
import type { Role } from './auth/roles'
import type { EditorIdentity } from './local-api.server'

/**
 * The entries' history (ADR 106): the store on SQLite and PostgreSQL, the fields a version
 * changed, and the History panel's calls through the admin's API (publish, restore as a draft
 * or published, roles, bad input).
 */

afterEach(async () => {
  const { closeDatabase } = await import('../platform/db.server')
  await closeDatabase()
  vi.unstubAllEnvs()
  vi.resetModules()
})

const about = 'content/pages/about.yaml'
const aboutText = readFileSync('content/pages/about.yaml', 'utf8')
const retitled = (title: string) => aboutText.replace('nl: Over ons,', `nl: ${title},`)

describe('the fields a version changed', () => {
  it('are the values that differ, blocks matched by id, lastEdited left out', () => {
    const changed = aboutText
      .replace('nl: Over ons,', 'nl: Wie wij zijn,')
      .replace('nl: Over Autogroep Horizon,', 'nl: Over de groep,')
      .replace('lastEdited: 2026-09-02T08:30:00Z', 'lastEdited: 2026-11-29T12:00:00Z')
    expect(changedFields(about, aboutText, changed)).toEqual(['title.nl', 'elements.about-hero.title.nl'])
    expect(changedFields(about, aboutText, aboutText)).toEqual([])
    expect(changedFields(about, aboutText, undefined)).toEqual([''])
    expect(fieldPathLabel('elements.about-hero.title.nl', 'nl')).toBe('Blokken › about-hero › Titel (nl)')
    expect(fieldPathLabel('metaDescription.en', 'en')).toBe('Description for search engines (en)')
    const [change] = fieldChanges(about, aboutText, changed)
    expect(change).toEqual({ path: ['title', 'nl'], before: 'Over ons', after: 'Wie wij zijn' })
  })

  it('sees no change in blocks that only moved', () => {
    const lines = aboutText.split('\n')
    const hero = lines.findIndex((line) => line.includes('- type: Hero'))
    const facts = lines.findIndex((line) => line.includes('- type: TwoColumnContent'))
    const next = lines.findIndex((line, index) => index > facts && /^ {2}- type:/.test(line))
    expect(hero).toBeGreaterThan(0)
    const end = next < 0 ? lines.length : next
    const moved = [...lines.slice(0, hero), ...lines.slice(facts, end), ...lines.slice(hero, facts), ...lines.slice(end)].join('\n')
    expect(moved).not.toBe(aboutText)
    expect(changedFields(about, aboutText, moved)).toEqual([])
  })
})

describe.each(['sqlite', 'postgres'] as const)('the history store on %s', (engine) => {
  it('keeps each publish, restore and delete with who and when, the text before the first, newest first', async ({ skip }) => {
    if (!engineAvailable(engine)) skip()
    await freshDatabase(engine, 'history')
    const { entryHistory, recordChanges, storedVersion } = await import('./history.server')
    const anna = { name: 'Anna', email: 'anna@example.com' }
    await recordChanges(
      [{ path: about, before: aboutText, after: retitled('Wie wij zijn') }],
      { author: anna },
      new Date('2026-11-29T10:00:00Z'),
    )
    // Unchanged files are not versions.
    await recordChanges([{ path: about, before: retitled('Wie wij zijn'), after: retitled('Wie wij zijn') }], { author: anna })
    await recordChanges([{ path: about, before: retitled('Wie wij zijn'), after: aboutText }], { author: undefined, restore: true })
    await recordChanges([{ path: about, before: aboutText, after: undefined }], { author: anna })
    const versions = await entryHistory(about)
    expect(versions.map(({ action, author, email, changed }) => ({ action, author, email, changed }))).toEqual([
      { action: 'delete', author: 'Anna', email: 'anna@example.com', changed: [''] },
      { action: 'restore', author: null, email: null, changed: ['title.nl'] },
      { action: 'publish', author: 'Anna', email: 'anna@example.com', changed: ['title.nl'] },
      { action: 'earlier', author: null, email: null, changed: [] },
    ])
    expect(versions[2]?.at).toBe('2026-11-29T10:00:00.000Z')
    const [deleted, , published, earlier] = versions
    expect((await storedVersion(published?.id ?? 0))?.text).toBe(retitled('Wie wij zijn'))
    expect((await storedVersion(earlier?.id ?? 0))?.text).toBe(aboutText)
    expect((await storedVersion(deleted?.id ?? 0))?.text).toBeNull()
    expect(await storedVersion(999_999)).toBeUndefined()
    expect(await entryHistory('content/pages/other.yaml')).toEqual([])
  })
})

describe('a history that cannot be written', () => {
  it('does not fail the save it records (it is logged)', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none')
    const { recordChanges } = await import('./history.server')
    await expect(recordChanges([{ path: about, before: aboutText, after: retitled('X') }], { author: undefined })).resolves.toBeUndefined()
  })
})

/** The admin's API over a copy of the content, with the history in a fresh SQLite database. */
async function site() {
  await freshDatabase('sqlite', 'history-api')
  const { issueSessionToken } = await import('./admin-session.server')
  const { answerLocalApi } = await import('./local-api.server')
  const { versionOf } = await import('./content-folder.server')
  const root = mkdtempSync(join(tmpdir(), 'admin-history-'))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true })
  mkdirSync(join(content, 'media'), { recursive: true })
  const dataDir = join(root, 'data')
  mkdirSync(dataDir)
  const folder = {
    root: content,
    name: 'content',
    entryFolders: new Set(['content/pages', 'content/news']),
    entryFiles: new Set(['content/site.yaml', 'content/navigation.yaml']),
    mediaFolder: 'content/media',
    collections: new Map<string, string | Map<string, string>>([
      ['pages-page', 'content/pages'],
      ['news', 'content/news'],
    ]),
  }
  let clock = Date.parse('2026-11-29T12:00:00Z')
  const send = async (body: unknown, as: { role?: Role; editor?: EditorIdentity; language?: 'nl' | 'en' } = {}) => {
    const url = new URL('http://localhost:3000/admin/api/v1')
    const request = new Request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: url.origin,
        'X-Admin-Session': issueSessionToken(dataDir),
        'X-Admin-Language': as.language ?? 'en',
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    const response = await answerLocalApi(request, url, {
      folder,
      dataDir,
      socketAddress: '127.0.0.1',
      now: () => new Date((clock += 60_000)),
      role: as.role,
      editor: as.editor,
    })
    const answer: unknown = await response.json()
    return { status: response.status, answer }
  }
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const version = (path: string) => versionOf(readFileSync(join(root, path)))
  const entry = { collection: 'pages-page', slug: 'about' }
  const history = async () => {
    const { status, answer } = await send({ action: 'entryHistory', params: entry })
    expect(status).toBe(200)
    return v.parse(listed, answer)
  }
  return { root, send, read, version, entry, history }
}

const listed = v.object({
  path: v.string(),
  published: v.nullable(v.string()),
  draft: v.nullable(v.string()),
  versions: v.array(
    v.object({ id: v.number(), at: v.string(), action: v.string(), author: v.nullable(v.string()), changed: v.array(v.string()) }),
  ),
})

const pia: EditorIdentity = { subject: 'p-1', name: 'Pia Publisher', email: 'pia@example.com' }
const eddie: EditorIdentity = { subject: 'e-1', name: 'Eddie Editor', email: 'eddie@example.com' }

describe('the History panel’s calls', () => {
  it('list a publish (the local admin’s: no account) with its changed fields, and what an old version said', async () => {
    const admin = await site()
    expect((await admin.history()).versions).toEqual([])
    const saved = await admin.send({
      action: 'persistEntry',
      params: { dataFiles: [{ path: about, raw: retitled('Wie wij zijn') }], assets: [], base: { [about]: admin.version(about) } },
    })
    expect(saved.status).toBe(200)
    const listedNow = await admin.history()
    expect(listedNow.published).toBe(admin.version(about))
    expect(listedNow.versions.map(({ action, author, changed }) => ({ action, author, changed }))).toEqual([
      { action: 'publish', author: null, changed: ['Title (nl)'] },
      { action: 'earlier', author: null, changed: [] },
    ])
    const earlier = listedNow.versions[1]?.id
    const then = await admin.send({ action: 'entryVersion', params: { ...admin.entry, id: earlier } }, { language: 'nl' })
    expect(then).toMatchObject({ status: 200, answer: { action: 'earlier' } })
    expect(then.answer).toHaveProperty(
      'fields',
      expect.arrayContaining([{ field: 'Titel (nl)', before: 'Over ons', after: 'Wie wij zijn' }]),
    )
  })

  it('restore a version as the draft (an editor may) or published (a publisher only, at the version the panel saw)', async () => {
    const admin = await site()
    const publish = (title: string, editor: EditorIdentity) =>
      admin.send(
        {
          action: 'persistEntry',
          params: { dataFiles: [{ path: about, raw: retitled(title) }], assets: [], base: { [about]: admin.version(about) } },
        },
        { editor },
      )
    expect((await publish('Wie wij zijn', pia)).status).toBe(200)
    const seen = await admin.history()
    const earlier = seen.versions.find((version) => version.action === 'earlier')?.id

    // An editor: the draft, not the live page.
    const restore = (action: string, base: string | null, role: Role, editor: EditorIdentity, id = earlier) =>
      admin.send({ action, params: { ...admin.entry, id, base } }, { role, editor })
    expect((await restore('restoreAndPublish', seen.published, 'editor', eddie)).status).toBe(403)
    const drafted = await restore('restoreAsDraft', seen.published, 'editor', eddie)
    expect(drafted.status).toBe(200)
    expect(admin.read('content/drafts/pages/about.yaml')).toContain('nl: Over ons,')
    expect(admin.read(about)).toContain('nl: Wie wij zijn,')
    // A second restore as draft over the first needs the draft's version (the panel sends it).
    expect((await restore('restoreAsDraft', seen.published, 'editor', eddie)).status).toBe(409)
    expect((await admin.history()).draft).toBe(admin.version('content/drafts/pages/about.yaml'))

    // Someone publishes after the panel was read: its restore is refused, nothing written.
    expect((await publish('Over ons vernieuwd', pia)).status).toBe(200)
    const stale = await restore('restoreAndPublish', seen.published, 'publisher', pia)
    expect(stale.status).toBe(409)
    expect(admin.read(about)).toContain('nl: Over ons vernieuwd,')

    const current = await admin.history()
    const restored = await restore('restoreAndPublish', current.published, 'publisher', pia)
    expect(restored.status).toBe(200)
    expect(admin.read(about)).toContain('nl: Over ons,')
    expect(admin.read(about)).not.toContain('Wie wij zijn')
    expect((await admin.history()).versions.map(({ action, author }) => `${action} ${author ?? '-'}`)).toEqual([
      'restore Pia Publisher',
      'publish Pia Publisher',
      'publish Pia Publisher',
      'earlier -',
    ])
  })

  it('refuse an unknown entry or version, another entry’s version, a delete’s and malformed or huge input with a 4xx', async () => {
    const admin = await site()
    await admin.send({
      action: 'persistEntry',
      params: { dataFiles: [{ path: about, raw: retitled('Wie wij zijn') }], assets: [], base: { [about]: admin.version(about) } },
    })
    const mission = 'content/news/luxemburg.yaml'
    const gone = await admin.send({ action: 'deleteFiles', params: { paths: [mission], base: { [mission]: admin.version(mission) } } })
    expect(gone.status).toBe(200)
    expect(existsSync(join(admin.root, mission))).toBe(false)
    const missionVersions = v.parse(
      listed,
      (await admin.send({ action: 'entryHistory', params: { collection: 'news', slug: 'luxemburg' } })).answer,
    ).versions
    expect(missionVersions.map((version) => version.action)).toEqual(['delete', 'earlier'])
    const [deleted] = missionVersions
    const base = admin.version(about)
    const cases: Array<[string, unknown, number]> = [
      ['an unknown entry', { action: 'entryHistory', params: { collection: 'pages-page', slug: 'nope' } }, 404],
      ['an unknown collection', { action: 'entryHistory', params: { collection: 'nope', slug: 'about' } }, 404],
      ['an unknown version', { action: 'entryVersion', params: { ...admin.entry, id: 999_999 } }, 404],
      ['another entry’s version', { action: 'restoreAndPublish', params: { ...admin.entry, id: deleted?.id, base } }, 404],
      [
        'a delete’s version',
        { action: 'restoreAndPublish', params: { collection: 'news', slug: 'luxemburg', id: deleted?.id, base: null } },
        422,
      ],
      ['a version id that is no number', { action: 'entryVersion', params: { ...admin.entry, id: '1 OR 1=1' } }, 422],
      ['a version id that is no whole number', { action: 'entryVersion', params: { ...admin.entry, id: 1.5 } }, 422],
      ['no base', { action: 'restoreAsDraft', params: { ...admin.entry, id: 1 } }, 422],
      ['a huge base', { action: 'restoreAndPublish', params: { ...admin.entry, id: 1, base: 'x'.repeat(200_000) } }, 422],
      ['a huge slug', { action: 'entryHistory', params: { collection: 'pages-page', slug: 'x'.repeat(200_000) } }, 422],
    ]
    for (const [what, body, status] of cases) expect((await admin.send(body)).status, what).toBe(status)
    expect((await admin.send(JSON.stringify({ action: 'entryHistory', params: { x: 'y'.repeat(20 * 1024 * 1024) } }))).status).toBe(413)
    expect(admin.read(about)).toContain('nl: Wie wij zijn,')
  })
})
