// `npm run lighthouse`: builds when stale, serves the production build on
// 127.0.0.1 (LIGHTHOUSE_PORT, default 4400; the next free port up to 20 higher
// when taken), and runs Lighthouse (default config = mobile preset) in the local
// Chromium, as a Dutch browser, on home, news list, a news detail, contact,
// locations and the first location page (nl, the default language, without
// prefix), each requested twice
// first so the server is warm. Prints performance, accessibility,
// best-practices and seo per page, the failing audits and metrics below 100,
// and writes the full results to bench/results/lighthouse-<timestamp>.json.
// Exits non-zero only when the run itself fails, never on low scores.
//
// The floor (ADR 041): the reference app (bench/reference: TanStack Start alone, from
// the site's installed versions; built when stale, served by its own production server) is
// audited in the same run, interleaved with the pages: a reference page before each page and one
// after the last, its 600-element page and its hello page by turns (reference, page, reference,
// page…), so the machine's drift hits both. Each page's TBT and performance score are printed
// beside the reference 600-element page's (the median of its audits in this run), with the TBT
// ratio and the score difference, and checked against the targets: TBT ≤ 2× the reference's,
// performance ≥ the reference's − 3 (PASS/FAIL; a miss does not change the exit code). Beside
// them, with no target: all main-thread time and its script part (Lighthouse's
// mainthread-work-breakdown, whole and its script groups) against the reference's, the work behind TBT and a
// steadier figure than TBT itself, which counts only each task's part past 50 ms (ADR 091).
//
// Options (environment): LIGHTHOUSE_RUNS=5 (median of five runs per page),
// LIGHTHOUSE_THROTTLING=devtools (throttle the real load instead of
// simulating), LIGHTHOUSE_PAGES=home,locations (only these), LIGHTHOUSE_PORT.
//
// The map's tile host (TILE_URL) is not reachable from every machine, so the
// script serves map tiles itself: a small HTTPS server (self-signed certificate
// from openssl, trusted by this Chromium only, by its public key) answering every
// tile with a 256×256 PNG, so the locations map loads as with a reachable tile
// server. Without openssl the default TILE_URL stays and tiles fail to load.
import { spawnSync } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { ensureBuild, ensureReferenceBuild } from './lib/build.mjs'
import { startBuiltServer, startReferenceServer } from './lib/server.mjs'
import { firstLocationPath, measuredPages, measuringRun, portPicker } from './lib/site.mjs'

const categories = ['performance', 'accessibility', 'best-practices', 'seo']
/** Lighthouse runs per page (LIGHTHOUSE_RUNS, default 1); with more, the median run (Lighthouse's own pick) counts. */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1) || 1)
/**
 * LIGHTHOUSE_THROTTLING=devtools: throttle the real page load (slow 4G, 4× CPU) instead of Lighthouse's
 * default simulation from an unthrottled load; slower, but not misled by a server on the same machine.
 */
const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate'
const firstPort = Number(process.env.LIGHTHOUSE_PORT ?? 4400)
const lastPort = firstPort + 20
const chromePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A Dutch browser: `/` is the nl home (another Accept-Language would be redirected to its language).
  '--accept-lang=nl-NL,nl',
  // Chromium 15x loads its omnibox popup as a WebUI page in a renderer of its own, even headless:
  // on two cores that renderer competed with the measured page and added ~1 s of blocking time.
  '--disable-features=WebUIOmniboxPopup',
]

ensureBuild()
ensureReferenceBuild()
const buildTime = () => (existsSync('.output/nitro.json') ? statSync('.output/nitro.json').mtimeMs : 0)
const builtAt = buildTime()

const { tmp, onCleanup, run } = measuringRun('lighthouse')
const dataDir = join(tmp, 'data')
mkdirSync(dataDir)

const { freePort, releasePort } = portPicker(firstPort, lastPort)

