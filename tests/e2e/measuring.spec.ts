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

test('npm run bench measures every target (1 s passes)', async () => {
  test.setTimeout(180_000)
  const { stdout } = await run('npm', ['run', 'bench'], {
    env: { ...process.env, BENCH_DURATION: '1', BENCH_CONNECTIONS: '5' },
    timeout: 170_000,
  })
  // Every target has a verdict (a pass is a boolean: the run measured it).
  const { checks } = v.parse(v.object({ checks: v.array(v.object({ target: v.string(), pass: v.boolean() })) }), resultsOf(stdout))
  expect(checks.map((check) => check.target)).toEqual(
    expect.arrayContaining([
      expect.stringContaining('cached home'),
      expect.stringContaining('initial JS home'),
      expect.stringContaining('RSS after the bench'),
    ]),
  )
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
