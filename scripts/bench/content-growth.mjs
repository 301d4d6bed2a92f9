// The content-growth scenario: a production server (one worker, as in production per
// CPU) on a generated content folder (`npm run content:fixture`, default 2,000 news items, 200
// pages, 300 locations), measuring what an editor's save costs the visitors:
//   start-up: spawn until /healthz answers, and until the news list does; cold (a fresh
//   DATA_DIR), then warm (a restart on it: the parse cache of ADR 040);
//   render cost: news list, a news detail and /sitemap.xml, requests per second of server CPU
//   (page cache off: every request renders; the sitemap is made once per content version), and
//   the same with the repository's content, for the ratio;
//   a reload: one news file edited while /healthz is probed every 20 ms: worst and p99 answer
//   time, when the edit is on the news detail page (edit-live), whether the worker survived
//   (same pid), worker RSS (now and peak) after it.
// Targets: healthz p99 <= 50 ms and worst <= 200 ms, edit live <= 1 s, start-up <= 3 s,
// worker RSS <= 250 MB, each render >= 80 % of its rate with the repository's content; printed as PASS/FAIL, they do not change the exit code.
//
// `npm run bench -- --content-growth`, or on its own for another build (e.g. an older commit's,
// to compare): `node scripts/bench/content-growth.mjs [folder with .output] [port]`.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const clockTicks = 100

/** CPU seconds of a process tree (primary + workers), and each worker's pid, RSS and peak RSS in MB. */
function processStats(pid) {
  let children = []
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  } catch {}
  const one = (id) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8')
      const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return {
        pid: id,
        rssMb: kb('VmRSS') / 1024,
        peakRssMb: kb('VmHWM') / 1024,
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / clockTicks,
      }
    } catch {
      return { pid: id, rssMb: NaN, peakRssMb: NaN, cpuSeconds: NaN }
    }
  }
  const workers = children.map(one)
  return { workers, cpuSeconds: [one(pid), ...workers].reduce((sum, s) => sum + s.cpuSeconds, 0) }
}