/** A 256×256 PNG in a light map-like grey, built by hand (one IDAT, filter 0). */
function tilePng() {
  const size = 256
  const row = Buffer.alloc(1 + size * 3, 0xe8)
  row[0] = 0
  const raw = Buffer.concat(Array.from({ length: size }, () => row))
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Local HTTPS tile server; returns its TILE_URL and the Chromium flag that trusts its certificate. */
async function startTileServer() {
  const key = join(tmp, 'tile-key.pem')
  const cert = join(tmp, 'tile-cert.pem')
  const openssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'pipe' },
  )
  if (openssl.status !== 0) return undefined
  const certPem = readFileSync(cert)
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' })
  const spkiHash = createHash('sha256').update(spki).digest('base64')
  const png = tilePng()
  const port = await freePort()
  const server = createHttpsServer({ key: readFileSync(key), cert: certPem }, (req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'Content-Type': 'image/png',
      'Content-Length': png.length,
      'Cache-Control': 'public, max-age=86400',
      'Access-Control-Allow-Origin': '*',
    })
    res.end(png)
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  onCleanup(() => new Promise((resolve) => server.close(resolve)))
  return { url: `https://127.0.0.1:${port}/{z}/{x}/{y}.png`, chromeFlag: `--ignore-certificate-errors-spki-list=${spkiHash}` }
}

async function startServer(port, tileUrl) {
  const server = await startBuiltServer(port, { env: { DATA_DIR: dataDir, ...(tileUrl ? { TILE_URL: tileUrl } : {}) } })
  // SIGTERM, and SIGKILL if it has not stopped within 5 s.
  onCleanup(() => server.stop(5000))
  return server.base
}

/** The reference app's pages (bench/reference), audited between the site's. */
const referencePages = [
  { name: 'reference 600', path: '/content' },
  { name: 'reference hello', path: '/' },
]
/** The page the site's pages are set against, and the targets. */
const floorPage = 'reference 600'
const floorTargets = { tbtRatio: 2, scoreBelow: 3 }

async function startReference(port) {
  const server = await startReferenceServer(port)
  onCleanup(() => server.stop(5000))
  // Warm, as the site's pages are (findPages): the first render of a route loads its chunk.
  for (const page of referencePages) for (let i = 0; i < 2; i++) await (await fetch(server.base + page.path)).text()
  return server.base
}

/**
 * The audit order: a reference page before each page and one after the last, the 600-element
 * page and the hello page by turns; with one page: 600, the page, hello.
 */
function interleaved(pages, base, referenceBase) {
  const reference = (i) => {
    const page = referencePages[i % referencePages.length]
    return { ...page, reference: true, url: referenceBase + page.path }
  }
  const order = []
  for (const [i, page] of pages.entries()) order.push(reference(i), { ...page, url: base + page.path })
  order.push(reference(pages.length))
  return order
}

