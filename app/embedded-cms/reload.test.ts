/**
 * Live reload through the real file watcher, on a copy of the content: an
 * edit is served after a moment and announced to listeners; a broken edit is
 * logged and the last good content stays in service.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { afterAll, expect, it, vi } from 'vitest'
import { logger } from '../server/logger.server'
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

function nextChange(): Promise<void> {
  return new Promise((resolve) => {
    const off = onContentChange(() => {
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
  const changed = nextChange()
  writeFileSync(site, original.replace('{ nl: Autogroep Horizon,', '{ nl: Autogroep Horizon Live,'))
  await changed
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Live' })

  const logged = new Promise<string>((resolve) => {
    vi.spyOn(logger, 'error').mockImplementationOnce((message: unknown) => resolve(String(message)))
  })
  writeFileSync(site, original.replace('{ nl: Autogroep Horizon,', '{ nl: 42,'))
  expect(await logged).toMatch(
    /content not reloaded, still serving the last good version:\n.*site\.yaml:2:10: title\.nl: expected string, got 42/,
  )
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Live' })
}, 10_000)
