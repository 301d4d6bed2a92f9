import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import * as v from 'valibot'

/**
 * `npm run bench` and `npm run lighthouse`, each once in a short form, so neither rots
 * unnoticed. Their figures are not judged here (a shared CI machine says little about speed):
 * a run must finish, measure every target and write its results file, with the reference app's
 * rows (bench/reference, ADR 041) and each page's ratio to them. They load both cores,
 * so this project runs after every other spec (playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' })
const run = promisify(execFile)

/** The results file a run names on its last lines (the bench names the previous one it compares with first). */
function resultsOf(output: string): unknown {
  const file = [...output.matchAll(/(bench\/results\/\S+\.json)/g)].at(-1)?.[1]
  expect(file, output).toBeDefined()
  return JSON.parse(readFileSync(file ?? '', 'utf8'))
}

const ratioSummary = v.record(v.string(), v.object({ perCpuRatio: v.number(), ratio: v.number(), reqPerSec: v.number() }))
const benchResults = v.object({
  checks: v.array(v.object({ target: v.string(), pass: v.boolean() })),
  cached: v.object({
    summary: ratioSummary,
    runs: v.array(v.object({ page: v.string(), statusCodes: v.record(v.string(), v.number()) })),
  }),
  uncached: v.object({ summary: ratioSummary }),
  reference: v.object({ summary: v.record(v.string(), v.object({ reqPerCpuSecond: v.number() })) }),
  floor: v.object({
    reference: v.literal('reference 600'),
    referenceMsPerRender: v.number(),
    pages: v.record(v.string(), v.object({ msPerRender: v.number(), ratio: v.number() })),
  }),
  bare: v.object({ summary: v.record(v.string(), v.object({ reqPerCpuSecond: v.number() })) }),
  allWorkers: v.object({
    workers: v.number(),
    bare: v.object({ summary: v.record(v.string(), v.object({ reqPerCpuSecond: v.number() })) }),
    cached: v.object({ summary: ratioSummary }),
    uncached: v.object({ summary: ratioSummary }),
  }),
  initialJs: v.record(v.string(), v.object({ gzipBytes: v.number(), brotliBytes: v.number(), carries: v.array(v.string()) })),
  comparison: v.nullable(v.object({ file: v.string(), rows: v.array(v.object({ key: v.string() })), regressions: v.array(v.string()) })),
})

test('npm run bench measures every target (1 s passes)', async () => {
  // ~2 min on an idle machine: seven servers, two to five pages each (and the reference app's
  // build when it has none: ~15 s).
  test.setTimeout(360_000)
  const { stdout } = await run('npm', ['run', 'bench'], {
    env: { ...process.env, BENCH_DURATION: '1', BENCH_CONNECTIONS: '5' },
    timeout: 350_000,
  })
  const results = v.parse(benchResults, resultsOf(stdout))
  // Every target has a verdict (a pass is a boolean: the run measured it).
  expect(results.checks.map((check) => check.target)).toEqual(
    expect.arrayContaining([
      expect.stringContaining('cached home'),
      expect.stringContaining('cached not found'),
      expect.stringContaining('uncached news detail'),
      expect.stringContaining('uncached home ≤ 4× the reference 600'),
      expect.stringContaining('uncached news detail ≤ 4× the reference 600'),
      expect.stringContaining('initial JS home'),
      expect.stringContaining('RSS after the bench per worker'),
      expect.stringContaining('RSS after the bench of the group'),
    ]),
  )
  // Each page type against the bare server, with one process and with all; the 404 page answered 404.
  for (const summary of [results.cached.summary, results.uncached.summary, results.allWorkers.cached.summary]) {
    expect(Object.keys(summary)).toEqual(expect.arrayContaining(['home', 'news detail', 'locations', 'not found']))
  }
  expect(Object.keys(results.allWorkers.bare.summary)).toEqual(Object.keys(results.bare.summary))
  // The floor: the reference app's two pages measured, and every page's uncached render set against its 600-element page.
  expect(Object.keys(results.reference.summary)).toEqual(['reference hello', 'reference 600'])
  expect(Object.keys(results.floor.pages)).toEqual(Object.keys(results.uncached.summary))
  expect(stdout).toMatch(/Floor: [^\n]*\n[^\n]*\n[^\n]*\n[^\n]*\nreference hello .*\nreference 600 .*\nhome .*×/)
  expect(results.cached.runs.filter((r) => r.page === 'not found').every((r) => (r.statusCodes['404'] ?? 0) > 0)).toBe(true)
  expect(results.initialJs.contact?.carries).toContain('form')
  expect(results.initialJs.locations?.carries).toContain('map')
  // The summary starts with the per-CPU-s ratios; with an earlier results file, the regressions section follows.
  expect(stdout).toMatch(/Summary[^\n]*\n[^\n]*\npage +\(b\) \/CPU-s/)
  if (results.comparison) expect(stdout).toContain(`Regressions vs ${results.comparison.file}`)
})

