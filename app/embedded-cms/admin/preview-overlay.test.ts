/**
 * The admin's preview overlays (ADR 099): bounded in size, in number and in time, one per admin
 * session, built over the content without changing what is online.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { ContentError } from '../content/read'

// Before anything reads the runtime config (it is read once, lazily, per test file).
const dir = join(mkdtempSync(join(tmpdir(), 'cms-overlay-')), 'content')
cpSync('content', dir, { recursive: true })
vi.stubEnv('CONTENT_DIR', dir)
vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'cms-overlay-data-')))

const { BuiltOverlays, buildOverlay, keepOverlay, overlayContent, overlayLimits, overlayOf } = await import('./preview-overlay.server')
const { currentContent, stopWatchingContent } = await import('../content-store.server')
const { getEmbeddedSchema } = await import('../schema.server')

afterAll(() => {
  stopWatchingContent()
  vi.unstubAllEnvs()
})

const about = readFileSync(join(dir, 'pages/about.yaml'), 'utf8')
const retitled = about.replace('title: { nl: Over ons,', 'title: { nl: Over ons en onze vakmensen,')

describe('the content a worker built with overlays', () => {
  it('keeps at most its bound, the latest used last, and forgets an expired one', () => {
    const built = new BuiltOverlays<string>(2)
    built.set('a', 'A', 1_000)
    built.set('b', 'B', 1_000)
    expect(built.get('a', 0)).toBe('A')
    built.set('c', 'C', 1_000)
    // "b" was the least lately used.
    expect(built.get('b', 0)).toBeUndefined()
    expect(built.get('a', 0)).toBe('A')
    expect(built.get('c', 0)).toBe('C')
    expect(built.size).toBe(2)
    expect(built.get('a', 1_000)).toBeUndefined()
    expect(built.size).toBe(1)
  })
})

describe('overlays in the database', () => {
  it('are one per admin session: new values replace the ones before', async () => {
    const first = await keepOverlay('session-1', { path: 'pages/about.yaml', text: about })
    const second = await keepOverlay('session-1', { path: 'pages/about.yaml', text: retitled })
    expect(second).not.toBe(first)
    expect(await overlayOf(first)).toBeUndefined()
    expect(await overlayOf(second)).toEqual({ path: 'pages/about.yaml', text: retitled })
  })

  it('are at most `count`, the oldest going first, and expire', async () => {
    const now = Date.now()
    const ids: string[] = []
    for (let index = 0; index < overlayLimits.count + 3; index++) {
      ids.push(await keepOverlay(`many-${index}`, { path: 'pages/about.yaml', text: about }, now + index))
    }
    const kept = await Promise.all(ids.map((id) => overlayOf(id, now)))
    expect(kept.filter(Boolean)).toHaveLength(overlayLimits.count)
    expect(kept.slice(0, 3)).toEqual([undefined, undefined, undefined])
    const last = ids.at(-1) ?? ''
    expect(await overlayOf(last, now + overlayLimits.lifetimeMs - 1_000)).toBeDefined()
    expect(await overlayOf(last, now + overlayLimits.count + 3 + overlayLimits.lifetimeMs)).toBeUndefined()
  })

  it('refuse a text larger than a content file, a file outside the entries, an id of another form', async () => {
    await expect(keepOverlay('s', { path: 'pages/about.yaml', text: 'x'.repeat(overlayLimits.bytes + 1) })).rejects.toThrow(/larger than/)
    for (const path of ['../package.json', 'pages/../../x.yaml', 'media/a.yaml', '.hidden.yaml'])
      await expect(keepOverlay('s', { path, text: about })).rejects.toThrow(/not an entry's file/)
    expect(await overlayOf('../../etc/passwd')).toBeUndefined()
  })
})

describe('the content with an overlay', () => {
  const pageTitle = async (overlay?: Awaited<ReturnType<typeof overlayContent>>) => {
    const result = await graphql({
      schema: getEmbeddedSchema(),
      source: '{ readOnePage(link: "/over-ons", locale: "nl_NL") { title } }',
      contextValue: { preview: true, overlay },
    })
    return result.data?.readOnePage
  }

  it("shows the editor's values in preview, and nothing changes online", async () => {
    const id = await keepOverlay('session-2', { path: 'pages/about.yaml', text: retitled })
    const content = await overlayContent(id)
    expect(content).toBeDefined()
    expect(await pageTitle(content)).toEqual({ title: 'Over ons en onze vakmensen' })
    expect(await pageTitle()).toEqual({ title: 'Over ons' })
    expect(currentContent(false).pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons')
    expect(readFileSync(join(dir, 'pages/about.yaml'), 'utf8')).toBe(about)
  })

  it('names file and field when the values are not content, as a save would', () => {
    const broken = about.replace('urlSegment: { nl: over-ons,', 'urlSegment: { nl: Over Ons!,')
    expect(() => buildOverlay('x'.repeat(22), { path: 'pages/about.yaml', text: broken })).toThrow(ContentError)
    expect(() => buildOverlay('x'.repeat(22), { path: 'pages/about.yaml', text: broken })).toThrow(
      /content\/pages\/about\.yaml:\d+:\d+: urlSegment\.nl/,
    )
  })

  it('takes a new entry that is not on disk yet', async () => {
    const copy = about.replace('id: about', 'id: about-copy').replace('urlSegment: { nl: over-ons,', 'urlSegment: { nl: over-ons-kopie,')
    const content = buildOverlay('y'.repeat(22), {
      path: 'pages/about-copy.yaml',
      text: copy.replace(
        /urlSegment: \{[^}]*\}/,
        'urlSegment: { nl: over-ons-kopie, en: about-copy, de: uber-kopie, fr: a-propos-copie, da: om-os-kopi }',
      ),
    })
    expect(content.pages.get('nl_NL')?.get('/over-ons-kopie')?.id).toBe('about-copy')
    expect(currentContent(true).pages.get('nl_NL')?.get('/over-ons-kopie')).toBeUndefined()
  })
})

describe('an overlay that cannot be read', () => {
  it('leaves the page as saved instead of failing it', async () => {
    const { logger } = await import('../../server/platform/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const db = await import('../../server/platform/db.server')
    const failing = vi.spyOn(db, 'databaseWith').mockRejectedValue(new Error('database gone'))
    try {
      expect(await overlayContent('z'.repeat(22))).toBeUndefined()
      expect(warn).toHaveBeenCalled()
    } finally {
      failing.mockRestore()
      warn.mockRestore()
    }
  })
})