/** Main-thread time spent on script (evaluation, parse and compile) in one audit, in ms. */
function scriptTime(lhr) {
  const items = lhr.audits['mainthread-work-breakdown']?.details?.items
  if (!Array.isArray(items)) return undefined
  return items
    .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
    .reduce((sum, item) => sum + item.duration, 0)
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return null
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Chromium's request headers for a page (the page cache varies on them). */
const browserHeaders = { 'Accept-Language': 'nl-NL,nl;q=0.9', 'Accept-Encoding': 'gzip, deflate, br, zstd' }

async function html(base, path) {
  const response = await fetch(base + path, { headers: browserHeaders })
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`)
  return response.text()
}

/** Requests every image variant a page names in a `srcset` or `imagesrcset` (React writes them camel-cased). */
async function warmImageVariants(base, page) {
  const urls = new Set()
  for (const [, list] of page.matchAll(/\b(?:srcset|imagesrcset)="([^"]*)"/gi)) {
    for (const candidate of list.split(',')) {
      const url = candidate.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&')
      if (url) urls.add(new URL(url, base).href)
    }
  }
  for (const url of urls) await (await fetch(url)).arrayBuffer()
}

/** The five pages' nl paths and the first location page, warmed up, optionally narrowed by LIGHTHOUSE_PAGES. */
async function findPages(base) {
  const found = await measuredPages((path) => html(base, path))
  const pages = Object.entries(found).map(([name, path]) => ({ name, path }))
  const location = firstLocationPath(found.locations, await html(base, found.locations))
  if (location) pages.push({ name: 'location', path: location })
  // Each page is requested (twice) before it is audited: a warm server, as in production, where
  // a page is rarely requested for the first time since its last change. So are its image
  // variants: they are made on first request (ADR 013) and kept on disk, so only the first
  // visitor after an image changes waits for one; an audit of that wait measures the encoder.
  for (const page of pages) {
    for (let i = 0; i < 2; i++) await html(base, page.path)
    await warmImageVariants(base, await html(base, page.path))
  }
  // LIGHTHOUSE_PAGES=home,locations: only these (names as in the table, spaces as dashes).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return only?.length ? pages.filter((page) => only.includes(page.name.replaceAll(' ', '-'))) : pages
}

function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId]
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }))
}

const signed = (n) => `${n > 0 ? '+' : ''}${n}`

const metricIds = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
}

async function main() {
  const port = await freePort()
  const tiles = await startTileServer()
  const base = await startServer(port, tiles?.url)
  console.log(`Built app on ${base}`)
  console.log(
    tiles
      ? `Map tiles: served locally (${tiles.url.replace('{z}/{x}/{y}.png', '')}, self-signed, trusted by this Chromium only), ` +
          'since the tile host is not reachable here; the map loads as with a reachable tile server.'
      : 'Map tiles: openssl not found, so no local tile server; the default TILE_URL is used and tiles may fail to load.',
  )
  const pages = await findPages(base)
  const referenceBase = await startReference(await freePort())
  console.log(
    `Reference app (bench/reference) on ${referenceBase}: audited between the pages (${referencePages.map((p) => p.name).join(', ')})`,
  )
  const load = loadavg()[0]
  if (load > availableParallelism()) {
    console.log(
      `Note: load average ${load.toFixed(1)} on ${availableParallelism()} CPUs; other work on this machine inflates ` +
        'the performance metrics (TBT above all). LIGHTHOUSE_RUNS=5 takes the median of five runs.',
    )
  }

  /** One Chromium per page (a fresh profile each time); one retry when the trace fails (e.g. NO_NAVSTART). */
  async function audit(url) {
    for (let attempt = 1; ; attempt++) {
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: tiles ? [...chromeFlags, tiles.chromeFlag] : chromeFlags,
        port: await freePort(),
        logLevel: 'silent',
      })
      const stop = () => chrome.kill()
      const forget = onCleanup(stop)
      try {
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
          throttlingMethod,
        })
        const error = runner?.lhr ? runner.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' }
        if (!error) return runner.lhr
        if (attempt >= 2) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`)
        console.log(`  ${error.code}: trying again`)
      } finally {
        forget()
        await stop()
        releasePort(chrome.port)
      }
    }
  }

  const results = []
  const referenceRuns = []
  for (const { reference, ...page } of interleaved(pages, base, referenceBase)) {
    const { url } = page
    console.log(
      `Lighthouse (mobile${throttlingMethod === 'devtools' ? ', devtools throttling' : ''}): ${page.name} ${page.path}${runs > 1 ? ` (${runs} runs, median)` : ''}…`,
    )
    const lhrs = []
    for (let run = 0; run < runs; run++) lhrs.push(await audit(url))
    const lhr = runs > 1 ? computeMedianRun(lhrs) : lhrs[0]
    const scores = Object.fromEntries(
      categories.map((id) => [id, lhr.categories[id].score === null ? null : Math.round(lhr.categories[id].score * 100)]),
    )
    const metrics = Object.fromEntries(Object.entries(metricIds).map(([name, id]) => [name, lhr.audits[id]?.displayValue]))
    const failing = Object.fromEntries(categories.map((id) => [id, failingAudits(lhr, id)]).filter(([, list]) => list.length))
    const performanceRuns = lhrs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100))
    const tbtMs = lhr.audits[metricIds.TBT]?.numericValue ?? null
    // The work behind TBT, steadier from run to run than TBT itself (which counts only the part of
    // each task past 50 ms, after the simulated first paint): all main-thread time and its script
    // part, each the median over the runs (TBT and the scores are the median run's). The script
    // part is the breakdown's own groups: bootup-time leaves out files under 50 ms, and the site
    // has many small chunks.
    const workMs = median(lhrs.map((r) => r.audits['mainthread-work-breakdown']?.numericValue))
    const scriptMs = median(lhrs.map(scriptTime))
    const result = { ...page, url, scores, tbtMs, workMs, scriptMs, performanceRuns, metrics, failing, warnings: lhr.runWarnings, lhr }
    if (reference) referenceRuns.push(result)
    else results.push(result)
  }

  // The reference pages' figures: the median over their audits in this run.
  const referenceSummary = Object.fromEntries(
    referencePages.map(({ name, path }) => {
      const own = referenceRuns.filter((r) => r.name === name)
      return [
        name,
        {
          path,
          audits: own.length,
          tbtMs: median(own.map((r) => r.tbtMs)),
          performance: median(own.map((r) => r.scores.performance)),
          workMs: median(own.map((r) => r.workMs)),
          scriptMs: median(own.map((r) => r.scriptMs)),
          tbtMsPerAudit: own.map((r) => r.tbtMs),
          performancePerAudit: own.map((r) => r.scores.performance),
        },
      ]
    }),
  )
  const floor = referenceSummary[floorPage]
  /** own ÷ reference, or null when either is missing or the reference is 0. */
  const ratio = (own, ref) => (ref > 0 && own !== null ? own / ref : null)
  for (const r of results) {
    // A reference TBT of 0 leaves no ratio (the target then asks for 0 too).
    const tbtRatio = floor.tbtMs > 0 && r.tbtMs !== null ? r.tbtMs / floor.tbtMs : null
    const scoreDifference = floor.performance !== null && r.scores.performance !== null ? r.scores.performance - floor.performance : null
    r.floor = {
      reference: floorPage,
      tbtMs: floor.tbtMs,
      performance: floor.performance,
      tbtRatio,
      scoreDifference,
      workRatio: ratio(r.workMs, floor.workMs),
      scriptRatio: ratio(r.scriptMs, floor.scriptMs),
    }
  }

  const rows = [
    ['page', 'path', ...categories],
    ...results.map((r) => [r.name, r.path, ...categories.map((id) => String(r.scores[id] ?? '–'))]),
  ]
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')
  console.log(`\n${line(rows[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const row of rows.slice(1)) console.log(line(row))
  if (runs > 1) console.log(`Performance per run: ${results.map((r) => `${r.name} ${r.performanceRuns.join('/')}`).join(', ')}`)

  for (const r of results) {
    const entries = Object.entries(r.failing)
    if (!entries.length) continue
    console.log(
      `\n${r.name} (${r.path}): ${Object.entries(r.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    )
    for (const [category, audits] of entries) {
      for (const audit of audits) {
        console.log(`  ${category}: ${audit.id} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`)
      }
    }
  }

  const ms = (value) => (value === null ? '–' : `${Math.round(value).toLocaleString('en')} ms`)
  const cell = (value) => (value === null ? '–' : String(value))
  const times = (value) => (value === null ? '–' : `${value.toFixed(2)}×`)
  const floorRows = [
    ['page', 'TBT', 'perf', `${floorPage} TBT`, `${floorPage} perf`, 'TBT ratio', 'perf diff', 'main thread', 'work ratio', 'script ratio'],
    ...referencePages.map(({ name }) => {
      const ref = referenceSummary[name]
      const diff = ref.performance !== null && floor.performance !== null ? ref.performance - floor.performance : null
      return [
        `${name} (median of ${ref.audits})`,
        ms(ref.tbtMs),
        cell(ref.performance),
        '',
        '',
        times(ratio(ref.tbtMs, floor.tbtMs)),
        diff === null ? '–' : signed(diff),
        ms(ref.workMs),
        times(ratio(ref.workMs, floor.workMs)),
        times(ratio(ref.scriptMs, floor.scriptMs)),
      ]
    }),
    ...results.map((r) => [
      r.name,
      ms(r.tbtMs),
      cell(r.scores.performance),
      ms(r.floor.tbtMs),
      cell(r.floor.performance),
      times(r.floor.tbtRatio),
      r.floor.scoreDifference === null ? '–' : signed(r.floor.scoreDifference),
      ms(r.workMs),
      times(r.floor.workRatio),
      times(r.floor.scriptRatio),
    ]),
  ]
  const floorWidths = floorRows[0].map((_, i) => Math.max(...floorRows.map((row) => row[i].length)))
  const floorLine = (row) => row.map((cell, i) => (i < 1 ? cell.padEnd(floorWidths[i]) : cell.padStart(floorWidths[i]))).join('  ')
  console.log(
    `\nAgainst the floor: the reference app (bench/reference) in this run, ${floorPage} = the median of its audits\n` +
      `(per audit: ${referencePages.map(({ name }) => `${name} TBT ${referenceSummary[name].tbtMsPerAudit.map(ms).join(' / ')}, perf ${referenceSummary[name].performancePerAudit.join(' / ')}`).join('; ')})`,
  )
  console.log(`${floorLine(floorRows[0])}\n${floorWidths.map((w) => '-'.repeat(w)).join('  ')}`)
  for (const row of floorRows.slice(1)) console.log(floorLine(row))

  const checks = []
  for (const r of results) {
    const tbtLimit = floor.tbtMs === null ? null : floorTargets.tbtRatio * floor.tbtMs
    checks.push({
      target: `${r.name} TBT ≤ ${floorTargets.tbtRatio}× ${floorPage}'s`,
      value: `${ms(r.tbtMs)} (${r.floor.tbtRatio === null ? 'no ratio' : `${r.floor.tbtRatio.toFixed(2)}×`} of ${ms(floor.tbtMs)})`,
      pass: tbtLimit !== null && r.tbtMs !== null && r.tbtMs <= tbtLimit,
    })
    checks.push({
      target: `${r.name} performance ≥ ${floorPage}'s − ${floorTargets.scoreBelow}`,
      value: `${cell(r.scores.performance)} (${r.floor.scoreDifference === null ? '–' : signed(r.floor.scoreDifference)} against ${cell(floor.performance)})`,
      pass: r.floor.scoreDifference !== null && r.floor.scoreDifference >= -floorTargets.scoreBelow,
    })
  }
  console.log('\nTargets (a miss does not change the exit code)')
  for (const check of checks) console.log(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.target}: ${check.value}`)
  console.log(`${checks.filter((c) => c.pass).length} of ${checks.length} targets met.`)

  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: results[0]?.lhr.lighthouseVersion,
        preset: 'mobile (default config)',
        throttlingMethod,
        runsPerPage: runs,
        loadAverage: loadavg(),
        chrome: results[0]?.lhr.environment?.hostUserAgent,
        tiles: tiles ? 'local HTTPS tile server' : 'default TILE_URL',
        pages: results,
        reference: { app: 'bench/reference', floorPage, targets: floorTargets, summary: referenceSummary, audits: referenceRuns },
        checks,
      },
      null,
      1,
    ),
  )
  console.log(`\nFull results: ${file}`)
  if (buildTime() !== builtAt) {
    console.log('Warning: .output was rebuilt during this run (another build?); pages may have missed their assets. Run again.')
  }
}

await run(main)
