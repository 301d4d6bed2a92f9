import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { buildContent } from '../../embedded-cms/content/projection.server'
import { draftsFolder, readContent, readContentSteps } from '../../embedded-cms/content/read'
import { runAtOnce } from '../../embedded-cms/content/steps'
import { isAction, roleNeeded, type Role } from './auth/roles'
import { issueSessionToken } from './admin-session.server'
import { versionOf, type ContentFolder } from './content-folder.server'
import { draftsFolderName, listDrafts, readDraft } from './drafts.server'
import { answerLocalApi } from './local-api.server'

// A publish records the entry's history in the site's database (ADR 106): a throwaway one.
vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'admin-history-db-')))
/**
 * Decap's editorial workflow over the local backend (ADR 092): drafts beside the published
 * entries in the content folder, published through the checked save. Over a copy of content/.
 */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'admin-workflow-'))
  const content = join(root, 'content')
  cpSync('content', content, { recursive: true })
  mkdirSync(join(content, 'media'), { recursive: true })
  const dataDir = join(root, 'data')
  mkdirSync(dataDir)
  const folder: ContentFolder = {
    root: content,
    name: 'content',
    entryFolders: new Set(['content/pages', 'content/news']),
    entryFiles: new Set(['content/site.yaml', 'content/navigation.yaml', 'content/locations.yaml']),
    mediaFolder: 'content/media',
    collections: new Map<string, string | Map<string, string>>([
      ['pages-page', 'content/pages'],
      ['pages', 'content/pages'],
      ['news', 'content/news'],
      ['settings', new Map([['site', 'content/site.yaml']])],
    ]),
  }
  const send = async (body: unknown, role: Role = 'publisher') => {
    const url = new URL('http://localhost:3000/admin/api/v1')
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url.origin, 'X-Admin-Session': issueSessionToken(dataDir) },
      body: JSON.stringify(body),
    })
    const response = await answerLocalApi(request, url, {
      folder,
      dataDir,
      socketAddress: '127.0.0.1',
      now: () => new Date('2026-11-29T12:00:00Z'),
      role,
    })
    const answer: unknown = await response.json()
    return { status: response.status, answer }
  }
  const read = (path: string) => readFileSync(join(root, path), 'utf8')
  const version = (path: string) => versionOf(readFileSync(join(root, path)))
  const saveDraft = (path: string, raw: string, base: Record<string, string | null>, collection = 'pages-page') =>
    send({
      action: 'persistEntry',
      params: {
        dataFiles: [{ path, slug: path.replace(/^.*\/|\.yaml$/g, ''), raw }],
        assets: [],
        base,
        options: { useWorkflow: true, collectionName: collection, status: 'draft' },
      },
    })
  return { root, content, folder, send, read, version, saveDraft }
}

const about = 'content/pages/about.yaml'

describe('a draft beside the published entry', () => {
  it('leaves the published file as it is, and is listed, read and described as Decap asks', async () => {
    const site = project()
    const published = site.read(about)
    const saved = await site.saveDraft(about, published.replace('nl: Over ons,', 'nl: Over ons in concept,'), {
      [about]: site.version(about),
    })
    expect(saved.status).toBe(200)
    expect(site.read(about)).toBe(published)
    const draft = readDraft(site.folder, about)
    expect(draft?.text).toContain('nl: Over ons in concept,')
    expect(draft?.meta).toMatchObject({ status: 'draft', base: versionOf(published), collection: 'pages-page', slug: 'about' })
    expect(saved.answer).toEqual({ message: 'draft saved', versions: { [about]: draft?.version } })
    expect(existsSync(join(site.content, 'drafts/pages/about.yaml'))).toBe(true)

    expect((await site.send({ action: 'unpublishedEntries', params: {} })).answer).toEqual([about])
    const described = await site.send({ action: 'unpublishedEntry', params: { collection: 'pages', slug: 'about' } })
    expect(described.answer).toEqual({
      collection: 'pages',
      slug: 'about',
      status: 'draft',
      updatedAt: '2026-11-29T12:00:00.000Z',
      diffs: [{ id: draft?.version, path: about, newFile: false }],
    })
    const file = await site.send({
      action: 'unpublishedEntryDataFile',
      params: { collection: 'pages-page', slug: 'about', path: about, id: 'x' },
    })
    expect(file.answer).toEqual({ data: draft?.text, file: { path: about, id: draft?.version } })
    // Not under the workflow: Decap then opens the published entry.
    expect((await site.send({ action: 'unpublishedEntry', params: { collection: 'news', slug: 'jubileum' } })).status).toBe(404)
  })

  it('is checked as its publish would be: a draft that could not go live is refused and not kept', async () => {
    const site = project()
    const refused = await site.saveDraft(about, site.read(about).replace('urlSegment: { nl: over-ons', 'urlSegment: { nl: contact'), {
      [about]: site.version(about),
    })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.answer)).toMatch(/"path":\["urlSegment","nl"\].*the link \/contact is also the link of/)
    expect(listDrafts(site.folder)).toEqual([])
  })

  it('refuses a save over a draft someone else saved after the editor opened it (409)', async () => {
    const site = project()
    const opened = site.version(about)
    const text = site.read(about)
    expect((await site.saveDraft(about, text.replace('nl: Over ons,', 'nl: Eerste,'), { [about]: opened })).status).toBe(200)
    const second = await site.saveDraft(about, text.replace('nl: Over ons,', 'nl: Tweede,'), { [about]: opened })
    expect(second.status).toBe(409)
    expect(readDraft(site.folder, about)?.text).toContain('nl: Eerste,')
    // The draft's own version, as opening it gives: saved again.
    const current = readDraft(site.folder, about)?.version ?? ''
    expect((await site.saveDraft(about, text.replace('nl: Over ons,', 'nl: Tweede,'), { [about]: current })).status).toBe(200)
  })
})

