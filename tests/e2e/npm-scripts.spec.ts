import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { full } from './tiers'

/**
 * The npm scripts a newcomer or an operator runs, each run once here, so none of them rots
 * unnoticed (the durability script once did): `serve` and `start` serve the build and stop on
 * SIGTERM, `dev` serves a page, `codegen`, `extract`, `content:schemas`, `content:markdown` and `content:split-locations` leave the committed files as they are,
 * `content:fixture` writes a scratch content folder,
 * `i18n:status` reports; `start` and `serve` print at most 10 lines before they serve, and in
 * test:full so does `npm start` on a fresh clone, build included.
 * Scripts whose code `npm test` runs elsewhere run here in test:full only (ADR 037; CI runs both):
 * `extract` (tests/unit/i18n-workflow.test.ts runs it on a scratch copy, and `i18n:check` checks
 * the catalogs are what it writes), `content:schemas` (tests/unit/content-schemas.test.ts
 * compares what it writes with the committed files), `content:markdown` (its conversion is
 * scripts/lib/content-markdown.ts, unit-tested in tests/unit/content-markdown.test.ts) and
 * `format` (`format:check` runs the same Prettier on the same files).
 * (`bench` and `lighthouse` load both cores: measuring.spec.ts runs them after everything else.)
 * `npm test` builds right before these run, so `npm start` finds the build current and
 * does not rebuild under the other specs' servers.
 */
test.describe.configure({ mode: 'serial' })

const basePort = Number(process.env.E2E_PORT ?? 3210) + 90
const run = promisify(execFile)

/** `npm run <script> [-- args]` in its own process group, so a stop reaches npm's children too; `onOutput` gets what it writes. */
function npmRun(script: string, env: Record<string, string>, args: string[] = [], onOutput?: (text: string) => void): ChildProcess {
  const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    env: { ...process.env, ...env },
    detached: true,
    stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  })
  if (onOutput) for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => onOutput(chunk.toString()))
  return child
}

async function answers(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      return (await fetch(url, { signal: AbortSignal.timeout(5000) })).status
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Resolves when the process has exited (npm itself answers a SIGTERM with 143 after passing it on). */
function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
  })
}

/** Whether no process of the group is left, waiting up to `timeoutMs` for the last to exit. */
async function groupGone(group: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      // Signal 0 only checks: it throws once no process of the group exists.
      process.kill(-group, 0)
    } catch {
      return true
    }
    if (Date.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Lines a start printed before the one saying it listens, npm's own included (Infinity until it says so). */
function linesBeforeListening(output: string): number {
  const at = output.split('\n').findIndex((line) => line.includes('Listening on'))
  return at === -1 ? Number.POSITIVE_INFINITY : at
}

/** At most this many lines before a start serves: warnings and errors stand out (build details: BUILD_VERBOSE=1). */
const quietStartLines = 10

async function refuses(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) })
    return false
  } catch {
    return true
  }
}

for (const [index, script] of ['serve', 'start'].entries()) {
  test(`npm run ${script} serves the build and stops on SIGTERM`, async () => {
    test.setTimeout(60_000)
    const port = basePort + index
    let output = ''
    // `serve` as a newcomer starts it: another PORT, no SITE_URL (an empty variable is unset).
    const child = npmRun(
      script,
      {
        PORT: String(port),
        SITE_URL: script === 'serve' ? '' : `http://127.0.0.1:${port}`,
        DATA_DIR: `${process.env.E2E_DATA_DIR ?? '/tmp'}/npm-${script}`,
      },
      [],
      (text) => (output += text),
    )
    const group = child.pid ?? 0
    try {
      expect(await answers(`http://127.0.0.1:${port}/healthz`, 30_000)).toBe(200)
      expect(await answers(`http://127.0.0.1:${port}/over-ons`, 5_000)).toBe(200)
      await expect.poll(() => linesBeforeListening(output), { message: output }).toBeLessThanOrEqual(quietStartLines)
      if (script === 'serve') {
        // The default SITE_URL follows PORT, and any loopback name of this machine is the site.
        for (const host of ['localhost', '[::1]']) expect(await answers(`http://${host}:${port}/over-ons`, 5_000), host).toBe(200)
        expect(output.match(/SITE_URL is not set/g)).toHaveLength(1)
        expect(output).toContain(`http://localhost:${port}`)
      } else {
        expect(output).not.toContain('SITE_URL is not set')
      }
    } finally {
      // The npm process alone, as `kill <pid>` or a process manager does: npm passes it on to the
      // launcher (scripts/start.mjs, exec'd by the script's shell), the launcher to the server.
      if (group) process.kill(group, 'SIGTERM')
    }
    await stopped(child)
    try {
      // The launcher and the server went with it: nothing of the process group is left, nothing listens.
      expect(await groupGone(group, 15_000)).toBe(true)
      expect(await refuses(`http://127.0.0.1:${port}/healthz`)).toBe(true)
    } finally {
      // Whatever a failed stop left behind.
      if (!(await groupGone(group, 0))) process.kill(-group, 'SIGKILL')
    }
  })
}

