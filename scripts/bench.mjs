// `npm run bench`: builds when stale, then measures with autocannon (BENCH_CONNECTIONS
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
//   (r)   the reference app (bench/reference, ADR 041: TanStack Start alone, the site's versions), one
//         process, its hello page and its 600-element page: nothing cached, every request a render;
//   (a*)  (b*) (c*): the same with a process per CPU (the bare server under node:cluster, the app
//         with WEB_CONCURRENCY = CPUs): the whole machine, not one core.
// Where `taskset` exists and there are two CPUs or more, (a), (b), (c) and (r) run on CPU 0 and this
// process (the load generator) on CPU 1; the starred runs are not pinned. (b), (c) and (r) run every
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
//   (c) uncached: home and news detail ≥ 3 % of (a) per server CPU-s, and ≤ 4× the server CPU per
//   render of the reference 600-element page (r) (every page's ratio is printed: "Floor");
//   initial JS ≤ 110 KB gzip on every page without the map or the contact form (contact and
//   locations are reported too, marked as carrying them);
//   after each app configuration: RSS ≤ 150 MB per worker, ≤ 400 MB for the group (primary +
//   workers); (b), (c): RSS growth between passes ≤ BENCH_RSS_GROWTH_MB.
//
// Compares with the previous results: the newest bench/results/bench-*.json run with the same
// connections, duration and Accept-Encoding, else the newest readable one (older files lack some
// figures: those show as "–"). Prints the change per page and metric and, under "Regressions vs
// <file>", every drop over 10 % in a per-CPU-s ratio and rise over 10 % in p99 (and over 1 ms),
// the ratio to the reference page, initial JS or RSS; like a missed target, a regression does not
// change the exit code.
//
// Output: a short header, every run, the summary (per-CPU-s ratios first), RSS, initial JS, the
// floor (each page's uncached CPU per render against the reference app's), targets, the
// comparison; everything measured goes to bench/results/bench-<timestamp>.json.
//
// Environment: BENCH_DURATION (seconds per load run, default 10, at most 15),
// BENCH_CONNECTIONS (default 50), BENCH_PORT (first port tried, default 4500;
// the next free one up to 20 higher), BENCH_ACCEPT_ENCODING (e.g. "br" or "gzip": sent with every
// load request, to include compression in the app's cost; the bare server
// never compresses), BENCH_RSS_GROWTH_MB (allowed RSS growth between passes,
// default 10).
//
// The parts, under scripts/bench/: settings.mjs (environment, targets, CPU pinning), servers.mjs
// (the app and the bare server, /proc figures), scenarios.mjs (the configurations measured: add
// one there), load.mjs (autocannon runs), pages.mjs (pages and their initial JS), report.mjs and
// format.mjs (tables, targets), compare.mjs (the previous results).
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { previousResults } from './bench/compare.mjs'
import { findPages, initialJsOf, referencePages } from './bench/pages.mjs'
import { checkTargets, printComparison, printFloor, printRuns, printSummary } from './bench/report.mjs'
import { contentGrowth } from './bench/content-growth.mjs'
import { scenarios } from './bench/scenarios.mjs'
import { floorOf, series, summarize } from './bench/load.mjs'
import { buildStamp, buildStamps, freePort, run, startApp } from './bench/servers.mjs'
import {
  baselineKind,
  connections,
  duration,
  hasTaskset,
  loadHeaders,
  passes,
  pinned,
  targets,
  warmupMaxSeconds,
  warmupRequests,
  workersAll,
} from './bench/settings.mjs'

// `npm run bench -- --content-growth`: only the content-growth scenario (ADR 038).
if (process.argv.includes('--content-growth')) {
  await contentGrowth({ port: Number(process.env.BENCH_PORT ?? 4530) })
  process.exit(0)
}

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

  const measured = {}
  for (const { label, title, start, passes: passCount, pages: ownPages } of scenarios(port, loadPages)) {
    log(`\n${label} ${title}`)
    const server = await start()
    server.label = label
    measured[label] = await series(server, ownPages ?? loadPages, passCount, log)
  }
  const bareRuns = measured['(a)'].runs
  const bareAllRuns = measured['(a*)'].runs
  const s = {
    '(a)': summarize(bareRuns, loadPages),
    '(a*)': summarize(bareAllRuns, loadPages),
    '(b)': summarize(measured['(b)'].runs, loadPages, bareRuns),
    '(c)': summarize(measured['(c)'].runs, loadPages, bareRuns),
    '(b*)': summarize(measured['(b*)'].runs, loadPages, bareAllRuns),
    '(c*)': summarize(measured['(c*)'].runs, loadPages, bareAllRuns),
    '(r)': summarize(measured['(r)'].runs, referencePages),
  }
  const floor = floorOf(s['(c)'], s['(b)'], s['(r)'], loadPages)

  const { allRuns, noisy } = printRuns(measured, log)
  printSummary(s, loadPages, measured, js, log)
  printFloor(floor, s['(r)'], loadPages, log)
  const checks = checkTargets(s, loadPages, js, measured, floor, log)

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
    reference: {
      app: 'bench/reference',
      paths: Object.fromEntries(referencePages.map((p) => [p.name, p.path])),
      ...measured['(r)'],
      summary: s['(r)'],
    },
    floor,
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
  if (previous) printComparison(results, previous, loadPages, js, noisy, log)

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
