import autocannon from 'autocannon'
import { connections, duration, loadHeaders, warmupMaxSeconds, warmupRequests } from './settings.mjs'
import { cpuTimes, get, processStats, randomPath, sleep, trackers } from './servers.mjs'
import { fmt } from './format.mjs'
import { floorPage } from './pages.mjs'

/**
 * One autocannon run on `page`; stops by itself after `seconds` (or `amount` requests), and at
 * the latest after `maxSeconds` (default: 10 s more). A random page gets a fresh path for every request.
 */
export function cannon(base, page, { seconds, amount, maxSeconds, conns = connections }) {
  return new Promise((resolve, reject) => {
    const options = { url: base + page.path, connections: conns, pipelining: 1, headers: loadHeaders, timeout: 10 }
    // Each request from one of 1,000 visitors, far more than requests in flight (the app trusts one
    // proxy hop here): one client past its share of the render slots is turned away
    // (app/server/pages/render-slots.ts), many visitors are not.
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
export async function measure(server, page, { warmup }) {
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

// ---------------------------------------------------------------- runs

export const problemsOf = (r) =>
  r.unexpected || r.errors || r.timeouts ? `  unexpected status ${r.unexpected}, errors ${r.errors}, timeouts ${r.timeouts}` : ''

export function runLine(label, pass, name, r) {
  return (
    `  ${label} pass ${pass} ${name.padEnd(11)} ${fmt(r.reqPerSec, 0).padStart(7)} req/s  ${fmt(r.reqPerCpuSecond, 0).padStart(7)} req/CPU-s` +
    `  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms${problemsOf(r)}`
  )
}

/** Every page `passCount` times on one server (warm-up before the first pass); RSS after each pass and at the end. */
export async function series(server, pages, passCount, log) {
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
export const perCpu = (r) => (r.serverCpu > 0 ? r.reqPerSec / r.serverCpu : NaN)

/**
 * A configuration's figures per page: its best pass (most req/s: other work on the machine only
 * slows a run down) and its ratios to the bare server's run of the same page, per second of
 * server CPU (the primary figure) and per second.
 */
export function summarize(runs, pages, bareRuns) {
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

/** Milliseconds of server CPU per request of a summary row (1000 / req per CPU-s). */
export const msPerRequest = (row) => (row && row.reqPerCpuSecond > 0 ? 1000 / row.reqPerCpuSecond : NaN)

/**
 * The floor (ADR 041): each page's uncached render, in ms of server CPU, against the
 * reference app's 600-element page measured the same way (one pinned process, the same load);
 * the ratio is the figure that holds on any machine. The cached cost is beside it, for scale.
 */
export function floorOf(uncached, cached, reference, pages) {
  const referenceMs = msPerRequest(reference[floorPage])
  return {
    reference: floorPage,
    referenceMsPerRender: referenceMs,
    referenceHelloMsPerRender: msPerRequest(reference['reference hello']),
    pages: Object.fromEntries(
      pages.map(({ name }) => {
        const ms = msPerRequest(uncached[name])
        return [name, { msPerRender: ms, ratio: ms / referenceMs, cachedMsPerRequest: msPerRequest(cached[name]) }]
      }),
    ),
  }
}
