import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { logger } from '../platform/logger.server'

/**
 * Decap's local backend (decap-server, its file-system mode) as a child process bound to
 * 127.0.0.1 on its own port: it reads and writes the content folder for /admin. The site sends
 * it only the requests its own checks let through (local-api.server.ts); nothing else reaches it.
 */

let child: ChildProcess | undefined

const orphanGuard = "process.stdin.on('end', () => process.exit(0)).resume(); require(process.argv[1])"

/** Where decap-server's command is: resolved from the working directory, as the content folder is. */
function decapServerEntry(): string {
  return createRequire(join(process.cwd(), 'package.json')).resolve('decap-server/dist/index.js')
}

/** Starts the local backend over `contentDir` on 127.0.0.1:`port` (once per process; it stops with the process). */
export function startLocalBackend(contentDir: string, port: number): void {
  if (child) return
  // Run under a line that ends it when the site goes (its stdin closes, even on SIGKILL): an
  // orphan would keep the port and write content for no one.
  const started = spawn(process.execPath, ['-e', orphanGuard, decapServerEntry()], {
    env: {
      PATH: process.env.PATH,
      // decap-server reads these: file-system mode over the content folder, loopback only.
      MODE: 'fs',
      // The folder around it: paths are `content/pages/x.yaml`, as in the project's repository.
      GIT_REPO_DIRECTORY: dirname(resolve(contentDir)),
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  for (const stream of [started.stdout, started.stderr]) {
    stream.on('data', (chunk: Buffer) => logger.info(`[admin] local backend: ${chunk.toString().trim()}`))
  }
  started.on('exit', (code, signal) => {
    if (child === started) child = undefined
    if (!stopping) logger.error(`[admin] local backend stopped (${signal ?? `exit code ${code}`}); /admin cannot save`)
  })
  child = started
  logger.info(`[admin] local backend for /admin on 127.0.0.1:${port} over ${resolve(contentDir)}`)
}

let stopping = false

/** Stops the local backend (shutdown). */
export function stopLocalBackend(): void {
  stopping = true
  child?.kill('SIGTERM')
  child = undefined
}

/** Sends one API call to the local backend; its answer as it gave it. */
export async function callLocalBackend(port: number, body: string, signal: AbortSignal): Promise<Response> {
  let answer: Response
  try {
    answer = await fetch(`http://127.0.0.1:${port}/api/v1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw error
    // Starting (a second or two after the site) or stopped: the editor can try again.
    return Response.json(
      { error: 'The local backend is not running (yet); try again in a moment' },
      { status: 503, headers: { 'Retry-After': '2' } },
    )
  }
  return new Response(await answer.arrayBuffer(), { status: answer.status, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
}
