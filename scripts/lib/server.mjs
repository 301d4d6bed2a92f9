import { spawn } from 'node:child_process'

// The built server's entry, shared by `npm start`, `npm run bench`, `npm run lighthouse` and the
// e2e tests, so all of them run what production runs. It is a cluster primary that gives its
// workers their Node flags itself (app/server/platform/cluster/primary.mjs): no launcher needs any.
export const serverEntry = '.output/server/index.mjs'
/**
 * The reference app's server (bench/reference, ADR 041): nitro's plain node-server, one process,
 * no /healthz; its address comes from HOST and PORT.
 */
export const referenceServerEntry = 'bench/reference/.output/server/index.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Servers this process started and that still run: killed when it exits, however it gets there
 * (a script that throws never reaches its own stop), so none outlives it. One left by a crashed
 * Lighthouse run once spun on a core for two hours.
 */
const running = new Set()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * The one way the scripts and the e2e tests start the built server: on 127.0.0.1:`port`
 * with SITE_URL to match, `env` over this process's environment; resolves once `readyPath`
 * answers 200 (and, with `readyOutput`, the server's output matches it). Its output goes to
 * `onOutput` and the last 8,000 characters are kept for the error of a failed start.
 * `launcher` runs node under another command (the bench's `taskset`); `detached` gives the server
 * its own process group (a power cut kills the group).
 */
export async function startBuiltServer(
  port,
  {
    env = {},
    args = [serverEntry],
    readyPath = '/healthz',
    readyOutput,
    timeoutMs = 30_000,
    onOutput,
    launcher = [],
    detached = false,
  } = {},
) {
  const base = `http://127.0.0.1:${port}`
  const [command, ...argv] = [...launcher, process.execPath, ...args]
  const child = spawn(command, argv, {
    env: { ...process.env, PORT: String(port), SITE_URL: base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  let ready = !readyOutput
  // Read as it comes: a full pipe would block the server's writes.
  const collect = (chunk) => {
    const text = chunk.toString()
    output = (output + text).slice(-8000)
    if (!ready && readyOutput.test(output)) ready = true
    onOutput?.(text)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const server = { child, base, pid: child.pid, output: () => output, stop: (graceMs) => stopBuiltServer(child, graceMs) }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server on ${port} exited during start-up:\n${output}`)
    try {
      if (ready && (await fetch(`${base}${readyPath}`)).status === 200) return server
    } catch {
      // not up yet
    }
    await sleep(150)
  }
  child.kill('SIGKILL')
  throw new Error(`server on ${port}: no answer on ${readyPath} within ${timeoutMs / 1000} s:\n${output}`)
}

/** The reference app's production server on 127.0.0.1:`port`, ready when its hello page answers. */
export function startReferenceServer(port, options = {}) {
  return startBuiltServer(port, {
    ...options,
    readyPath: options.readyPath ?? '/',
    args: [referenceServerEntry],
    env: { HOST: '127.0.0.1', ...options.env },
  })
}

/** Stops a server: SIGTERM (its graceful stop), SIGKILL after `graceMs`, or at once without it. */
export function stopBuiltServer(child, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = graceMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill(graceMs === undefined ? 'SIGKILL' : 'SIGTERM')
  })
}
