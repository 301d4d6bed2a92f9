// `npm run bench`: builds when stale, then measures in one run, with autocannon
// (50 connections, pipelining 1, Accept: text/html, Accept-Language: nl; no
// Accept-Encoding, so every body goes out uncompressed):
//   (a) a bare node:http server sending the home page's exact HTML bytes: the
//       Node limit on this core;
//   (b) the built app (home, a news detail, locations) with the page cache;
//   (c) the same with the page cache off (PAGE_CACHE_TTL=0), CMS cache warm;
//   (b*) and (c*) the same with a worker per CPU (WEB_CONCURRENCY), unpinned.
// (b) and (c) run one worker (WEB_CONCURRENCY=1). Each runs twice (two passes over the three pages) so RSS growth
// between passes shows. Where `taskset` exists and there are two CPUs, every
// server runs on CPU 0 and this process (the load generator) on CPU 1; one
// server at a time. Also reports the initial JS (gzip -9 bytes) of home, news
// list, news detail, contact and locations.
//
// Prints every run, a summary (per page its best pass: other work on the
// machine only slows runs down; also the ratios per second of server CPU,
// which hold when other processes or the load generator limit a run), RSS per
// pass, the initial JS, and PASS/FAIL per target (a missed target does not make the
// exit code non-zero; only a failing run does) and writes everything to
// bench/results/bench-<timestamp>.json.
//
// Environment: BENCH_DURATION (seconds per load run, default 10, at most 15),
// BENCH_CONNECTIONS (default 50), BENCH_PORT (first port tried, default 4500;
// up to 4520), BENCH_ACCEPT_ENCODING (e.g. "br" or "gzip": sent with every
// load request, to include compression in the app's cost; the bare server
// never compresses), BENCH_RSS_GROWTH_MB (allowed RSS growth between passes,
// default 10).
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { ensureBuild } from './lib/build.mjs'
import { initialJs } from './lib/initial-js.mjs'
import { serverEntry, serverNodeArgs } from './lib/server.mjs'
import { measuredPages, measuringRun, portPicker } from './lib/site.mjs'

ensureBuild()

const duration = Math.min(15, Math.max(1, Number(process.env.BENCH_DURATION ?? 10) || 10))
const connections = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50) || 50)
const firstPort = Math.max(4500, Math.min(4520, Number(process.env.BENCH_PORT ?? 4500) || 4500))
const lastPort = 4520
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING?.trim() || undefined
const rssGrowthLimitMb = Number(process.env.BENCH_RSS_GROWTH_MB ?? 10) || 10
const passes = 2
const warmupRequests = 300
const loadHeaders = {
  accept: 'text/html',
  'accept-language': 'nl',
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
}
const targets = { cachedRatio: 0.5, uncachedRatio: 0.05, cachedP99Ms: 25, initialJsKb: 110, rssMb: 250 }

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

