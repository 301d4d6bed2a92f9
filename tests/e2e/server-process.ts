import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { get } from 'node:http'
import { startBuiltServer, stopBuiltServer } from '../../scripts/lib/server.mjs'

export interface ServerOptions {
  /** Gets everything the server writes (stdout and stderr); without it the output is dropped. */
  onOutput?: (text: string) => void
}

/** Starts the built server (scripts/lib/server.mjs) on a port with extra environment; resolves once /healthz answers. */
export async function startServer(port: number, env: Record<string, string> = {}, { onOutput }: ServerOptions = {}): Promise<ChildProcess> {
  return (await startBuiltServer(port, { env, onOutput, timeoutMs: 20_000 })).child
}

export function stopServer(child: ChildProcess): Promise<void> {
  return stopBuiltServer(child)
}

/** The worker processes of a cluster primary (app/server/platform/cluster/primary.mjs), from /proc. */
export function workerPids(primary: number | undefined): number[] {
  if (primary === undefined) return []
  try {
    return readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {
    return []
  }
}

/** The resident memory (MB) of a server's largest worker: the app lives there, not in the primary. */
export function workerRssMegabytes(primary: number | undefined): number {
  const sizes = workerPids(primary).map((pid) => {
    try {
      return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    } catch {
      return 0
    }
  })
  if (sizes.length === 0) throw new Error(`no workers under process ${primary}`)
  return Math.max(...sizes)
}

/**
 * A GET on a connection of its own: a cluster primary hands each new connection to the next
 * worker, so consecutive calls reach the workers in turn (fetch would reuse one connection).
 */
export function getOnNewConnection(url: string): Promise<{ status: number; cache: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: 5_000 }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, cache: String(response.headers['x-page-cache'] ?? ''), body }))
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}
