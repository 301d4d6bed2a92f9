// `npm run bench` (issue 18): builds when stale, then measures with autocannon (BENCH_CONNECTIONS
// connections, default 50, pipelining 1, Accept: text/html, Accept-Language: nl, no
// Accept-Encoding: bodies go out uncompressed) what the app costs per request against what Node
// itself costs for the same response.
//
// Page types: home, a news detail, the locations list, a single location page when the build
// has one (the first /vestigingen/{slug} link on the list; skipped with a note otherwise) and the
// 404 page, every request of it for a fresh random path (a flood of misses: nothing to cache).
//
// Configurations, one server at a time:
//   (a)   bare node:http, one process, answering each page's path with the app's exact bytes
//         and status (any other path: the 404 page's): Node's own cost per response;
//   (b)   the built app, one worker (WEB_CONCURRENCY=1), page cache on (default PAGE_CACHE_TTL);
//   (c)   the same with the page cache off (PAGE_CACHE_TTL=0), CMS cache warm;
//   (a*)  (b*) (c*): the same with a process per CPU (the bare server under node:cluster, the app
//         with WEB_CONCURRENCY = CPUs): the whole machine, not one core.
// Where `taskset` exists and there are two CPUs or more, (a), (b) and (c) run on CPU 0 and this
// process (the load generator) on CPU 1; the starred runs are not pinned. (b) and (c) run every
// page twice (the best pass counts: other work only slows a run down; RSS growth between passes
// shows), the others once, each after 300 warm-up requests (at most 3 s of them).
//
// The primary figure is requests per second of server CPU relative to the bare server ("per
// CPU-s"): the bare server is limited by the load generator (autocannon takes its whole core
// while the bare server uses about half of its own), so a plain req/s ratio flatters the app; it
// is printed after. Also: initial JS per page type (gzip -9 and brotli,
// scripts/lib/initial-js.mjs) and RSS per worker and of the whole process group.
//
// Targets (PASS/FAIL; a miss does not change the exit code, only a failing run does):
//   (b) cached: every page type ≥ 70 % of (a) per server CPU-s, p99 ≤ 10 ms (at 50 connections);
//   (c) uncached: home and news detail ≥ 3 % of (a) per server CPU-s;
//   initial JS ≤ 110 KB gzip on every page without the map or the contact form (contact and
//   locations are reported too, marked as carrying them);
//   after each app configuration: RSS ≤ 150 MB per worker, ≤ 400 MB for the group (primary +
//   workers); (b), (c): RSS growth between passes ≤ BENCH_RSS_GROWTH_MB.
//
// Compares with the previous results: the newest bench/results/bench-*.json run with the same
// connections, duration and Accept-Encoding, else the newest readable one (older files lack some
// figures: those show as "–"). Prints the change per page and metric and, under "Regressions vs
// <file>", every drop over 10 % in a per-CPU-s ratio and rise over 10 % in p99 (and over 1 ms),
// initial JS or RSS; like a missed target, a regression does not change the exit code.
//
// Output: a short header, every run, the summary (per-CPU-s ratios first), RSS, initial JS,
// targets, the comparison; everything measured goes to bench/results/bench-<timestamp>.json.
//
// Environment: BENCH_DURATION (seconds per load run, default 10, at most 15),
// BENCH_CONNECTIONS (default 50), BENCH_PORT (first port tried, default 4500;
// up to 4520), BENCH_ACCEPT_ENCODING (e.g. "br" or "gzip": sent with every
// load request, to include compression in the app's cost; the bare server
// never compresses), BENCH_RSS_GROWTH_MB (allowed RSS growth between passes,
// default 10).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { contentGrowth } from './bench/content-growth.mjs'
import { ensureBuild } from './lib/build.mjs'
import { initialJs } from './lib/initial-js.mjs'
import { serverEntry } from './lib/server.mjs'
import { firstLocationPath, measuredPages, measuringRun, portPicker } from './lib/site.mjs'

ensureBuild()
// `npm run bench -- --content-growth`: only the content-growth scenario (issue 37, scripts/bench/content-growth.mjs).
if (process.argv.includes('--content-growth')) {
  await contentGrowth({ port: Number(process.env.BENCH_PORT ?? 4530) })
  process.exit(0)
}

const duration = Math.min(15, Math.max(1, Number(process.env.BENCH_DURATION ?? 10) || 10))
const connections = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50) || 50)
const firstPort = Math.max(4500, Math.min(4520, Number(process.env.BENCH_PORT ?? 4500) || 4500))
const lastPort = 4520
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING?.trim() || undefined
const rssGrowthLimitMb = Number(process.env.BENCH_RSS_GROWTH_MB ?? 10) || 10
/** Passes of (b) and (c); every other configuration runs once. */
const passes = 2
const warmupRequests = 300
/** A warm-up stops after this even when short of its requests (an uncached page can take 10 s for 300). */
const warmupMaxSeconds = 3
const workersAll = cpus().length
const loadHeaders = {
  accept: 'text/html',
  'accept-language': 'nl',
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
}
/** What the ratios are relative to (kept in the results: older files compared every page with the home page's bytes). */
const baselineKind = 'same bytes per page, same number of processes'
const targets = {
  cachedPerCpuRatio: 0.7,
  cachedP99Ms: 10,
  cachedP99Connections: 50,
  uncachedPerCpuRatio: 0.03,
  uncachedPages: ['home', 'news detail'],
  initialJsGzipKb: 110,
  workerRssMb: 150,
  groupRssMb: 400,
  rssGrowthMb: rssGrowthLimitMb,
}
/** A change worse than this (relative) is listed as a regression; p99 must also be over 1 ms worse (its resolution). */
const regressionThreshold = 0.1