async function html(base, path) {
  const response = await get(base + path, { accept: 'text/html', 'accept-language': 'nl' })
  if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status}`)
  return response
}

/**
 * A server's figures from /proc: CPU seconds of the whole process tree (the cluster primary and
 * its workers), and VmRSS / VmHWM (peak) in MB of its largest worker (the memory target is per
 * worker process; a bare server has no workers and counts itself).
 */
function processStats(pid) {
  let children = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {}
  const each = [pid, ...children].map(singleProcessStats)
  const workers = children.length > 0 ? each.slice(1) : each
  return {
    rssMb: Math.max(...workers.map((s) => s.rssMb)),
    peakRssMb: Math.max(...workers.map((s) => s.peakRssMb)),
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

/** Starts a server child (on CPU 0 unless `pin` is false) and waits until `readyPath` answers 200. */
async function startServer({ label, port, args, env, readyPath, pin = true }) {
  const base = `http://127.0.0.1:${port}`
  const [command, argv] = pin ? onServerCpu(process.execPath, args) : [process.execPath, args]
  const child = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.add(child)
  let output = ''
  const collect = (chunk) => {
    output = (output + chunk).slice(-8000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${label}: exited during start-up:\n${output}`)
    try {
      if ((await get(base + readyPath)).status === 200) {
        return { label, base, pid: child.pid, child, output: () => output, stop: () => stopChild(child) }
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

/** The app as in production, with one worker unless `extraEnv` says otherwise; all workers are not pinned to one CPU. */
function startApp(port, extraEnv, label) {
  buildStamps.add(buildStamp())
  const env = { WEB_CONCURRENCY: '1', ...extraEnv }
  return startServer({
    label,
    port,
    pin: env.WEB_CONCURRENCY === '1',
    args: [...serverNodeArgs, serverEntry],
    readyPath: '/healthz',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: mkdtempSync(join(tmp, 'data-')),
      ...env,
    },
  })
}

async function startBare(port, body) {
  const bodyFile = join(tmp, 'home.html')
  const serverFile = join(tmp, 'bare-server.mjs')
  writeFileSync(bodyFile, body)
  writeFileSync(
    serverFile,
    `import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
const body = readFileSync(process.env.BODY_FILE)
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
  res.end(body)
}).listen(Number(process.env.PORT), '127.0.0.1')
`,
  )
  return startServer({
    label: 'bare node:http',
    port,
    args: [serverFile],
    readyPath: '/',
    env: { PORT: String(port), BODY_FILE: bodyFile },
  })
}

/** One autocannon run; stops by itself after `seconds` (or `amount` requests), and at the latest 10 s later. */
function cannon(url, { seconds, amount, conns = connections }) {
  return new Promise((resolve, reject) => {
    const options = { url, connections: conns, pipelining: 1, headers: loadHeaders, timeout: 10 }
    if (amount) options.amount = amount
    else options.duration = seconds
    const tracker = autocannon(options, (error, result) => {
      clearTimeout(guard)
      trackers.delete(tracker)
      if (error) reject(error)
      else resolve(result)
    })
    trackers.add(tracker)
    const guard = setTimeout(() => tracker.stop(), ((seconds ?? duration) + 10) * 1000)
  })
}

/** A measured load run on `path`, with the server's and this process's CPU use and the server's RSS after it. */
async function measure(server, path, { warmup }) {
  const url = server.base + path
  if (warmup) await cannon(url, { amount: warmupRequests, conns: 10 })
  const before = processStats(server.pid)
  const cpuBefore = cpuTimes()
  const ownCpuBefore = process.cpuUsage()
  const started = process.hrtime.bigint()
  const result = await cannon(url, { seconds: duration })
  const wall = Number(process.hrtime.bigint() - started) / 1e9
  const ownCpu = process.cpuUsage(ownCpuBefore)
  const after = processStats(server.pid)
  const cpuAfter = cpuTimes()
  const busy = (cpu) =>
    cpuBefore[cpu] && cpuAfter[cpu] ? (cpuAfter[cpu].busy - cpuBefore[cpu].busy) / (cpuAfter[cpu].total - cpuBefore[cpu].total) : NaN
  const probe = await get(url, loadHeaders).catch(() => undefined)
  const serverCpu = (after.cpuSeconds - before.cpuSeconds) / wall
  return {
    path,
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
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    responseBytes: probe?.body.length ?? null,
    serverCpu,
    generatorCpu: (ownCpu.user + ownCpu.system) / 1e6 / wall,
    // CPU 0's time spent on anything but the server (other processes, interrupts): noise when high.
    otherOnServerCpu: pinned ? Math.max(0, busy('0') - serverCpu) : null,
    rssMb: after.rssMb,
    peakRssMb: after.peakRssMb,
    pageCacheAfter: probe?.headers['x-page-cache'] ?? null,
  }
}

// ---------------------------------------------------------------- pages

/** The five pages' nl paths, checked against the server. */
async function findPages(base) {
  const pages = await measuredPages(async (path) => (await html(base, path)).body.toString())
  for (const path of Object.values(pages)) await html(base, path)
  return pages
}

/** A page's initial JS (scripts/lib/initial-js.mjs), fetched uncompressed from the server. */
async function initialJsOf(base, path, cache) {
  const page = (await html(base, path)).body.toString()
  const fetchBytes = async (url) => {
    const response = await get(url, { 'accept-encoding': 'identity' })
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`)
    return response.body
  }
  return { path, ...(await initialJs(base + path, page, fetchBytes, cache)) }
}

