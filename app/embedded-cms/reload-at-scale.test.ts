/**
 * Content that grows: on a generated content folder, a reload after an edit leaves
 * the event loop free for requests, serves the edit, keeps the last good content on a bad edit,
 * and holds old and new content in memory without doubling it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
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
 * The longest the event loop went without running a timer while `work` ran: how long a
 * request arriving then would have waited.
 */
async function longestStall(work: () => Promise<void>): Promise<number> {
  let last = performance.now()
  let longest = 0
  const probe = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
  }, 5)
  try {
    await work()
    // One more tick, so a stall at the very end is seen too.
    await new Promise((resolve) => setTimeout(resolve, 10))
  } finally {
    clearInterval(probe)
  }
  return longest
}

const titleOf = (slug: string) =>
  currentContent()
    .news.get('nl_NL')
    ?.find((item) => item.slug === slug)?.title

it('reloads an edit without blocking requests for more than 200 ms, and keeps the last good content on a bad one', async () => {
  reloadContent()
  const file = join(dir, 'news', 'g00150.yaml')
  const original = readFileSync(file, 'utf8')
  const slug = /nl: (\S+-g00150)/.exec(original)?.[1] ?? ''
  expect(titleOf(slug)).toMatch(/\(150\)$/)

  // On a busy shared machine the process itself may be descheduled for a while: a real
  // stall comes back every time, so the best of three reloads counts.
  const stalls: number[] = []
  for (let round = 1; round <= 3; round++) {
    writeFileSync(file, original.replace(/(title:\n\s+nl: ).*\n/, `$1Bewerkt ${round}\n`))
    stalls.push(await longestStall(reloadContentInBackground))
    expect(titleOf(slug)).toBe(`Bewerkt ${round}`)
    if (Math.min(...stalls) <= 200) break
  }
  expect(Math.min(...stalls)).toBeLessThanOrEqual(200)

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