test('npm run bench -- --content-growth: a reload at 2,000 news items kills no worker and goes live', async () => {
  // The content-at-scale fixture (2,000 news, 200 pages, 300 locations): generated, started cold and warm,
  // renders counted, one file edited while /healthz is probed. ~1-2 min on an idle machine.
  test.setTimeout(300_000)
  const { stdout } = await run('npm', ['run', 'bench', '--', '--content-growth'], { timeout: 290_000 })
  expect(stdout).toContain('Content growth (2000 news, 200 pages, 300 locations')
  expect(stdout).toMatch(/start-up, cold: \/healthz \d+\.\d+ s/)
  expect(stdout).toMatch(/start-up, warm \(parse cache\): \/healthz \d+\.\d+ s/)
  // The primary's heap limit held: the same worker answered before and after the reload, with the edit.
  expect(stdout).toContain('worker survived: yes')
  expect(stdout).toMatch(/edit live after \d+\.\d+ s/)
  expect(stdout).toMatch(/\/sitemap\.xml \d+ KB \(an index\)/)
  // Each render's cost beside the same render with the repository's content.
  for (const name of ['news list', 'news detail', 'sitemap'])
    expect(stdout).toMatch(new RegExp(`${name}: [\\d.]+ against [\\d.]+ with today's content`))
})

const floorFigures = v.object({
  reference: v.literal('reference 600'),
  tbtMs: v.nullable(v.number()),
  performance: v.nullable(v.number()),
  // No ratio when the reference's TBT is 0 (a fast machine): the check still has its verdict.
  tbtRatio: v.nullable(v.number()),
  scoreDifference: v.nullable(v.number()),
  // The work behind TBT against the reference's (informational: no target). Required: Lighthouse
  // always reports the breakdown, so a missing figure is the script's fault.
  workRatio: v.number(),
  scriptRatio: v.number(),
})
const lighthouseResults = v.object({
  pages: v.array(
    v.object({
      name: v.string(),
      scores: v.object({ performance: v.number(), accessibility: v.number(), 'best-practices': v.number(), seo: v.number() }),
      tbtMs: v.number(),
      floor: floorFigures,
    }),
  ),
  reference: v.object({
    summary: v.object({
      'reference 600': v.object({ audits: v.number(), tbtMs: v.number(), performance: v.number() }),
      'reference hello': v.object({ audits: v.number(), tbtMs: v.number(), performance: v.number() }),
    }),
    audits: v.array(v.object({ name: v.string() })),
  }),
  checks: v.array(v.object({ target: v.string(), pass: v.boolean() })),
})

test('npm run lighthouse scores a page in all four categories, beside the reference app', async () => {
  // Three audits: the reference's 600-element page, home, the reference's hello page.
  test.setTimeout(240_000)
  const { stdout } = await run('npm', ['run', 'lighthouse'], { env: { ...process.env, LIGHTHOUSE_PAGES: 'home' }, timeout: 230_000 })
  const results = v.parse(lighthouseResults, resultsOf(stdout))
  expect(results.pages.map((page) => page.name)).toEqual(['home'])
  // Interleaved: reference, page, reference.
  expect(results.reference.audits.map((audit) => audit.name)).toEqual(['reference 600', 'reference hello'])
  expect(results.checks.map((check) => check.target)).toEqual(["home TBT ≤ 2× reference 600's", "home performance ≥ reference 600's − 3"])
  expect(stdout).toMatch(/\nhome +[\d,]+ ms +\d+ +[\d,]+ ms +\d+ +(?:[\d.]+×|–) +(?:[+-]?\d+|–) +[\d,]+ ms +[\d.]+× +[\d.]+×\n/)
})
