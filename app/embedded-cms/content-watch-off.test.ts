/**
 * CONTENT_WATCH=off (ADR 107): on a shared content volume the workers do not watch the folder; a
 * changed file is served once a reload is asked for (the admin's announcement), not before.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { graphql } from 'graphql'
import { afterAll, expect, it, vi } from 'vitest'
import { reloadContent, reloadContentInBackground, stopWatchingContent } from './content-store.server'
import { getEmbeddedSchema } from './schema.server'

// Before anything reads the runtime config (it is read once, lazily, per test file).
const dir = join(mkdtempSync(join(tmpdir(), 'cms-watch-off-')), 'content')
cpSync('content', dir, { recursive: true })
vi.stubEnv('CONTENT_DIR', dir)
vi.stubEnv('CONTENT_WATCH', 'off')

afterAll(() => {
  stopWatchingContent()
  vi.unstubAllEnvs()
})

async function siteTitle(): Promise<unknown> {
  const result = await graphql({ schema: getEmbeddedSchema(), source: `{ readSiteConfig(locale: "nl_NL") { title } }` })
  return result.data?.readSiteConfig
}

it('does not reload on a changed file, and serves it after the reload an announcement asks for', async () => {
  reloadContent()
  const site = join(dir, 'site.yaml')
  writeFileSync(site, readFileSync(site, 'utf8').replace('{ nl: Autogroep Horizon,', '{ nl: Autogroep Horizon Gedeeld,'))
  // Well past the watch's quiet time (100 ms) and a reload of this content.
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon' })
  await reloadContentInBackground()
  expect(await siteTitle()).toEqual({ title: 'Autogroep Horizon Gedeeld' })
})