describe('publishing and discarding', () => {
  it('publishes through the checked save, then lets the draft go; the answer gives the new version', async () => {
    const site = project()
    await site.saveDraft(about, site.read(about).replace('nl: Over ons,', 'nl: Wie wij zijn,'), { [about]: site.version(about) })
    await site.send({
      action: 'updateUnpublishedEntryStatus',
      params: { collection: 'pages-page', slug: 'about', newStatus: 'pending_publish' },
    })
    expect(readDraft(site.folder, about)?.meta.status).toBe('pending_publish')
    const published = await site.send({ action: 'publishUnpublishedEntry', params: { collection: 'pages-page', slug: 'about' } })
    expect(published.status).toBe(200)
    expect(site.read(about)).toContain('nl: Wie wij zijn,')
    expect(published.answer).toMatchObject({ versions: { [about]: site.version(about) } })
    expect(readDraft(site.folder, about)).toBeUndefined()
    expect((await site.send({ action: 'unpublishedEntries' })).answer).toEqual([])
  })

  it('refuses to publish over a publish made after the draft was begun (409), keeping both', async () => {
    const site = project()
    const text = site.read(about)
    await site.saveDraft(about, text.replace('nl: Over ons,', 'nl: Concept,'), { [about]: site.version(about) })
    writeFileSync(join(site.root, about), text.replace('nl: Over ons,', 'nl: Intussen,'))
    const published = await site.send({ action: 'publishUnpublishedEntry', params: { collection: 'pages-page', slug: 'about' } })
    expect(published.status).toBe(409)
    expect(JSON.stringify(published.answer)).toMatch(/published by someone else after this draft was begun/)
    expect(site.read(about)).toContain('nl: Intussen,')
    expect(readDraft(site.folder, about)?.text).toContain('nl: Concept,')
  })

  it('publishes a new entry, and discards a draft leaving the published file', async () => {
    const site = project()
    const news = 'content/news/nieuw.yaml'
    const raw = site
      .read('content/news/jubileum.yaml')
      .replace('id: jubileum', 'id: nieuw')
      .replaceAll('autogroep-horizon"', 'autogroep-horizon-2"')
    expect((await site.saveDraft(news, raw, {}, 'news')).status).toBe(200)
    expect(existsSync(join(site.root, news))).toBe(false)
    const described = await site.send({ action: 'unpublishedEntry', params: { id: news } })
    expect(described.answer).toMatchObject({ collection: 'news', slug: 'nieuw', diffs: [{ path: news, newFile: true }] })
    expect((await site.send({ action: 'publishUnpublishedEntry', params: { collection: 'news', slug: 'nieuw' } })).status).toBe(200)
    expect(site.read(news)).toContain('id: nieuw')

    const before = site.read(about)
    await site.saveDraft(about, before.replace('nl: Over ons,', 'nl: Weg ermee,'), { [about]: site.version(about) })
    const discarded = await site.send({ action: 'deleteUnpublishedEntry', params: { collection: 'pages-page', slug: 'about' } })
    expect(discarded.answer).toEqual({ message: 'draft deleted', versions: { [about]: site.version(about) } })
    expect(site.read(about)).toBe(before)
    expect(readDraft(site.folder, about)).toBeUndefined()
  })
})