test('npm start on a fresh clone builds, then serves after at most 10 lines', full, async () => {
  // A build of its own (both cores for about a minute): test:full only.
  test.setTimeout(240_000)
  const port = basePort + 6
  // The project's files as a clone has them (this working tree's versions), with this node_modules.
  const clone = mkdtempSync(join(tmpdir(), 'fresh-clone-'))
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 64 * 1024 * 1024 })
  for (const file of stdout.split('\0').filter((name) => name && existsSync(name))) {
    mkdirSync(join(clone, dirname(file)), { recursive: true })
    cpSync(file, join(clone, file))
  }
  symlinkSync(join(process.cwd(), 'node_modules'), join(clone, 'node_modules'))
  let output = ''
  // As a newcomer starts it: no SITE_URL (its warning is one of the lines).
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(port), SITE_URL: '', DATA_DIR: join(clone, 'data') },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const group = child.pid ?? 0
  try {
    expect(await answers(`http://127.0.0.1:${port}/healthz`, 200_000)).toBe(200)
    await expect.poll(() => linesBeforeListening(output), { message: output }).toBeLessThanOrEqual(quietStartLines)
    // Fixed where they came from (import extensions), not hidden; build details only with BUILD_VERBOSE=1.
    expect(output).not.toMatch(/configLoader|Tracing dependencies|PLUGIN_TIMINGS/)
    expect(output).toContain('SITE_URL is not set')
  } finally {
    if (group) process.kill(-group, 'SIGTERM')
    await stopped(child)
    if (!(await groupGone(group, 15_000))) process.kill(-group, 'SIGKILL')
    rmSync(clone, { recursive: true, force: true })
  }
})

test('npm run dev serves a page', async () => {
  test.setTimeout(90_000)
  const port = basePort + 5
  const child = npmRun('dev', {}, ['--port', String(port)])
  try {
    expect(await answers(`http://localhost:${port}/over-ons`, 60_000)).toBe(200)
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
    await stopped(child)
  }
})

test('npm run codegen leaves the generated files as they are', async () => {
  test.setTimeout(90_000)
  // The only check that app/cms/graphql-env.d.ts is what gql.tada writes from the schema today;
  // the block modules' outputs have their own test (tests/unit/content-codegen.test.ts).
  const generated = [
    'app/cms/graphql-env.d.ts',
    'app/cms/schema.graphql',
    'app/blocks/blocks.fragment.ts',
    'app/blocks/blocks.gen.ts',
    'content/schemas',
  ]
  await run('npm', ['run', 'codegen'])
  expect((await run('git', ['status', '--porcelain', '--', ...generated])).stdout).toBe('')
})

test(
  'npm run extract, content:schemas, content:markdown and content:split-locations leave the committed files as they are',
  full,
  async () => {
    test.setTimeout(90_000)
    await run('npm', ['run', 'extract'])
    await run('npm', ['run', 'content:schemas'])
    // The content's rich text is Markdown already: the conversion finds nothing to do.
    await run('npm', ['run', 'content:markdown'])
    // The locations are one file each already (ADR 098): the migration says so and does nothing.
    expect((await run('npm', ['run', 'content:split-locations'])).stdout).toMatch(/already|nothing|no /i)
    // Only what these write: the catalogs and the content's JSON Schemas.
    const { stdout } = await run('git', ['status', '--porcelain', '--', 'app/locales', 'app/i18n/segment-history.json', 'content'])
    expect(stdout).toBe('')
  },
)

test('npm run content:fixture writes a content folder of the asked size, never into content/', async () => {
  test.setTimeout(60_000)
  const out = join(mkdtempSync(join(tmpdir(), 'content-fixture-')), 'site')
  await run('npm', ['run', 'content:fixture', '--', '--news', '12', '--pages', '3', '--locations', '2', '--out', out])
  // The demo content's news items and the generated ones.
  expect(readdirSync(join(out, 'news')).length).toBeGreaterThanOrEqual(12)
  const refused = await run('npm', ['run', 'content:fixture', '--', '--news', '1', '--out', 'content']).then(
    () => 'written',
    (error: { code?: number }) => `exit ${error.code}`,
  )
  expect(refused).toBe('exit 1')
  expect((await run('git', ['status', '--porcelain', '--', 'content'])).stdout).toBe('')
})

test('npm run format changes nothing in formatted sources', full, async () => {
  test.setTimeout(60_000)
  // Compared with the working tree as it was, so uncommitted work of a developer is no failure.
  const before = (await run('git', ['diff'], { maxBuffer: 64 * 1024 * 1024 })).stdout
  await run('npm', ['run', 'format'])
  expect((await run('git', ['diff'], { maxBuffer: 64 * 1024 * 1024 })).stdout).toBe(before)
})

test('npm run i18n:status lists every catalog', async () => {
  const { stdout } = await run('npm', ['run', 'i18n:status'])
  for (const name of ['routes', 'messages']) expect(stdout).toMatch(new RegExp(`^de +${name} +\\d+ +\\d+ +\\d+$`, 'm'))
  // The content catalogs: translated, fuzzy, missing and the Dutch words left.
  expect(stdout).toMatch(/^de +\d+ +\d+ +\d+ +\d+$/m)
})
