import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from './fixtures'

/**
 * A short load: 5 s at 50 connections over a page from the page cache, a news
 * detail, a content page and pages that must be rendered (load-runner.mjs).
 * Not a speed test (that is `npm run bench`): every response must arrive and
 * be a 2xx.
 */
test('5 s at 50 connections: no errors, no timeouts, only 2xx', async ({ baseURL }) => {
  test.setTimeout(60_000)
  const { stdout } = await promisify(execFile)(process.execPath, ['tests/e2e/load-runner.mjs', baseURL ?? ''], { timeout: 30_000 })
  const result: { errors: number; timeouts: number; non2xx: number; ok: number; rendered: number } = JSON.parse(stdout)
  expect(result.errors, 'connection errors').toBe(0)
  expect(result.timeouts, 'timeouts').toBe(0)
  expect(result.non2xx, 'non-2xx responses').toBe(0)
  expect(result.ok).toBeGreaterThan(500)
  expect(result.rendered).toBeGreaterThan(50)

  const health = await fetch(`${baseURL}/healthz`)
  expect(health.status).toBe(200)
})
