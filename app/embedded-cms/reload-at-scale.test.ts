/**
 * Content that grows: on a generated content folder, a reload after an edit leaves
 * the event loop free for requests, serves the edit, keeps the last good content on a bad edit,
 * and holds old and new content in memory without doubling it.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, expect, it, vi } from 'vitest'
import { writeContentFixture } from '../../scripts/lib/content-fixture'
import { logger } from '../server/platform/logger.server'
import { currentContent, currentVariantPaths, reloadContent, reloadContentInBackground, stopWatchingContent } from './content-store.server'
import { variantPathsIn } from '../server/media/media-variants.server'

// Before anything reads the runtime config (it is read once, lazily, per test file).
const dir = writeContentFixture(join(mkdtempSync(join(tmpdir(), 'cms-scale-')), 'content'), { news: 300, pages: 30, locations: 60 })
vi.stubEnv('CONTENT_DIR', dir)

afterAll(() => {
  stopWatchingContent()
  vi.unstubAllEnvs()
})

/**
 * Turns the event loop took (a request arriving then is answered) while `work` ran, on a clock
 * where each reading of it is a second later: every step of a reload overruns its slice, so
 * the count is the reload's steps, whatever the machine's speed.
 */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let now = performance.now()
  const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 1_000))
  let turns = 0
  let counting = true
  const count = () => {
    if (!counting) return
    turns++
    setImmediate(count)
  }
  setImmediate(count)
  try {
    await work()
  } finally {
    counting = false
    clock.mockRestore()
  }
  return turns
}

const titleOf = (slug: string) =>
  currentContent()
    .news.get('nl_NL')
    ?.find((item) => item.slug === slug)?.title

it('reloads an edit in steps of a file or a page, the event loop turning between them, and keeps the last good content on a bad one', async () => {
  reloadContent()
  const file = join(dir, 'news', 'g00150.yaml')
  const original = readFileSync(file, 'utf8')
  const slug = /nl: (\S+-g00150)/.exec(original)?.[1] ?? ''
  expect(titleOf(slug)).toMatch(/\(150\)$/)

  // A request waits at most a slice and a step (steps.ts), so no step may be the whole folder: a
  // turn at least per file read. How long a request waits on a machine: `npm run bench -- --content-growth`.
  const files = readdirSync(join(dir, 'news')).length + readdirSync(join(dir, 'pages')).length
  writeFileSync(file, original.replace(/(title:\n\s+nl: ).*\n/, '$1Bewerkt\n'))
  expect(await turnsDuring(reloadContentInBackground)).toBeGreaterThanOrEqual(files)
  expect(titleOf(slug)).toBe('Bewerkt')

  const logged = new Promise<string>((resolve) => {
    vi.spyOn(logger, 'error').mockImplementationOnce((message: unknown) => resolve(String(message)))
  })
  writeFileSync(file, original.replace(/date: .*/, 'date: someday'))
  await reloadContentInBackground()
  expect(await logged).toMatch(/still serving the last good version:\n.*news\/g00150\.yaml:\d+:\d+: date: must be a date/)
  expect(titleOf(slug)).toMatch(/^Bewerkt/)
  writeFileSync(file, original)
}, 120_000)

it('knows the image variants the content links to without walking it (as a walk over it finds them)', () => {
  reloadContent()
  const paths = currentVariantPaths()
  expect(paths.size).toBeGreaterThan(0)
  expect([...paths].sort()).toEqual([...variantPathsIn(currentContent(true))].sort())
})

it('holds a reloaded big content folder in bounded memory: the old and new content share what did not change', async () => {
  setFlagsFromString('--expose-gc')
  const gc: unknown = runInNewContext('gc')
  const collect = () => (typeof gc === 'function' ? gc() : undefined)
  const heapMb = () => {
    collect()
    return process.memoryUsage().heapUsed / 2 ** 20
  }
  const big = writeContentFixture(join(mkdtempSync(join(tmpdir(), 'cms-scale-big-')), 'content'), {
    news: 2000,
    pages: 200,
    locations: 300,
  })
  const before = heapMb()
  reloadContent(big)
  const loaded = heapMb() - before
  const item = join(big, 'news', 'g01000.yaml')
  for (let round = 1; round <= 3; round++) {
    writeFileSync(item, readFileSync(item, 'utf8').replace(/(title:\n\s+nl: ).*\n/, `$1Bewerkt ${round}\n`))
    reloadContent(big)
  }
  const reloaded = heapMb() - before
  // Measured ~18 MB for this folder (2,009 news items); a worker has 192 MB of heap (the primary's --max-old-space-size).
  expect(loaded).toBeLessThan(80)
  // Reloads must not pile up copies: what stays is one content, give or take a little.
  expect(reloaded - loaded).toBeLessThan(10)
}, 300_000)
