import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { serverEntry, startBuiltServer, startReferenceServer, stopBuiltServer } from '../lib/server.mjs'
import { measuringRun, portPicker } from '../lib/site.mjs'
import { clockTicks, firstPort, lastPort, pinned } from './settings.mjs'

// ---------------------------------------------------------------- cleanup

export const { tmp, onCleanup, run } = measuringRun('bench')
/** Running children and load runs to stop on the way out. */
export const children = new Set()
export const trackers = new Set()
onCleanup(async () => {
  for (const tracker of trackers) tracker.stop()
  await Promise.all([...children].map((child) => stopChild(child)))
})

/** SIGTERM, SIGKILL after 10 s. */
export async function stopChild(child) {
  await stopBuiltServer(child, 10_000)
  children.delete(child)
}

// ---------------------------------------------------------------- helpers

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

export const { freePort } = portPicker(firstPort, lastPort)

/** A path nothing answers, fresh each time (the 404 page's load: no two requests alike). */
export const randomPath = () => `/${randomBytes(8).toString('hex')}`

/** GET with exactly these headers (no automatic Accept-Encoding, no decompression). */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url}: no answer in 30 s`)))
    req.on('error', reject)
    req.end()
  })
}

/** A page as a Dutch browser gets it, uncompressed; its status must be `status`. */
export async function html(base, path, status = 200) {
  const response = await get(base + path, { accept: 'text/html', 'accept-language': 'nl' })
  if (response.status !== status) throw new Error(`GET ${path}: HTTP ${response.status}, expected ${status}`)
  return response
}

/**
 * A server's figures from /proc: CPU seconds of the whole process tree (the cluster primary and
 * its workers); VmRSS and VmHWM (peak) in MB of its largest worker (a server without workers
 * counts itself) and the RSS of the whole group (primary + workers).
 */
export function processStats(pid) {
  let children = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {}
  const each = [pid, ...children].map(singleProcessStats)
  const workers = children.length > 0 ? each.slice(1) : each
  return {
    workers: workers.length,
    rssMb: Math.max(...workers.map((s) => s.rssMb)),
    peakRssMb: Math.max(...workers.map((s) => s.peakRssMb)),
    groupRssMb: each.reduce((sum, s) => sum + s.rssMb, 0),
    cpuSeconds: each.reduce((sum, s) => sum + s.cpuSeconds, 0),
  }
}

function singleProcessStats(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / clockTicks
    return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024, cpuSeconds }
  } catch {
    return { rssMb: NaN, peakRssMb: NaN, cpuSeconds: NaN }
  }
}

/** Busy and total jiffies per CPU (cpu0, cpu1, …) from /proc/stat. */
export function cpuTimes() {
  try {
    const times = {}
    for (const line of readFileSync('/proc/stat', 'utf8').split('\n')) {
      const match = /^cpu(\d+)\s+(.*)$/.exec(line)
      if (!match) continue
      const values = match[2].trim().split(/\s+/).map(Number)
      const total = values.slice(0, 8).reduce((sum, n) => sum + n, 0)
      // user + nice + system: process time (interrupts and softirqs, e.g. loopback traffic, apart).
      times[match[1]] = { busy: values[0] + values[1] + values[2], total }
    }
    return times
  } catch {
    return {}
  }
}

/**
 * Starts a server child (on CPU 0 unless `pin` is false) with `start` (a starter of
 * scripts/lib/server.mjs), which waits until `readyPath` answers 200 and, with `readyOutput`,
 * its output matches that.
 */
export async function startServer({ label, port, args, env, readyPath, readyOutput, pin = true, start = startBuiltServer }) {
  // taskset execs node: the child's pid is the server's.
  const onCpu0 = pin && pinned
  const server = await start(port, { args, env, readyPath, readyOutput, launcher: onCpu0 ? ['taskset', '-c', '0'] : [] }).catch((error) => {
    throw new Error(`${label}: ${error.message}`)
  })
  children.add(server.child)
  return {
    label,
    base: server.base,
    pid: server.pid,
    pinned: onCpu0,
    child: server.child,
    output: server.output,
    stop: () => stopChild(server.child),
  }
}

/** When the build the app servers start from was written (another build during the bench changes it). */
export function buildStamp() {
  try {
    return new Date(statSync('.output/nitro.json').mtimeMs).toISOString()
  } catch {
    return 'missing'
  }
}
export const buildStamps = new Set()

/**
 * The app's database folder, one for every app server of the run (one at a time). The first is
 * the one-worker probe, so the database exists before several workers open it: workers creating
 * it at once can fail their start with "database is locked" on a loaded machine.
 */
let appDataDir

/** The app as in production, with one worker (pinned) unless `extraEnv` says otherwise (then unpinned). */
export function startApp(port, extraEnv, label) {
  appDataDir ??= mkdtempSync(join(tmp, 'data-'))
  buildStamps.add(buildStamp())
  const env = { WEB_CONCURRENCY: '1', ...extraEnv }
  return startServer({
    label,
    port,
    pin: env.WEB_CONCURRENCY === '1',
    args: [serverEntry],
    readyPath: '/healthz',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: appDataDir,
      TRUST_PROXY: '1',
      ...env,
    },
  })
}

/**
 * The reference app (bench/reference, ADR 041) as production runs it: one process, pinned like
 * (c), and with nothing to cache every request is a render. The floor of an uncached render.
 */
export function startReference(port) {
  return startServer({ label: '(r)', port, start: startReferenceServer, env: { NODE_ENV: 'production' } })
}

/**
 * The bare server: node:http answering each measured page's path with the bytes and status the
 * app sent for it, and any other path with the 404 page's. One process (pinned, like (b) and
 * (c)), or with `workers` a node:cluster primary and that many workers (unpinned, like (b*)).
 */
export async function startBare(port, pages, workers = 0) {
  const manifest = { routes: [], fallback: undefined }
  for (const [i, page] of pages.entries()) {
    const file = join(tmp, `bare-${i}.html`)
    writeFileSync(file, page.body)
    if (page.random) manifest.fallback = { status: page.status, file }
    else manifest.routes.push({ path: page.path, status: page.status, file })
  }
  manifest.fallback ??= manifest.routes[0]
  const manifestFile = join(tmp, 'bare.json')
  const serverFile = join(tmp, 'bare-server.mjs')
  writeFileSync(manifestFile, JSON.stringify(manifest))
  writeFileSync(
    serverFile,
    `import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
const workers = Number(process.env.BARE_WORKERS)
if (workers > 0 && cluster.isPrimary) {
  let listening = 0
  cluster.on('listening', () => {
    if (++listening === workers) console.log('bare: all workers listening')
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers)) worker.kill()
    cluster.on('exit', () => Object.keys(cluster.workers).length === 0 && process.exit(0))
  })
} else {
  const manifest = JSON.parse(readFileSync(process.env.BARE_MANIFEST, 'utf8'))
  const load = ({ status, file }) => ({ status, body: readFileSync(file) })
  const routes = new Map(manifest.routes.map((route) => [route.path, load(route)]))
  const fallback = load(manifest.fallback)
  createServer((req, res) => {
    const { status, body } = routes.get(req.url) ?? fallback
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
    res.end(body)
  }).listen(Number(process.env.PORT), '127.0.0.1')
}
`,
  )
  return startServer({
    label: workers ? `bare node:cluster ×${workers}` : 'bare node:http',
    port,
    pin: !workers,
    args: [serverFile],
    readyPath: '/',
    readyOutput: workers ? /bare: all workers listening/ : undefined,
    env: { PORT: String(port), BARE_MANIFEST: manifestFile, BARE_WORKERS: String(workers) },
  })
}
