import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import * as v from 'valibot'

/**
 * `npm run bench` and `npm run lighthouse`, each once in a short form, so neither rots
 * unnoticed. Their figures are not judged here (a shared CI machine says little about speed):
 * a run must finish, measure every target and write its results file. They load both cores,
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
  // ~2 min on an idle machine: six servers, four or five pages each.
  test.setTimeout(300_000)
  const { stdout } = await run('npm', ['run', 'bench'], {
    env: { ...process.env, BENCH_DURATION: '1', BENCH_CONNECTIONS: '5' },
    timeout: 290_000,
  })
  const results = v.parse(benchResults, resultsOf(stdout))
  // Every target has a verdict (a pass is a boolean: the run measured it).
  expect(results.checks.map((check) => check.target)).toEqual(
    expect.arrayContaining([
      expect.stringContaining('cached home'),
      expect.stringContaining('cached not found'),
      expect.stringContaining('uncached news detail'),
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
  expect(results.cached.runs.filter((r) => r.page === 'not found').every((r) => (r.statusCodes['404'] ?? 0) > 0)).toBe(true)
  expect(results.initialJs.contact?.carries).toContain('form')
  expect(results.initialJs.locations?.carries).toContain('map')
  // The summary starts with the per-CPU-s ratios; with an earlier results file, the regressions section follows.
  expect(stdout).toMatch(/Summary[^\n]*\n[^\n]*\npage +\(b\) \/CPU-s/)
  if (results.comparison) expect(stdout).toContain(`Regressions vs ${results.comparison.file}`)
})

test('npm run lighthouse scores a page in all four categories', async () => {
  test.setTimeout(120_000)
  const { stdout } = await run('npm', ['run', 'lighthouse'], { env: { ...process.env, LIGHTHOUSE_PAGES: 'home' }, timeout: 110_000 })
  expect(resultsOf(stdout)).toMatchObject({
    pages: [
      {
        name: 'home',
        scores: {
          performance: expect.any(Number),
          accessibility: expect.any(Number),
          'best-practices': expect.any(Number),
          seo: expect.any(Number),
        },
      },
    ],
  })
})
