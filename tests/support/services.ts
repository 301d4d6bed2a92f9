import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Throwaway PostgreSQL and Redis servers for tests: Debian's packages (.ci/run installs them),
 * own data folders, local ports, gone after the test. PostgreSQL refuses to run as root: then
 * it runs as the `postgres` user.
 */
const pgBin = '/usr/lib/postgresql/15/bin'

export const servicesInstalled = existsSync(join(pgBin, 'postgres')) && existsSync('/usr/bin/redis-server')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface Service {
  url: string
  stop(): Promise<void>
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

async function waitFor(check: () => boolean, what: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!check()) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`)
    if (Date.now() > deadline) throw new Error(`${what} did not start`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export async function startPostgres(): Promise<Service> {
  const root = mkdtempSync(join(tmpdir(), 'site-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot)
    chownSync(
      root,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    )
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const data = join(root, 'data')
  const [initdb, initArgs] = as(join(pgBin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8'])
  execFileSync(initdb, initArgs, { stdio: 'ignore' })
  const port = await freePort()
  const [postgres, args] = as(join(pgBin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ])
  const child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await waitFor(() => log.includes('ready to accept connections'), 'PostgreSQL', child)
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stopped(child)
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** A throwaway Redis; on `port` when given (a test that stops it and starts it again where its clients reconnect). */
export async function startRedis(port?: number): Promise<Service> {
  port ??= await freePort()
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  await waitFor(() => log.includes('Ready to accept connections'), 'Redis', child)
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopped(child) }
}