// ---------------------------------------------------------------- runs

async function appSeries(port, label, extraEnv, paths, log) {
  const server = await startApp(port, extraEnv, label)
  try {
    // The header on the first request (a fresh cache) and after the warm-up and first load run.
    const first = (await get(server.base + paths[0][1], loadHeaders)).headers['x-page-cache']
    const runs = []
    const rssAfterPass = []
    let afterWarmup
    for (let pass = 1; pass <= passes; pass++) {
      for (const [name, path] of paths) {
        const run = await measure(server, path, { warmup: pass === 1 })
        if (pass === 1 && name === paths[0][0]) afterWarmup = run.pageCacheAfter
        runs.push({ page: name, pass, ...run })
        log(
          `  ${label} pass ${pass} ${name.padEnd(11)} ${fmt(run.reqPerSec, 0).padStart(7)} req/s  p50 ${run.latencyMs.p50} ms  p99 ${run.latencyMs.p99} ms` +
            `${run.non2xx || run.errors || run.timeouts ? `  non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}` : ''}`,
        )
      }
      await sleep(1000)
      rssAfterPass.push(processStats(server.pid))
    }
    const pageCache = first === undefined && afterWarmup == null ? '(page cache not active)' : `${first ?? '–'} → ${afterWarmup ?? '–'}`
    log(`  ${label}: X-Page-Cache on ${paths[0][1]}: ${pageCache}`)
    return { runs, pageCache, rssAfterPass, final: processStats(server.pid) }
  } finally {
    await server.stop()
  }
}

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`
const pct = (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '–')

function table(rows, rightFrom = 1) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  const line = (row) => row.map((cell, i) => (i < rightFrom ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ')
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}

async function main() {
  const log = (message) => console.log(message)
  const port = await freePort()
  const load = loadavg()
  log(
    `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} ×${cpus().length}, load average ${load.map((l) => l.toFixed(2)).join(' ')}`,
  )
  log(
    pinned
      ? 'taskset: servers on CPU 0, load generator on CPU 1'
      : `taskset: ${hasTaskset ? 'fewer than two CPUs' : 'not found'}, no pinning`,
  )
  log(
    `autocannon: ${connections} connections, pipelining 1, ${duration} s per run, ${warmupRequests} warm-up requests first; ` +
      `headers ${JSON.stringify(loadHeaders)}; port ${port}\n`,
  )

  // Pages, the home page's bytes and the initial JS come from the (b) configuration's server.
  const probe = await startApp(port, {}, 'app')
  let pages
  let homeBody
  const js = {}
  try {
    pages = await findPages(probe.base)
    log(
      `Paths: ${Object.entries(pages)
        .map(([name, path]) => `${name} ${path}`)
        .join(', ')}`,
    )
    homeBody = (await html(probe.base, '/')).body
    log(`Home page: ${homeBody.length} bytes of HTML (uncompressed)\n`)
    const cache = new Map()
    for (const [name, path] of Object.entries(pages)) js[name] = await initialJsOf(probe.base, path, cache)
  } finally {
    await probe.stop()
  }

  const loadPages = [
    ['home', pages.home],
    ['news detail', pages['news detail']],
    ['locations', pages.locations],
  ]
  log('(b) app, page cache on (default PAGE_CACHE_TTL)')
  const cached = await appSeries(port, '(b)', {}, loadPages, log)
  log('(c) app, page cache off (PAGE_CACHE_TTL=0), CMS cache warm')
  const uncached = await appSeries(port, '(c)', { PAGE_CACHE_TTL: '0' }, loadPages, log)
  // (b) and (c) run one worker pinned to CPU 0; these run a worker per CPU, unpinned (sharing
  // CPU 1 with the load generator, so on two CPUs the gain is bounded by it).
  const allWorkers = String(cpus().length)
  log(`(b*) app, page cache on, ${allWorkers} workers`)
  const cachedAll = await appSeries(port, '(b*)', { WEB_CONCURRENCY: allWorkers }, loadPages, log)
  log(`(c*) app, page cache off, ${allWorkers} workers`)
  const uncachedAll = await appSeries(port, '(c*)', { WEB_CONCURRENCY: allWorkers, PAGE_CACHE_TTL: '0' }, loadPages, log)

  log('(a) bare node:http, home page bytes')
  const bareServer = await startBare(port, homeBody)
  let bare
  try {
    // A warm-up like the app's, then one run.
    bare = await measure(bareServer, '/', { warmup: true })
    log(`  (a) ${fmt(bare.reqPerSec, 0)} req/s  p50 ${bare.latencyMs.p50} ms  p99 ${bare.latencyMs.p99} ms`)
  } finally {
    await bareServer.stop()
  }

  // A page's figures in a series: its best pass (most req/s). Other work on the machine only ever
  // slows a run down, so the best pass is the least disturbed one. Besides req/s, req/s per second
  // of server CPU: that ratio holds when other processes or the load generator limit a run.
  const perCpu = (r) => (r.serverCpu > 0 ? r.reqPerSec / r.serverCpu : NaN)
  const summary = (series) =>
    Object.fromEntries(
      loadPages.map(([name]) => {
        const best = series.runs.filter((r) => r.page === name).sort((x, y) => y.reqPerSec - x.reqPerSec)[0]
        return [
          name,
          {
            pass: best.pass,
            reqPerSec: best.reqPerSec,
            latencyMs: best.latencyMs,
            ratio: best.reqPerSec / bare.reqPerSec,
            perCpuRatio: perCpu(best) / perCpu(bare),
          },
        ]
      }),
    )
  const cachedSummary = summary(cached)
  const uncachedSummary = summary(uncached)
  const cachedAllSummary = summary(cachedAll)
  const uncachedAllSummary = summary(uncachedAll)

  // ------------------------------------------------------------ report
  const errorsCell = (r) => (r.non2xx || r.errors || r.timeouts ? `${r.non2xx}/${r.errors}/${r.timeouts}` : '0')
  const rows = [
    [
      'run',
      'page',
      'pass',
      'req/s',
      'of (a)',
      'p50 ms',
      'p99 ms',
      'KB',
      'req/CPU-s',
      'srv CPU',
      'gen CPU',
      'other CPU0',
      'non2xx/err/timeout',
      'RSS MB',
      'X-Page-Cache',
    ],
  ]
  const runRow = (label, page, r) => [
    label,
    page,
    String(r.pass ?? 1),
    fmt(r.reqPerSec, 0),
    pct(r.reqPerSec / bare.reqPerSec),
    r.latencyMs.p50,
    r.latencyMs.p99,
    fmt(r.responseBytes / 1024),
    fmt(perCpu(r), 0),
    pct(r.serverCpu),
    pct(r.generatorCpu),
    pct(r.otherOnServerCpu),
    errorsCell(r),
    fmt(r.rssMb),
    r.pageCacheAfter ?? '–',
  ]
  rows.push(runRow('(a) bare', 'home bytes', bare))
  for (const [label, series] of [
    ['(b) cached', cached],
    ['(c) uncached', uncached],
    ['(b*) cached, all workers', cachedAll],
    ['(c*) uncached, all workers', uncachedAll],
  ]) {
    for (const r of series.runs) rows.push(runRow(label, r.page, r))
  }
  log(`\n${table(rows, 3)}`)
  log('KB: response body; req/CPU-s: requests per second of server CPU; srv/gen CPU: share of one CPU used by the server / this')
  log("load generator; other CPU0: other processes' share of the server's CPU (noise).")
  const noisy = [bare, ...cached.runs, ...uncached.runs].filter((r) => r.otherOnServerCpu > 0.1)
  if (noisy.length) log(`Note: other processes took over 10% of the server's CPU in ${noisy.length} run(s): those figures are low.`)
  if (bare.generatorCpu > 0.9) {
    log(
      `Note: the load generator used ${pct(bare.generatorCpu)} of its CPU on (a): the bare figure (and so the ratios' base) may be the generator's limit rather than the server's.`,
    )
  }

  const latency = (l) => `${l.p50} / ${l.p99}`
  log(`\nSummary (best of ${passes} passes per page; ratios to (a) ${fmt(bare.reqPerSec, 0)} req/s, p50/p99 ${latency(bare.latencyMs)} ms)`)
  log(
    table([
      [
        'page',
        '(b) req/s',
        '(b)/(a)',
        '(b) p50/p99 ms',
        '(c) req/s',
        '(c)/(a)',
        '(c) p50/p99 ms',
        '(b)/(a) per CPU-s',
        '(c)/(a) per CPU-s',
      ],
      ...loadPages.map(([name]) => {
        const b = cachedSummary[name]
        const c = uncachedSummary[name]
        return [
          name,
          fmt(b.reqPerSec, 0),
          pct(b.ratio),
          latency(b.latencyMs),
          fmt(c.reqPerSec, 0),
          pct(c.ratio),
          latency(c.latencyMs),
          pct(b.perCpuRatio),
          pct(c.perCpuRatio),
        ]
      }),
    ]),
  )

  log(`\nOne worker (pinned to CPU 0) vs ${allWorkers} workers (unpinned), best pass per page`)
  log(
    table([
      ['page', '(b) 1 worker', `(b*) ${allWorkers} workers`, 'gain', '(c) 1 worker', `(c*) ${allWorkers} workers`, 'gain'],
      ...loadPages.map(([name]) => {
        const [b, bAll, c, cAll] = [cachedSummary, cachedAllSummary, uncachedSummary, uncachedAllSummary].map((s) => s[name].reqPerSec)
        return [name, fmt(b, 0), fmt(bAll, 0), pct(bAll / b), fmt(c, 0), fmt(cAll, 0), pct(cAll / c)]
      }),
    ]),
  )

  log(
    `\n${table([
      ['config', 'RSS after pass 1', `RSS after pass ${passes}`, 'growth', 'peak RSS (VmHWM)', 'X-Page-Cache (first → after load)'],
      ...[
        ['(b) cached', cached],
        ['(c) uncached', uncached],
        ['(b*) all workers', cachedAll],
        ['(c*) all workers', uncachedAll],
      ].map(([label, s]) => [
        label,
        `${fmt(s.rssAfterPass[0].rssMb)} MB`,
        `${fmt(s.rssAfterPass.at(-1).rssMb)} MB`,
        `${s.rssAfterPass.at(-1).rssMb - s.rssAfterPass[0].rssMb >= 0 ? '+' : ''}${fmt(s.rssAfterPass.at(-1).rssMb - s.rssAfterPass[0].rssMb)} MB`,
        `${fmt(s.final.peakRssMb)} MB`,
        s.pageCache,
      ]),
    ])}`,
  )

  log(
    `\n${table(
      [
        ['initial JS', 'path', 'files', 'raw', 'gzip -9', 'brotli', 'inline (gzip)', 'map code'],
        ...Object.entries(js).map(([name, j]) => [
          name,
          j.path,
          `${j.files}${j.files > j.filesFromHtml ? ` (+${j.files - j.filesFromHtml} not preloaded)` : ''}`,
          kb(j.rawBytes),
          kb(j.gzipBytes),
          kb(j.brotliBytes),
          kb(j.inlineGzipBytes),
          j.hasMap ? 'yes' : 'no',
        ]),
      ],
      2,
    )}`,
  )

  // ------------------------------------------------------------ targets
  const checks = []
  const check = (name, value, pass) => checks.push({ target: name, value, pass })
  const ratioValue = (s) => `${pct(s.ratio)} (per CPU-s ${pct(s.perCpuRatio)})`
  for (const [name, s] of Object.entries(cachedSummary))
    check(`cached ${name} ≥ ${pct(targets.cachedRatio)} of bare req/s`, ratioValue(s), s.ratio >= targets.cachedRatio)
  for (const [name, s] of Object.entries(uncachedSummary))
    check(`uncached ${name} ≥ ${pct(targets.uncachedRatio)} of bare req/s`, ratioValue(s), s.ratio >= targets.uncachedRatio)
  if (connections === 50) {
    for (const [name, s] of Object.entries(cachedSummary))
      check(
        `cached ${name} p99 ≤ ${targets.cachedP99Ms} ms (50 connections)`,
        `${s.latencyMs.p99} ms`,
        s.latencyMs.p99 <= targets.cachedP99Ms,
      )
  }
  for (const [name, j] of Object.entries(js)) {
    if (name === 'locations' || j.hasMap) continue
    check(`initial JS ${name} ≤ ${targets.initialJsKb} KB gzip`, kb(j.gzipBytes), j.gzipBytes <= targets.initialJsKb * 1024)
  }
  for (const [label, s] of [
    ['cached', cached],
    ['uncached', uncached],
  ]) {
    check(
      `RSS after the bench (${label}) ≤ ${targets.rssMb} MB`,
      `${fmt(s.final.rssMb)} MB (peak ${fmt(s.final.peakRssMb)} MB)`,
      s.final.rssMb <= targets.rssMb,
    )
    const growth = s.rssAfterPass.at(-1).rssMb - s.rssAfterPass[0].rssMb
    check(
      `RSS not growing between passes (${label}, ≤ +${rssGrowthLimitMb} MB)`,
      `${growth >= 0 ? '+' : ''}${fmt(growth)} MB`,
      growth <= rssGrowthLimitMb,
    )
  }
  log(`\n${table([['target', 'value', 'result'], ...checks.map((c) => [c.target, c.value, c.pass ? 'PASS' : 'FAIL'])], 1)}`)
  const failures = [bare, ...cached.runs, ...uncached.runs].filter((r) => r.non2xx || r.errors || r.timeouts)
  buildStamps.add(buildStamp())
  if (buildStamps.size > 1) {
    log(
      `\nWarning: the build changed during the bench (.output/nitro.json written at ${[...buildStamps].join(', ')}): ` +
        'the servers did not all run the same build; run it again when no other build runs.',
    )
  }
  if (failures.length)
    log(`\nWarning: non-2xx responses, errors or timeouts under load in ${failures.length} run(s) (column non2xx/err/timeout).`)

  mkdirSync('bench/results', { recursive: true })
  const date = new Date().toISOString()
  const file = `bench/results/bench-${date.replace(/[:.]/g, '-')}.json`
  writeFileSync(
    file,
    JSON.stringify(
      {
        date,
        node: process.version,
        cpu: cpus()[0]?.model,
        cpus: cpus().length,
        totalMemMb: Math.round(totalmem() / 1024 / 1024),
        loadAverage: { start: load, end: loadavg() },
        taskset: pinned,
        builds: [...buildStamps],
        tool: 'autocannon',
        settings: { connections, pipelining: 1, durationSeconds: duration, warmupRequests, passes, headers: loadHeaders },
        paths: pages,
        bare,
        cached: { ...cached, summary: cachedSummary },
        uncached: { ...uncached, summary: uncachedSummary },
        allWorkers: {
          workers: Number(allWorkers),
          cached: { ...cachedAll, summary: cachedAllSummary },
          uncached: { ...uncachedAll, summary: uncachedAllSummary },
        },
        initialJs: js,
        targets,
        checks,
      },
      null,
      1,
    ),
  )
  log(`\nResults: ${file}`)
}

await run(main)
