import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readlinkSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { workerPids } from './server-process'

const port = Number(process.env.E2E_PORT ?? 3210) + 30

test('one database connection; SIGTERM: unready first, then stops accepting, finishes the request in flight, closes the database, exits 0 within 10 s', async () => {
  test.setTimeout(40_000)
  const dataDir = mkdtempSync(join(tmpdir(), 'site-shutdown-'))
  // As in production: nitro's graceful shutdown is off when CI or TEST is set.
  const server = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      CI: '',
      TEST: '',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      STOP_GRACE_SECONDS: '2',
    },
    stdio: 'ignore',
  })
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)))
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 20_000 })
      .toBe(200)
    // The database is open from the start (WAL mode keeps a -wal file while open).
    expect(existsSync(join(dataDir, 'site.sqlite-wal'))).toBe(true)
    // One connection for the whole process, also after a page and a server function used it.
    await fetch(`http://127.0.0.1:${port}/en`)
    await fetch(`http://127.0.0.1:${port}/readyz`)
    // The cluster primary's one worker (WEB_CONCURRENCY=1) holds the app.
    const [worker] = workerPids(server.pid)
    expect(worker).toEqual(expect.any(Number))
    const openFiles = readdirSync(`/proc/${worker}/fd`).map((fd) => {
      try {
        return readlinkSync(`/proc/${worker}/fd/${fd}`)
      } catch {
        return ''
      }
    })
    expect(openFiles.filter((file) => file === join(dataDir, 'site.sqlite'))).toHaveLength(1)

    // A request in flight: headers and half of the body sent.
    const body = JSON.stringify({ query: '{ __typename }' })
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    let response = ''
    socket.on('data', (chunk) => (response += chunk.toString()))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.write(
      `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 200))

    const stopAskedAt = Date.now()
    server.kill('SIGTERM')
    // Unready at once, so a load balancer stops sending new connections, while new ones are still
    // served during the grace (STOP_GRACE_SECONDS) instead of hanging or being reset. Polled: the
    // word goes from the primary to the worker, which a loaded machine does later than a fixed sleep.
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status, { intervals: [50], timeout: 2_000 }).toBe(503)
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
    expect(await ready.json()).toEqual({ status: 'stopping' })
    expect((await fetch(`http://127.0.0.1:${port}/en`, { signal: AbortSignal.timeout(2_000) })).status).toBe(200)
    // After the grace: no new connections, refused at once rather than left hanging.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
            () => 'answered',
            (error: Error) => error.cause ?? error,
          ),
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ code: 'ECONNREFUSED' })
    expect(Date.now() - stopAskedAt).toBeGreaterThanOrEqual(2_000)

    // The request in flight still gets its answer.
    socket.end(body.slice(10))
    await closed
    expect(response).toMatch(/^HTTP\/1\.1 200/)
    expect(response).toContain('"__typename":"Query"')

    expect(await exited).toBe(0)
    expect(Date.now() - stopAskedAt).toBeLessThan(10_000)
    // Closed cleanly: the write-ahead log was folded back into the database file.
    expect(existsSync(join(dataDir, 'site.sqlite-wal'))).toBe(false)
  } finally {
    if (server.exitCode === null) server.kill('SIGKILL')
  }
})