async function timedGet(url) {
  const started = performance.now()
  const response = await fetch(url, { headers: { accept: 'text/html', 'accept-language': 'nl' } })
  const body = await response.text()
  return { status: response.status, body, ms: performance.now() - started }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/**
 * Render cost: requests per second of server CPU (process `pid` and its workers) for the news
 * list, a news detail and /sitemap.xml, each after a few warm-up requests.
 */
async function renderCost(base, pid, detail) {
  const renders = [
    ['news list', '/nieuws', 150],
    ['news detail', detail, 150],
    // Served from a copy made once per content version: many, for the CPU clock's 10 ms ticks.
    ['sitemap', '/sitemap.xml', 400],
  ]
  const perCpuSecond = {}
  for (const [name, path, count] of renders) {
    for (let i = 0; i < 5; i++) await timedGet(base + path)
    const before = processStats(pid).cpuSeconds
    for (let i = 0; i < count; i++) await timedGet(base + path)
    perCpuSecond[name] = count / Math.max(0.01, processStats(pid).cpuSeconds - before)
  }
  return perCpuSecond
}

/**
 * Runs the scenario against the build in `root` (its .output) on `port`; returns the figures.
 * `log` prints a line.
 */
export async function contentGrowth({ root = '.', port = 4530, news = 2000, pages = 200, locations = 300, log = console.log } = {}) {
  const fixture = join(mkdtempSync(join(tmpdir(), 'bench-content-')), 'content')
  const made = spawnSync(
    process.execPath,
    [
      'node_modules/jiti/lib/jiti-cli.mjs',
      'scripts/content-fixture.ts',
      '--news',
      `${news}`,
      '--pages',
      `${pages}`,
      '--locations',
      `${locations}`,
      '--out',
      fixture,
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`content:fixture failed:\n${made.stderr}`)
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-content-data-'))
  let output = ''
  const collect = (chunk) => (output = (output + chunk).slice(-8000))
  /** Starts the server on the fixture; resolves with it and the seconds to /healthz and to the news list. */
  const start = async (contentDir = fixture, data = dataDir) => {
    const started = performance.now()
    const server = spawn(process.execPath, [resolve(root, '.output/server/index.mjs')], {
      cwd: resolve(root),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: base,
        CONTENT_DIR: contentDir,
        DATA_DIR: data,
        WEB_CONCURRENCY: '1',
        PAGE_CACHE_TTL: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout.on('data', collect)
    server.stderr.on('data', collect)
    try {
      for (;;) {
        if (server.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`)
        if (performance.now() - started > 180_000) throw new Error(`no /healthz within 180 s:\n${output}`)
        try {
          if ((await fetch(`${base}/healthz`)).status === 200) break
        } catch {}
        await sleep(50)
      }
      const healthzS = (performance.now() - started) / 1000
      const list = await timedGet(`${base}/nieuws`)
      if (list.status !== 200) throw new Error(`/nieuws: HTTP ${list.status}`)
      return { server, healthzS, newsListS: (performance.now() - started) / 1000 }
    } catch (error) {
      server.kill('SIGKILL')
      throw error
    }
  }
  const stop = async (server) => {
    server.kill('SIGTERM')
    await Promise.race([new Promise((done) => server.once('exit', done)), sleep(10_000)])
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
  }
  const figures = { news, pages, locations }
  // A first start parses every file (cold); a second on the same DATA_DIR reuses that parse
  // (ADR 040's cache: warm), as after a deploy or a restart.
  const cold = await start()
  figures.startHealthzS = cold.healthzS
  figures.startNewsListS = cold.newsListS
  await stop(cold.server)
  const warm = await start()
  const child = warm.server
  figures.warmStartHealthzS = warm.healthzS
  figures.warmStartNewsListS = warm.newsListS
  const file = join(fixture, 'news', 'g01000.yaml')
  const original = readFileSync(file, 'utf8')
  const slug = /nl: "?([a-z0-9-]+-g01000)"?/.exec(original)?.[1]
  const detail = `/nieuws/${slug}`
  try {
    if ((await timedGet(base + detail)).status !== 200) throw new Error(`${detail}: not served`)

    figures.perCpuSecond = await renderCost(base, child.pid, detail)
    const sitemap = await timedGet(`${base}/sitemap.xml`)
    figures.sitemapKb = sitemap.body.length / 1024
    figures.sitemapIsIndex = sitemap.body.includes('<sitemapindex')

    const workersBefore = processStats(child.pid).workers.map((w) => w.pid)
    // The reload: probe /healthz every 20 ms from before the edit until a second after it is live.
    const probes = []
    let probing = true
    const prober = (async () => {
      while (probing) {
        try {
          probes.push((await timedGet(`${base}/healthz`)).ms)
        } catch {
          probes.push(Infinity)
        }
        await sleep(20)
      }
    })()
    // Without an edit first: what this machine's own noise (other processes) does to the probe.
    await sleep(3000)
    const idle = probes.splice(0)
    figures.healthzIdleWorstMs = Math.max(...idle)
    figures.healthzIdleP99Ms = percentile(idle, 99)
    const title = `Bewerkt ${Date.now()}`
    const edited = performance.now()
    writeFileSync(file, original.replace(/(title:\n\s+nl: ).*\n/, `$1${title}\n`))
    figures.editLiveS = NaN
    while (performance.now() - edited < 30_000) {
      const page = await timedGet(base + detail).catch(() => undefined)
      if (page?.body.includes(title)) {
        figures.editLiveS = (performance.now() - edited) / 1000
        break
      }
      await sleep(50)
    }
    await sleep(1000)
    probing = false
    await prober
    figures.healthzWorstMs = Math.max(...probes)
    figures.healthzP99Ms = percentile(probes, 99)
    figures.healthzProbes = probes.length
    const after = processStats(child.pid).workers
    figures.workerSurvived = after.length === workersBefore.length && after.every((w) => workersBefore.includes(w.pid))
    figures.workerRssMb = Math.max(...after.map((w) => w.rssMb))
    figures.workerPeakRssMb = Math.max(...after.map((w) => w.peakRssMb))
  } finally {
    await stop(child)
  }
  // The same renders with the repository's content (the same news item: the fixture's are copies
  // of its items): growth must not make a page dearer (within 20 %).
  // Started twice: the first start makes the image variants (ADR 028), whose encoding would
  // count as render CPU; the fixture's server above is a second start too.
  const todayData = mkdtempSync(join(tmpdir(), 'bench-content-today-'))
  await stop((await start(resolve(root, 'content'), todayData)).server)
  const today = await start(resolve(root, 'content'), todayData)
  try {
    figures.todayPerCpuSecond = await renderCost(base, today.server.pid, detail.replace(/-g01000$/, ''))
  } finally {
    await stop(today.server)
  }
  const mark = (ok) => (ok ? 'PASS' : 'FAIL')
  const f = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : String(n))
  log(`\nContent growth (${news} news, ${pages} pages, ${locations} locations; one worker, page cache off)`)
  log(
    `  start-up, cold: /healthz ${f(figures.startHealthzS, 2)} s, news list ${f(figures.startNewsListS, 2)} s  ${mark(figures.startNewsListS <= 3)} (<= 3 s)`,
  )
  log(
    `  start-up, warm (parse cache): /healthz ${f(figures.warmStartHealthzS, 2)} s, news list ${f(figures.warmStartNewsListS, 2)} s  ${mark(figures.warmStartNewsListS <= 3)} (<= 3 s)`,
  )
  log(
    `  reload: /healthz worst ${f(figures.healthzWorstMs)} ms ${mark(figures.healthzWorstMs <= 200)} (<= 200), p99 ${f(figures.healthzP99Ms)} ms ${mark(figures.healthzP99Ms <= 50)} (<= 50), ${figures.healthzProbes} probes`,
  )
  log(
    `  edit live after ${f(figures.editLiveS, 2)} s ${mark(figures.editLiveS <= 1)} (<= 1 s); worker survived: ${figures.workerSurvived ? 'yes' : 'NO'}`,
  )
  log(
    `  worker RSS ${f(figures.workerRssMb)} MB (peak ${f(figures.workerPeakRssMb)} MB) ${mark(figures.workerPeakRssMb <= 250)} (<= 250 MB)`,
  )
  log(
    `  per CPU-second: ${Object.entries(figures.perCpuSecond ?? {})
      .map(([name, n]) => `${name} ${f(n, 1)}`)
      .join(', ')}`,
  )
  for (const [name, n] of Object.entries(figures.perCpuSecond ?? {})) {
    const ratio = n / (figures.todayPerCpuSecond?.[name] ?? NaN)
    log(
      `    ${name}: ${f(n, 1)} against ${f(figures.todayPerCpuSecond?.[name], 1)} with today's content, ${f(ratio * 100)} % ${mark(ratio >= 0.8)} (>= 80 %)`,
    )
  }
  log(`  /sitemap.xml ${f(figures.sitemapKb)} KB${figures.sitemapIsIndex ? ' (an index)' : ''}`)
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await contentGrowth({ root: process.argv[2] ?? '.', port: Number(process.argv[3] ?? 4530) })
  console.log(JSON.stringify(figures))
}
