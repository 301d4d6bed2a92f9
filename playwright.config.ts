import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { serverEntry } from './scripts/lib/server.mjs'
import { runTmpdir } from './tests/support/run-tmpdir'

// One temporary folder for the run (servers, specs and browsers inherit it), deleted by the
// runner when it exits, after it has stopped the servers (run-tmpdir.ts).
runTmpdir('site-e2e-run')

const port = Number(process.env.E2E_PORT ?? 3210)
// A fresh database per run, shared with the workers (they inherit the environment).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'site-e2e-'))
// One folder of image variants for every server of the run (they have the same images): the
// first worker of each server makes the content's variants at start-up (ADR 028), once per run.
process.env.MEDIA_VARIANTS_DIR ??= mkdtempSync(join(tmpdir(), 'site-e2e-variants-'))
// One worker process per server (the servers and everything the specs start inherit this):
// the specs count cache hits and circuit failures of one process. cluster.spec.ts runs two.
process.env.WEB_CONCURRENCY ??= '1'
// Debian's headless shell first: the same engine without the full browser's window, compositor and
// services, it loads a page in about 60 % of the time the full browser takes here (ADR 043). Then
// Debian's full Chromium; the test tool's own download cannot work on these machines.
const systemChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path))

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Per test. The same suite took 9 minutes on one machine of this kind and 20 on another (slow
  // page faults in the VM): the longest journeys (consent across three pages, ~15 s here) need room.
  timeout: 60_000,
  // Test tiers (ADR 037): `npm test` runs `site`; `npm run test:full` runs `full` and `measuring`,
  // only what `site` leaves out (the rest of each sampled sweep, tagged @full; tests/e2e/tiers.ts).
  projects: [
    { name: 'site', testIgnore: /measuring\.spec\.ts/, grepInvert: /@full/ },
    { name: 'full', testIgnore: /measuring\.spec\.ts/, grep: /@full/ },
    // bench and lighthouse load both cores: they run after everything else (`--no-deps` to run them alone).
    { name: 'measuring', testMatch: /measuring\.spec\.ts/, dependencies: ['full'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // A Dutch browser by default: `/` then stays nl (language detection has its own tests).
    locale: 'nl-NL',
    launchOptions: {
      executablePath: systemChromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The built app, started as in production (`npm run build` runs first in `npm test`).
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // TRUST_PROXY: tests give each visitor its own X-Forwarded-For address (rate limit per IP).
      env: { PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: process.env.E2E_DATA_DIR, TRUST_PROXY: '1' },
    },
    {
      // The same build reading its content over HTTP from the first server's /graphql:
      // the remote-CMS path, run for real.
      command: `node ${serverEntry}`,
      url: `http://127.0.0.1:${port + 1}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port + 1),
        SITE_URL: `http://127.0.0.1:${port + 1}`,
        CMS_GRAPHQL_URL: `http://127.0.0.1:${port}/graphql`,
        // No content here: a site reading a remote CMS never loads the embedded one (a load
        // would fail on the missing folder and stop the start).
        CONTENT_DIR: '/nonexistent-content',
        // As the first: specs that ask for many pages at once give each its own visitor address.
        TRUST_PROXY: '1',
      },
    },
  ],
})
