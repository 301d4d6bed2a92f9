/**
 * Live reload through the real file watcher, on a copy of the content: an
 * edit is served after a moment and announced to listeners, also one in place
 * after a save by rename; a broken edit is logged and the last good content
 * stays in service.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { afterAll, expect, it, vi } from 'vitest'
import { logger } from '../server/platform/logger.server'
import { onContentChange, reloadContent, stopWatchingContent } from './content-store.server'
import { getEmbeddedSchema } from './schema.server'

// Before anything reads the runtime config (it is read once, lazily, per test file).
const dir = join(mkdtempSync(join(tmpdir(), 'cms-reload-')), 'content')
cpSync('content', dir, { recursive: true })
vi.stubEnv('CONTENT_DIR', dir)

afterAll(() => {
  stopWatchingContent()
  vi.unstubAllEnvs()
})

async function siteTitle(): Promise<unknown> {
  const result = await graphql({ schema: getEmbeddedSchema(), source: `{ readSiteConfig(locale: "nl_NL") { title } }` })
  return result.data?.readSiteConfig
}

/**
 * The next reload, or a failure naming what was not seen after 20 s: the reload ends the wait, so
 * the deadline only has to be beyond what a loaded machine takes.
 */
function nextChange(what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reload within 20 s after ${what}`)), 20_000)
    const off = onContentChange(() => {
      clearTimeout(timer)
      off()
      resolve()
    })
  })
}

it('serves an edit and announces it; keeps the last good content after a broken edit', async () => {
  reloadContent()
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon' })

  const site = join(dir, 'site.yaml')
  const original = readFileSync(site, 'utf8')
  const changed = nextChange('an edit in place')
  writeFileSync(site, original.replace('{ nl: Autogroep Horizon,', '{ nl: Autogroep Horizon Live,'))
  await changed
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Live' })

  // Saved by rename (atomic save, `sed -i`, git), then in place: Node's recursive watch on Linux missed the second.
  const renamed = nextChange('a save by rename')
  writeFileSync(`${site}.tmp`, original.replace('{ nl: Autogroep Horizon,', '{ nl: Autogroep Horizon Renamed,'))
  renameSync(`${site}.tmp`, site)
  await renamed
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Renamed' })
  const inPlace = nextChange('an edit in place after a save by rename')
  writeFileSync(site, original.replace('{ nl: Autogroep Horizon,', '{ nl: Autogroep Horizon Live,'))
  await inPlace
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Live' })

  const logged = new Promise<string>((resolve) => {
    vi.spyOn(logger, 'error').mockImplementationOnce((message: unknown) => resolve(String(message)))
  })
  writeFileSync(site, original.replace('{ nl: Autogroep Horizon,', '{ nl: 42,'))
  expect(await logged).toMatch(
    /content not reloaded, still serving the last good version:\n.*site\.yaml:1:10: title\.nl: expected string, got 42/,
  )
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Live' })
}, 90_000)
