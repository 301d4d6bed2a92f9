import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'

/**
 * A short load: 600 requests on 50 connections over the home page, a news detail, a content
 * page and pages that must be rendered (load-runner.mjs). Not a speed test (that is `npm run
 * bench`): a number of requests, not a duration, so a slow machine takes longer and the counts
 * stay the same. Every response must arrive and be a 2xx, and the server must serve normally
 * afterwards. Its own file, serial: it runs beside at most one other test file.
 */
test.describe.configure({ mode: 'serial' })

const requests = 600
const connections = 50

interface LoadResult {
  errors: number
  timeouts: number
  non2xx: number
  ok: number
  statusCodes: Record<string, number>
  failures: Record<string, number>
  rendered: number
}

test(`${requests} requests on ${connections} connections: no errors, no timeouts, only 2xx`, async ({ baseURL }) => {
  // Seconds here; a loaded machine takes longer for the same requests.
  test.setTimeout(180_000)
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['tests/e2e/load-runner.mjs', baseURL ?? '', String(requests), String(connections)],
    { timeout: 150_000 },
  )
  const result = JSON.parse(stdout) as LoadResult
  test.info().annotations.push({ type: 'load', description: stdout.trim() })

  expect(result.errors, 'connection errors').toBe(0)
  expect(result.timeouts, 'timeouts').toBe(0)
  expect(result.failures, 'non-2xx answers per path').toEqual({})
  expect(result.non2xx, 'non-2xx responses').toBe(0)
  expect(
    Object.keys(result.statusCodes).filter((status) => !/^2\d\d$/.test(status)),
    `status codes: ${JSON.stringify(result.statusCodes)}`,
  ).toEqual([])
  // Every request answered, and each connection asks for the four paths in turn: at least a
  // quarter of its requests but the last three were renders.
  expect(result.ok).toBe(requests)
  expect(result.rendered).toBeGreaterThanOrEqual((requests - 3 * connections) / 4)

  const health = await fetch(new URL('/healthz', baseURL))
  expect(health.status, 'GET /healthz after the load').toBe(200)
  const home = await fetch(new URL('/', baseURL), { headers: { accept: 'text/html', 'accept-language': 'nl' } })
  expect(home.status, 'GET / after the load').toBe(200)
  expect(await home.text()).toContain('</html>')
})