// ---------------------------------------------------------------- CPU pinning

const hasTaskset = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0
const pinned = hasTaskset && cpus().length >= 2
if (pinned) {
  // -a: every thread of this process (V8's platform threads exist already; later ones inherit).
  const pin = spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' })
  if (pin.status !== 0) console.warn('taskset: could not pin the load generator to CPU 1')
}
/** argv that runs `command` on CPU 0 when pinning (taskset execs it: the child's pid is the command's). */
const onServerCpu = (command, args) => (pinned ? ['taskset', ['-c', '0', command, ...args]] : [command, args])

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

// ---------------------------------------------------------------- cleanup

const { tmp, onCleanup, run } = measuringRun('bench')
/** Running children and load runs to stop on the way out. */
const children = new Set()
const trackers = new Set()
onCleanup(async () => {
  for (const tracker of trackers) tracker.stop()
  await Promise.all([...children].map((child) => stopChild(child)))
})

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      children.delete(child)
      return resolve()
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      children.delete(child)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

// ---------------------------------------------------------------- helpers

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

const { freePort } = portPicker(firstPort, lastPort)

/** A path nothing answers, fresh each time (the 404 page's load: no two requests alike). */
const randomPath = () => `/${randomBytes(8).toString('hex')}`

/** GET with exactly these headers (no automatic Accept-Encoding, no decompression). */
function get(url, headers = {}) {
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
async function html(base, path, status = 200) {
  const response = await get(base + path, { accept: 'text/html', 'accept-language': 'nl' })
  if (response.status !== status) throw new Error(`GET ${path}: HTTP ${response.status}, expected ${status}`)
  return response
}

/**
 * A server's figures from /proc: CPU seconds of the whole process tree (the cluster primary and
 * its workers); VmRSS and VmHWM (peak) in MB of its largest worker (a server without workers
 * counts itself) and the RSS of the whole group (primary + workers).
 */
function processStats(pid) {
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
function cpuTimes() {
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
 * Starts a server child (on CPU 0 unless `pin` is false) and waits until `readyPath` answers 200
 * and, with `readyOutput`, its output matches that.
 */
async function startServer({ label, port, args, env, readyPath, readyOutput, pin = true }) {
  const base = `http://127.0.0.1:${port}`
  const [command, argv] = pin ? onServerCpu(process.execPath, args) : [process.execPath, args]
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let output = ''
  let ready = !readyOutput
  const collect = (chunk) => {
    output = (output + chunk).slice(-8000)
    if (!ready && readyOutput.test(output)) ready = true
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label}: exited during start-up:\n${output}`)
    try {
      if (ready && (await get(base + readyPath)).status === 200) {
        return { label, base, pid: child.pid, pinned: pin && pinned, child, output: () => output, stop: () => stopChild(child) }
      }
    } catch {}
    await sleep(200)
  }
  throw new Error(`${label}: no answer on ${readyPath} within 30 s:\n${output}`)
}

/** When the build the app servers start from was written (another build during the bench changes it). */
function buildStamp() {
  try {
    return new Date(statSync('.output/nitro.json').mtimeMs).toISOString()
  } catch {
    return 'missing'
  }
}
const buildStamps = new Set()

/**
 * The app's database folder, one for every app server of the run (one at a time). The first is
 * the one-worker probe, so the database exists before several workers open it: workers creating
 * it at once can fail their start with "database is locked" on a loaded machine.
 */
let appDataDir

/** The app as in production, with one worker (pinned) unless `extraEnv` says otherwise (then unpinned). */
function startApp(port, extraEnv, label) {
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
 * The bare server: node:http answering each measured page's path with the bytes and status the
 * app sent for it, and any other path with the 404 page's. One process (pinned, like (b) and
 * (c)), or with `workers` a node:cluster primary and that many workers (unpinned, like (b*)).
 */
async function startBare(port, pages, workers = 0) {
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

/**
 * One autocannon run on `page`; stops by itself after `seconds` (or `amount` requests), and at
 * the latest after `maxSeconds` (default: 10 s more). A random page gets a fresh path for every request.
 */
function cannon(base, page, { seconds, amount, maxSeconds, conns = connections }) {
  return new Promise((resolve, reject) => {
    const options = { url: base + page.path, connections: conns, pipelining: 1, headers: loadHeaders, timeout: 10 }
    // Each request from one of 1,000 visitors, far more than requests in flight (the app trusts one
    // proxy hop here): one client past its share of the render slots is turned away
    // (app/server/render-slots.ts), many visitors are not.
    let sent = 0
    const asVisitor = (request) => ({
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': `198.18.${Math.floor(sent / 250) % 4}.${(sent++ % 250) + 1}` },
    })
    options.requests = [{ setupRequest: (request) => asVisitor(page.random ? { ...request, path: randomPath() } : request) }]
    if (amount) options.amount = amount
    else options.duration = seconds
    const tracker = autocannon(options, (error, result) => {
      clearTimeout(guard)
      trackers.delete(tracker)
      if (error) reject(error)
      else resolve(result)
    })
    trackers.add(tracker)
    const guard = setTimeout(() => tracker.stop(), (maxSeconds ?? (seconds ?? duration) + 10) * 1000)
  })
}

/** A measured load run on `page`, with the server's and this process's CPU use and the server's RSS after it. */
async function measure(server, page, { warmup }) {
  if (warmup) await cannon(server.base, page, { amount: warmupRequests, maxSeconds: warmupMaxSeconds, conns: 10 })
  const before = processStats(server.pid)
  const cpuBefore = cpuTimes()
  const ownCpuBefore = process.cpuUsage()
  const started = process.hrtime.bigint()
  const result = await cannon(server.base, page, { seconds: duration })
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  const ownCpu = process.cpuUsage(ownCpuBefore)
  const after = processStats(server.pid)
  const cpuAfter = cpuTimes()
  const busy = (cpu) =>
    cpuBefore[cpu] && cpuAfter[cpu] ? (cpuAfter[cpu].busy - cpuBefore[cpu].busy) / (cpuAfter[cpu].total - cpuBefore[cpu].total) : NaN
  const probe = await get(server.base + (page.random ? randomPath() : page.path), loadHeaders).catch(() => undefined)
  const serverCpu = (after.cpuSeconds - before.cpuSeconds) / wall
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]))
  return {
    path: page.random ? '(random)' : page.path,
    expectedStatus: page.status,
    reqPerSec: result.requests.average,
    requests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      avg: result.latency.average,
    },
    throughputMBps: result.throughput.average / 1e6,
    non2xx: result.non2xx,
    // Answers with another status than the page's own (a 503 of a full render queue, a 500…).
    unexpected: Object.entries(statusCodes).reduce((sum, [code, count]) => (Number(code) === page.status ? sum : sum + count), 0),
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    responseBytes: probe?.body.length ?? null,
    serverCpu,
    reqPerCpuSecond: serverCpu > 0 ? result.requests.average / serverCpu : NaN,
    generatorCpu: (ownCpu.user + ownCpu.system) / 1e6 / wall,
    // CPU 0's time spent on anything but the server (other processes, interrupts): noise when high.
    otherOnServerCpu: server.pinned ? Math.max(0, busy('0') - serverCpu) : null,
    workers: after.workers,
    rssMb: after.rssMb,
    peakRssMb: after.peakRssMb,
    groupRssMb: after.groupRssMb,
    pageCacheAfter: probe?.headers['x-page-cache'] ?? null,
  }
}

// ---------------------------------------------------------------- pages

/**
 * The measured pages (from the (b) server): the five of scripts/lib/site.mjs, a single location
 * page when the build has one, and the 404 page. Each { name, path, status, random, body } (a
 * random page's path is an example: under load each request gets its own).
 */
async function findPages(base) {
  const found = await measuredPages(async (path) => (await html(base, path)).body.toString())
  const pages = Object.entries(found).map(([name, path]) => ({ name, path, status: 200 }))
  const notes = []
  const locationsHtml = (await html(base, found.locations)).body.toString()
  const location = firstLocationPath(found.locations, locationsHtml)
  if (location) pages.push({ name: 'location', path: location, status: 200 })
  else notes.push(`single location page: none in this build (no ${found.locations}/{slug} link on ${found.locations}): skipped`)
  pages.push({ name: 'not found', path: randomPath(), status: 404, random: true })
  for (const page of pages) page.body = (await html(base, page.path, page.status)).body
  return { pages, notes }
}

/** Whether a page's HTML holds the contact form or the locations map (their blocks' markup). */
function carries(page, js) {
  const text = page.body.toString()
  const what = []
  if (/class="[^"]*\bcontact-form\b/.test(text)) what.push('form')
  if (js.hasMap || /class="[^"]*\blocations-map\b/.test(text)) what.push('map')
  return what
}

/** A page's initial JS (scripts/lib/initial-js.mjs), fetched uncompressed from the server. */
async function initialJsOf(base, page, cache) {
  const fetchBytes = async (url) => {
    const response = await get(url, { 'accept-encoding': 'identity' })
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`)
    return response.body
  }
  const js = await initialJs(base + page.path, page.body.toString(), fetchBytes, cache)
  return { path: page.path, ...js, carries: carries(page, js) }
}

// ---------------------------------------------------------------- runs

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`
const pct = (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '–')
const signed = (n, text) => (Number.isFinite(n) ? `${n >= 0 ? '+' : ''}${text}` : '–')
const problemsOf = (r) =>
  r.unexpected || r.errors || r.timeouts ? `  unexpected status ${r.unexpected}, errors ${r.errors}, timeouts ${r.timeouts}` : ''

function runLine(label, pass, name, r) {
  return (
    `  ${label} pass ${pass} ${name.padEnd(11)} ${fmt(r.reqPerSec, 0).padStart(7)} req/s  ${fmt(r.reqPerCpuSecond, 0).padStart(7)} req/CPU-s` +
    `  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms${problemsOf(r)}`
  )
}

/** Every page `passCount` times on one server (warm-up before the first pass); RSS after each pass and at the end. */
async function series(server, pages, passCount, log) {
  try {
    // The header on the first request (a fresh cache) and after the warm-up and first load run.
    const first = (await get(server.base + pages[0].path, loadHeaders)).headers['x-page-cache']
    const runs = []
    const rssAfterPass = []
    let afterWarmup
    for (let pass = 1; pass <= passCount; pass++) {
      for (const page of pages) {
        const result = await measure(server, page, { warmup: pass === 1 })
        if (pass === 1 && page === pages[0]) afterWarmup = result.pageCacheAfter
        runs.push({ page: page.name, pass, ...result })
        log(runLine(server.label, pass, page.name, result))
      }
      await sleep(1000)
      rssAfterPass.push(processStats(server.pid))
    }
    const pageCache = first === undefined && afterWarmup == null ? '(page cache not active)' : `${first ?? '–'} → ${afterWarmup ?? '–'}`
    return { runs, pageCache, rssAfterPass, final: processStats(server.pid) }
  } finally {
    await server.stop()
  }
}

/** Requests per second of server CPU. */
const perCpu = (r) => (r.serverCpu > 0 ? r.reqPerSec / r.serverCpu : NaN)

/**
 * A configuration's figures per page: its best pass (most req/s: other work on the machine only
 * slows a run down) and its ratios to the bare server's run of the same page, per second of
 * server CPU (the primary figure) and per second.
 */
function summarize(runs, pages, bareRuns) {
  return Object.fromEntries(
    pages.map(({ name }) => {
      const best = runs.filter((r) => r.page === name).sort((x, y) => y.reqPerSec - x.reqPerSec)[0]
      const bare = bareRuns?.find((r) => r.page === name)
      return [
        name,
        {
          pass: best.pass,
          reqPerSec: best.reqPerSec,
          reqPerCpuSecond: perCpu(best),
          latencyMs: best.latencyMs,
          unexpected: best.unexpected,
          ...(bare ? { perCpuRatio: perCpu(best) / perCpu(bare), ratio: best.reqPerSec / bare.reqPerSec } : {}),
        },
      ]
    }),
  )
}

function table(rows, rightFrom = 1) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  const line = (row) => row.map((cell, i) => (i < rightFrom ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ')
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}

// ---------------------------------------------------------------- comparison

const sameLoad = (settings) =>
  settings?.connections === connections &&
  settings?.durationSeconds === duration &&
  (settings?.headers?.['accept-encoding'] ?? null) === (acceptEncoding ?? null)

/**
 * The previous results to compare with: the newest readable bench-*.json (one with the `cached`
 * summary every version wrote) run with the same load settings, else the newest readable one.
 */
function previousResults() {
  let names = []
  try {
    names = readdirSync('bench/results')
      .filter((name) => /^bench-.*\.json$/.test(name))
      .sort()
      .reverse()
  } catch {}
  let newest
  for (const name of names) {
    let data
    try {
      data = JSON.parse(readFileSync(join('bench/results', name), 'utf8'))
    } catch {
      continue
    }
    if (typeof data?.cached?.summary !== 'object' || data.cached.summary === null) continue
    const candidate = { file: `bench/results/${name}`, data, sameSettings: sameLoad(data.settings) }
    if (candidate.sameSettings) return candidate
    newest ??= candidate
  }
  return newest
}

/**
 * What a ratio in a results file is relative to: files before per-page baselines compared every
 * page, with one worker or all, with one bare process sending the home page's bytes.
 */
function baselineOf(result, page, allWorkers) {
  return result.settings?.baseline === baselineKind ? `${page}, ${allWorkers ? 'all' : 'one'}` : 'home, one'
}

/** The figures of a results file the comparison looks at, by key; a figure an older file lacks is left out. */
function comparedFigures(result) {
  const figures = new Map()
  const add = (key, value, figure) => {
    if (typeof value === 'number' && Number.isFinite(value)) figures.set(key, { value, ...figure })
  }
  const configs = [
    ['(b)', result.cached, false],
    ['(c)', result.uncached, false],
    ['(b*)', result.allWorkers?.cached, true],
    ['(c*)', result.allWorkers?.uncached, true],
  ]
  for (const [config, data, allWorkers] of configs) {
    for (const [page, s] of Object.entries(data?.summary ?? {})) {
      const base = { config, page }
      add(`${config} ${page} ratio`, s?.perCpuRatio, {
        ...base,
        metric: 'per-CPU-s ratio',
        better: 'higher',
        baseline: baselineOf(result, page, allWorkers),
      })
      add(`${config} ${page} req/s`, s?.reqPerSec, { ...base, metric: 'req/s', better: 'higher', informative: true })
      add(`${config} ${page} p99`, s?.latencyMs?.p99, { ...base, metric: 'p99', better: 'lower', unit: 'ms' })
    }
    add(`${config} worker RSS`, data?.final?.rssMb, { config, metric: 'RSS per worker', better: 'lower', unit: 'MB' })
    add(`${config} group RSS`, data?.final?.groupRssMb, { config, metric: 'group RSS', better: 'lower', unit: 'MB' })
  }
  for (const [page, js] of Object.entries(result.initialJs ?? {})) {
    add(`JS ${page} gzip`, js?.gzipBytes, { page, metric: 'initial JS gzip', better: 'lower', unit: 'bytes' })
    add(`JS ${page} brotli`, js?.brotliBytes, { page, metric: 'initial JS brotli', better: 'lower', unit: 'bytes' })
  }
  return figures
}

/** Every figure of `current` against `previous`: change, whether like for like, whether a regression. */
function compare(current, previous) {
  const before = comparedFigures(previous.data)
  const rows = []
  for (const [key, now] of comparedFigures(current)) {
    const then = before.get(key)
    const row = { key, config: now.config, page: now.page, metric: now.metric, current: now.value, previous: then?.value ?? null }
    if (then) {
      row.change = then.value === 0 ? (now.value === 0 ? 0 : null) : (now.value - then.value) / Math.abs(then.value)
      // A ratio is like for like only when both files measured it against the same baseline.
      row.comparable = now.baseline === then.baseline
      const worse = now.better === 'higher' ? then.value - now.value : now.value - then.value
      row.regression =
        !now.informative && row.comparable && worse > regressionThreshold * Math.abs(then.value) && (now.metric !== 'p99' || worse > 1)
    }
    rows.push(row)
  }
  return {
    file: previous.file,
    date: previous.data.date ?? null,
    sameSettings: previous.sameSettings,
    previousSettings: previous.data.settings ?? null,
    threshold: regressionThreshold,
    rows,
    regressions: rows.filter((row) => row.regression).map((row) => row.key),
  }
}

/** A comparison cell: the change (ms for p99), "!" for a regression, "~" when the baseline differed. */
function changeCell(row) {
  if (!row) return '–'
  if (row.previous === null) return 'new'
  const text =
    row.metric === 'p99'
      ? signed(row.current - row.previous, `${fmt(row.current - row.previous, 0)} ms`)
      : signed(row.change, pct(row.change))
  return `${text}${row.regression ? ' !' : ''}${row.comparable === false ? ' ~' : ''}`
}

function describeValue(row, value) {
  if (row.metric === 'p99') return `${value} ms`
  if (row.metric.startsWith('initial JS')) return kb(value)
  if (row.metric.includes('RSS')) return `${fmt(value)} MB`
  if (row.metric === 'req/s') return fmt(value, 0)
  return pct(value)
}

// ---------------------------------------------------------------- main

async function main() {
  const log = (message) => console.log(message)
  const port = await freePort()
  const load = loadavg()
  const previous = previousResults()
  log(
    `npm run bench: Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} ×${cpus().length}, load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
  )
  log(
    pinned
      ? 'taskset: (a), (b), (c) on CPU 0, the load generator on CPU 1; the all-worker runs (a*), (b*), (c*) unpinned'
      : `taskset: ${hasTaskset ? 'fewer than two CPUs' : 'not found'}, no pinning`,
  )
  log(
    `autocannon: ${connections} connections, pipelining 1, ${duration} s per run, ${warmupRequests} warm-up requests (≤ ${warmupMaxSeconds} s) first; ` +
      `headers ${JSON.stringify(loadHeaders)}; port ${port}`,
  )

  // Pages, their bytes and the initial JS come from a server like (b).
  const probe = await startApp(port, {}, 'app')
  let pages
  let notes
  const js = {}
  try {
    ;({ pages, notes } = await findPages(probe.base))
    const cache = new Map()
    for (const page of pages) js[page.name] = await initialJsOf(probe.base, page, cache)
  } finally {
    await probe.stop()
  }
  const loadPages = pages.filter((p) => ['home', 'news detail', 'locations', 'location', 'not found'].includes(p.name))
  const listed = (list) => list.map((p) => `${p.name} ${p.random ? '/<random> (a fresh path per request)' : p.path}`).join(', ')
  log(`Pages under load: ${listed(loadPages)}; initial JS also of ${listed(pages.filter((p) => !loadPages.includes(p)))}`)
  for (const note of notes) log(`Note: ${note}`)
  log(
    previous
      ? `Compared with: ${previous.file}${previous.sameSettings ? '' : ' (none with the same connections and duration: figures not like for like)'}`
      : 'Compared with: no previous results in bench/results',
  )

  const allEnv = { WEB_CONCURRENCY: String(workersAll) }
  const configs = [
    ['(b)', 'app, 1 worker, page cache on', () => startApp(port, {}, '(b)'), passes],
    [
      '(c)',
      'app, 1 worker, page cache off (PAGE_CACHE_TTL=0), CMS cache warm',
      () => startApp(port, { PAGE_CACHE_TTL: '0' }, '(c)'),
      passes,
    ],
    ['(b*)', `app, ${workersAll} workers, page cache on`, () => startApp(port, allEnv, '(b*)'), 1],
    ['(c*)', `app, ${workersAll} workers, page cache off`, () => startApp(port, { ...allEnv, PAGE_CACHE_TTL: '0' }, '(c*)'), 1],
    ['(a)', 'bare node:http, 1 process, the same bytes', () => startBare(port, loadPages), 1],
    ['(a*)', `bare node:cluster, ${workersAll} workers, the same bytes`, () => startBare(port, loadPages, workersAll), 1],
  ]
  const measured = {}
  for (const [label, title, start, passCount] of configs) {
    log(`\n${label} ${title}`)
    const server = await start()
    server.label = label
    measured[label] = await series(server, loadPages, passCount, log)
  }
  const bareRuns = measured['(a)'].runs
  const bareAllRuns = measured['(a*)'].runs
  const summaries = {
    '(a)': summarize(bareRuns, loadPages),
    '(a*)': summarize(bareAllRuns, loadPages),
    '(b)': summarize(measured['(b)'].runs, loadPages, bareRuns),
    '(c)': summarize(measured['(c)'].runs, loadPages, bareRuns),
    '(b*)': summarize(measured['(b*)'].runs, loadPages, bareAllRuns),
    '(c*)': summarize(measured['(c*)'].runs, loadPages, bareAllRuns),
  }

  // ------------------------------------------------------------ every run
  const bareOf = (label) => (label.endsWith('*)') ? bareAllRuns : bareRuns)
  const rows = [
    [
      'run',
      'page',
      'pass',
      'req/s',
      'req/CPU-s',
      '/CPU-s of bare',
      'req/s of bare',
      'p50 ms',
      'p99 ms',
      'KB',
      'srv CPU',
      'gen CPU',
      'other CPU0',
      'unexp/err/t-o',
      'RSS MB',
      'X-Page-Cache',
    ],
  ]
  for (const label of ['(a)', '(b)', '(c)', '(a*)', '(b*)', '(c*)']) {
    for (const r of measured[label].runs) {
      const bare = label.startsWith('(a') ? undefined : bareOf(label).find((b) => b.page === r.page)
      rows.push([
        label,
        r.page,
        String(r.pass),
        fmt(r.reqPerSec, 0),
        fmt(r.reqPerCpuSecond, 0),
        bare ? pct(r.reqPerCpuSecond / bare.reqPerCpuSecond) : '–',
        bare ? pct(r.reqPerSec / bare.reqPerSec) : '–',
        r.latencyMs.p50,
        r.latencyMs.p99,
        fmt(r.responseBytes / 1024),
        pct(r.serverCpu),
        pct(r.generatorCpu),
        pct(r.otherOnServerCpu),
        r.unexpected || r.errors || r.timeouts ? `${r.unexpected}/${r.errors}/${r.timeouts}` : '0',
        fmt(r.rssMb),
        r.pageCacheAfter ?? '–',
      ])
    }
  }
  log(`\n${table(rows, 3)}`)
  log(
    'req/CPU-s: requests per second of server CPU; of bare: against the bare run of the same page ((a), or (a*) for starred runs);\n' +
      "srv/gen CPU: share of one CPU used by the server / this load generator; other CPU0: other processes' share of\n" +
      "the server's CPU (noise); unexp/err/t-o: answers with another status than the page's, errors, timeouts.",
  )
  const allRuns = Object.values(measured).flatMap((s) => s.runs)
  const noisy = allRuns.filter((r) => r.otherOnServerCpu > 0.1)
  if (noisy.length) log(`Note: other processes took over 10% of the server's CPU in ${noisy.length} run(s): those figures are low.`)
  const generatorBound = bareRuns.filter((r) => r.generatorCpu > 0.9)
  if (generatorBound.length) {
    log(
      `Note: the load generator used over 90% of its CPU on (a) (${generatorBound.map((r) => r.page).join(', ')}): there (a)'s req/s is the ` +
        "generator's limit, not the server's; the per-CPU-s ratios hold.",
    )
  }

  // ------------------------------------------------------------ summary
  const s = summaries
  const latency = (l) => `${l.p50} / ${l.p99}`
  log(
    `\nSummary: best pass per page; ratios to the bare server sending the same bytes with as many processes\n` +
      `((b), (c): 1 worker vs (a) 1 process; (b*), (c*): ${workersAll} workers vs (a*) ${workersAll}). Per second of server CPU first.`,
  )
  log(
    table([
      [
        'page',
        '(b) /CPU-s',
        '(c) /CPU-s',
        '(b*) /CPU-s',
        '(c*) /CPU-s',
        '(b) req/s',
        '(c) req/s',
        '(b*) req/s',
        '(c*) req/s',
        '(b) p50/p99 ms',
        '(c) p50/p99 ms',
      ],
      ...loadPages.map(({ name }) => [
        name,
        pct(s['(b)'][name].perCpuRatio),
        pct(s['(c)'][name].perCpuRatio),
        pct(s['(b*)'][name].perCpuRatio),
        pct(s['(c*)'][name].perCpuRatio),
        pct(s['(b)'][name].ratio),
        pct(s['(c)'][name].ratio),
        pct(s['(b*)'][name].ratio),
        pct(s['(c*)'][name].ratio),
        latency(s['(b)'][name].latencyMs),
        latency(s['(c)'][name].latencyMs),
      ]),
    ]),
  )
  log(`\nRequests per second (best pass) and the gain of ${workersAll} processes over 1`)
  log(
    table([
      ['page', '(a)', '(b)', '(c)', '(a*)', '(b*)', '(c*)', '(a*)/(a)', '(b*)/(b)', '(c*)/(c)'],
      ...loadPages.map(({ name }) => {
        const rps = (label) => s[label][name].reqPerSec
        return [
          name,
          ...['(a)', '(b)', '(c)', '(a*)', '(b*)', '(c*)'].map((label) => fmt(rps(label), 0)),
          pct(rps('(a*)') / rps('(a)')),
          pct(rps('(b*)') / rps('(b)')),
          pct(rps('(c*)') / rps('(c)')),
        ]
      }),
    ]),
  )

  log(
    `\n${table([
      ['config', 'workers', 'RSS/worker pass 1', 'last pass', 'growth', 'peak (VmHWM)', 'group RSS', 'X-Page-Cache (first → after load)'],
      ...Object.entries(measured).map(([label, m]) => {
        const growth = m.rssAfterPass.at(-1).rssMb - m.rssAfterPass[0].rssMb
        return [
          label,
          String(m.final.workers),
          `${fmt(m.rssAfterPass[0].rssMb)} MB`,
          m.rssAfterPass.length > 1 ? `${fmt(m.rssAfterPass.at(-1).rssMb)} MB` : '–',
          m.rssAfterPass.length > 1 ? `${signed(growth, fmt(growth))} MB` : '–',
          `${fmt(m.final.peakRssMb)} MB`,
          `${fmt(m.final.groupRssMb)} MB`,
          label.startsWith('(a') ? '–' : m.pageCache,
        ]
      }),
    ])}`,
  )
  log('group RSS: the primary and its workers (a one-process server: itself), after the last pass.')

  log(
    `\n${table(
      [
        ['initial JS', 'path', 'carries', 'files', 'raw', 'gzip -9', 'brotli', 'inline (gzip)'],
        ...Object.entries(js).map(([name, j]) => [
          name,
          j.path,
          j.carries.join(', ') || '–',
          `${j.files}${j.files > j.filesFromHtml ? ` (+${j.files - j.filesFromHtml} not preloaded)` : ''}`,
          kb(j.rawBytes),
          kb(j.gzipBytes),
          kb(j.brotliBytes),
          kb(j.inlineGzipBytes),
        ]),
      ],
      3,
    )}`,
  )
  log(
    `carries: the page holds the contact form or the locations map (no initial JS target: ≤ ${targets.initialJsGzipKb} KB is for the others).`,
  )

  // ------------------------------------------------------------ targets
  const checks = []
  const check = (target, value, pass) => checks.push({ target, value, pass })
  for (const { name } of loadPages) {
    const b = s['(b)'][name]
    check(
      `cached ${name} ≥ ${pct(targets.cachedPerCpuRatio)} of bare per server CPU-s`,
      `${pct(b.perCpuRatio)} (req/s ${pct(b.ratio)})`,
      b.perCpuRatio >= targets.cachedPerCpuRatio,
    )
  }
  if (connections === targets.cachedP99Connections) {
    for (const { name } of loadPages) {
      const p99 = s['(b)'][name].latencyMs.p99
      check(`cached ${name} p99 ≤ ${targets.cachedP99Ms} ms (${connections} connections)`, `${p99} ms`, p99 <= targets.cachedP99Ms)
    }
  }
  for (const name of targets.uncachedPages) {
    const c = s['(c)'][name]
    if (!c) continue
    check(
      `uncached ${name} ≥ ${pct(targets.uncachedPerCpuRatio)} of bare per server CPU-s`,
      `${pct(c.perCpuRatio)} (req/s ${pct(c.ratio)})`,
      c.perCpuRatio >= targets.uncachedPerCpuRatio,
    )
  }
  for (const [name, j] of Object.entries(js)) {
    if (j.carries.length) continue
    check(
      `initial JS ${name} ≤ ${targets.initialJsGzipKb} KB gzip`,
      `${kb(j.gzipBytes)} (brotli ${kb(j.brotliBytes)})`,
      j.gzipBytes <= targets.initialJsGzipKb * 1024,
    )
  }
  for (const label of ['(b)', '(c)', '(b*)', '(c*)']) {
    const { final, rssAfterPass } = measured[label]
    const what = `${label} ${label.startsWith('(b') ? 'cached' : 'uncached'}, ${final.workers} worker${final.workers === 1 ? '' : 's'}`
    check(
      `RSS after the bench per worker, ${what} ≤ ${targets.workerRssMb} MB`,
      `${fmt(final.rssMb)} MB (peak ${fmt(final.peakRssMb)} MB)`,
      final.rssMb <= targets.workerRssMb,
    )
    check(
      `RSS after the bench of the group, ${what} ≤ ${targets.groupRssMb} MB`,
      `${fmt(final.groupRssMb)} MB`,
      final.groupRssMb <= targets.groupRssMb,
    )
    if (rssAfterPass.length > 1) {
      const growth = rssAfterPass.at(-1).rssMb - rssAfterPass[0].rssMb
      check(
        `RSS not growing between passes, ${what} (≤ +${targets.rssGrowthMb} MB)`,
        `${signed(growth, fmt(growth))} MB`,
        growth <= targets.rssGrowthMb,
      )
    }
  }
  log(`\nTargets\n${table([['target', 'value', 'result'], ...checks.map((c) => [c.target, c.value, c.pass ? 'PASS' : 'FAIL'])], 1)}`)
  log(`${checks.filter((c) => c.pass).length} of ${checks.length} targets met (a missed target does not change the exit code).`)
  if (connections !== targets.cachedP99Connections) {
    log(
      `Not checked: cached p99 ≤ ${targets.cachedP99Ms} ms holds at ${targets.cachedP99Connections} connections (this run: ${connections}).`,
    )
  }

  // ------------------------------------------------------------ comparison
  const date = new Date().toISOString()
  const results = {
    date,
    node: process.version,
    cpu: cpus()[0]?.model,
    cpus: cpus().length,
    totalMemMb: Math.round(totalmem() / 1024 / 1024),
    loadAverage: { start: load, end: loadavg() },
    taskset: pinned,
    builds: [],
    tool: 'autocannon',
    settings: {
      connections,
      pipelining: 1,
      durationSeconds: duration,
      warmupRequests,
      warmupMaxSeconds,
      passes,
      allWorkersPasses: 1,
      headers: loadHeaders,
      baseline: baselineKind,
    },
    paths: Object.fromEntries(pages.map((p) => [p.name, p.random ? '(random per request)' : p.path])),
    notes,
    bare: { runs: bareRuns, summary: s['(a)'], rssAfterPass: measured['(a)'].rssAfterPass, final: measured['(a)'].final },
    cached: { ...measured['(b)'], summary: s['(b)'] },
    uncached: { ...measured['(c)'], summary: s['(c)'] },
    allWorkers: {
      workers: workersAll,
      bare: { runs: bareAllRuns, summary: s['(a*)'], rssAfterPass: measured['(a*)'].rssAfterPass, final: measured['(a*)'].final },
      cached: { ...measured['(b*)'], summary: s['(b*)'] },
      uncached: { ...measured['(c*)'], summary: s['(c*)'] },
    },
    initialJs: js,
    targets,
    checks,
    comparison: null,
  }
  if (previous) {
    const comparison = compare(results, previous)
    results.comparison = comparison
    const byKey = new Map(comparison.rows.map((row) => [row.key, row]))
    const cell = (key) => changeCell(byKey.get(key))
    const appLabels = ['(b)', '(c)', '(b*)', '(c*)']
    log(
      `\nChange vs ${previous.file}${previous.sameSettings ? '' : ' (other load settings: not like for like)'}: per-CPU-s ratio, p99, initial JS\n` +
        `(! worse by over ${pct(regressionThreshold)}; ~ measured against another baseline then, not judged; new: not in that file)`,
    )
    const pageNames = [...new Set([...loadPages.map((p) => p.name), ...Object.keys(js)])]
    log(
      table([
        ['page', '(b) /CPU-s', '(c) /CPU-s', '(b*) /CPU-s', '(c*) /CPU-s', '(b) p99', '(c) p99', 'JS gzip', 'JS brotli'],
        ...pageNames.map((name) => [
          name,
          ...appLabels.map((label) => cell(`${label} ${name} ratio`)),
          cell(`(b) ${name} p99`),
          cell(`(c) ${name} p99`),
          cell(`JS ${name} gzip`),
          cell(`JS ${name} brotli`),
        ]),
      ]),
    )
    log(
      table([
        ['RSS', '(b)', '(c)', '(b*)', '(c*)'],
        ['per worker', ...appLabels.map((label) => cell(`${label} worker RSS`))],
        ['group', ...appLabels.map((label) => cell(`${label} group RSS`))],
      ]),
    )
    const regressions = comparison.rows.filter((row) => row.regression)
    log(`\nRegressions vs ${previous.file}${regressions.length ? ` (${regressions.length}; they do not change the exit code)` : ''}`)
    if (!regressions.length) log(`  none over ${pct(regressionThreshold)}`)
    for (const row of regressions) {
      const what = [row.config, row.page, row.metric].filter(Boolean).join(' ')
      const change = row.metric === 'p99' ? `+${row.current - row.previous} ms` : signed(row.change, pct(row.change))
      log(`  REGRESSION ${what}: ${describeValue(row, row.previous)} → ${describeValue(row, row.current)} (${change})`)
    }
    if (regressions.length && noisy.length) {
      log(
        `  (other processes disturbed ${noisy.length} run(s) of this one: a regression may be noise; run again when the machine is quiet)`,
      )
    }
    if (!previous.sameSettings) {
      const p = previous.data.settings
      log(
        `  (that run: ${p?.connections ?? '?'} connections, ${p?.durationSeconds ?? '?'} s; this one: ${connections}, ${duration} s: changes may be the settings')`,
      )
    }
  }

  const failures = allRuns.filter((r) => r.unexpected || r.errors || r.timeouts)
  buildStamps.add(buildStamp())
  results.builds = [...buildStamps]
  if (buildStamps.size > 1) {
    log(
      `\nWarning: the build changed during the bench (.output/nitro.json written at ${[...buildStamps].join(', ')}): ` +
        'the servers did not all run the same build; run it again when no other build runs.',
    )
  }
  if (failures.length) {
    log(`\nWarning: unexpected statuses, errors or timeouts under load in ${failures.length} run(s) (column unexp/err/t-o).`)
  }

  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/bench-${date.replace(/[:.]/g, '-')}.json`
  writeFileSync(file, JSON.stringify(results, null, 1))
  log(`\nResults: ${file}`)
}

await run(main)