describe('preview mode reads the drafts over the published files', () => {
  it('shows the draft of a page and a new news item; visitors see neither', async () => {
    const site = project()
    await site.saveDraft(about, site.read(about).replace('nl: Over ons,', 'nl: Over ons in concept,'), { [about]: site.version(about) })
    const raw = runAtOnce(readContentSteps(site.content, undefined, { drafts: join(site.content, draftsFolder) }))
    const preview = buildContent(raw, { drafts: true })
    expect(preview.pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons in concept')
    const published = buildContent(readContent(site.content), { drafts: false })
    expect(published.pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons')
  })

  it('keeps its folder name in one place for reader and writer', () => {
    expect(draftsFolderName).toBe(draftsFolder)
  })
})

describe('who may make each call', () => {
  it('asks the publisher role for publishing, deleting and discarding a draft; the editor role for drafts', () => {
    expect(roleNeeded('persistEntry', { asDraft: true })).toBe('editor')
    expect(roleNeeded('persistEntry')).toBe('publisher')
    expect(roleNeeded('publishUnpublishedEntry')).toBe('publisher')
    expect(roleNeeded('deleteUnpublishedEntry')).toBe('publisher')
    expect(roleNeeded('deleteFiles')).toBe('publisher')
    expect(isAction('nothing')).toBe(false)
  })

  it('is enforced by the server: an editor alone saves a draft but cannot publish it (403), nothing changes', async () => {
    const site = project()
    const editorOnly: Role = 'editor'
    const text = site.read(about)
    const draftSave = {
      action: 'persistEntry',
      params: {
        dataFiles: [{ path: about, slug: 'about', raw: text.replace('nl: Over ons,', 'nl: Concept,') }],
        base: { [about]: site.version(about) },
        options: { useWorkflow: true, collectionName: 'pages-page' },
      },
    }
    expect((await site.send(draftSave, editorOnly)).status).toBe(200)
    const publish = await site.send({ action: 'publishUnpublishedEntry', params: { collection: 'pages-page', slug: 'about' } }, editorOnly)
    expect(publish.status).toBe(403)
    expect(publish.answer).toEqual({ error: 'Only a publisher may do this (publishUnpublishedEntry)' })
    const direct = await site.send(
      { action: 'persistEntry', params: { dataFiles: [{ path: about, raw: text }], base: { [about]: site.version(about) } } },
      editorOnly,
    )
    expect(direct.status).toBe(403)
    expect(
      (await site.send({ action: 'deleteUnpublishedEntry', params: { collection: 'pages-page', slug: 'about' } }, editorOnly)).status,
    ).toBe(403)
    expect(site.read(about)).toBe(text)
    expect(readDraft(site.folder, about)?.text).toContain('nl: Concept,')
  })

  it('lets an editor add an upload, and asks a publisher to replace one (pages may show it already)', async () => {
    const site = project()
    const upload = (name: string) => ({
      action: 'persistMedia',
      params: {
        asset: {
          path: 'content/media/werkplaats.webp',
          content: readFileSync(`public/media/${name}`).toString('base64'),
          encoding: 'base64',
        },
      },
    })
    expect((await site.send(upload('hero-home.webp'), 'editor')).status).toBe(200)
    expect((await site.send(upload('hero-home.webp'), 'editor')).status).toBe(200)
    expect((await site.send(upload('history-1965.webp'), 'editor')).status).toBe(403)
    expect((await site.send(upload('history-1965.webp'), 'publisher')).status).toBe(200)
  })

  it('goes with its entry when the entry is deleted', async () => {
    const site = project()
    const item = 'content/news/luxemburg.yaml'
    const text = site.read(item)
    expect(
      (await site.saveDraft(item, text.replace(/^id: luxemburg$/m, 'id: luxemburg\n'), { [item]: site.version(item) }, 'news')).status,
    ).toBe(200)
    expect(readDraft(site.folder, item)).toBeDefined()
    expect((await site.send({ action: 'deleteFiles', params: { paths: [item], base: { [item]: site.version(item) } } })).status).toBe(200)
    expect(readDraft(site.folder, item)).toBeUndefined()
  })
})
