import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'

/**
 * `npm run test:durability`, smaller (100 submissions instead of 500), so CI runs the script and
 * notices when it breaks: double sends stored once, and every acknowledged submission still on
 * disk after the server (primary and both workers) is killed with SIGKILL mid-run. Its own
 * server on DURABILITY_PORT.
 */
test('contact submissions survive a SIGKILL: none lost, none stored twice', async () => {
  test.setTimeout(120_000)
  const { stdout } = await promisify(execFile)(process.execPath, ['--no-warnings', 'scripts/contact-durability.mjs'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '2',
      DURABILITY_TOTAL: '100',
      DURABILITY_PORT: String(Number(process.env.E2E_PORT ?? 3210) + 80),
    },
    timeout: 100_000,
  })
  test.info().annotations.push({ type: 'durability', description: stdout.trim() })
  // Every phase-1 submission acknowledged (each sent twice, to either worker), then the kill.
  const [, sent, acknowledged] = /phase 1: (\d+) submissions \(x2\) in \d+ ms, (\d+) acknowledged/.exec(stdout) ?? []
  expect(sent).toBe('50')
  expect(acknowledged).toBe(sent)
  expect(stdout).toMatch(/phase 2: killed=true/)
  expect(stdout).toMatch(/acknowledged (\d+), stored \d+, lost 0, duplicates 0/)
})
