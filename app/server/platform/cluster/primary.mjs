// The production entry (.output/server/index.mjs, copied there by the build): a small
// node:cluster primary that runs WEB_CONCURRENCY workers (default: one per CPU), each nitro's
// server (worker.mjs), all on one port. Plain JavaScript on Node's own modules only: the
// primary holds no app code, so a bug in the app can take down a worker, never the group.
import cluster from 'node:cluster'
import { availableParallelism } from 'node:os'

/**
 * The workers' Node flags, whoever starts the primary (npm start, the Docker image, a plain
 * `node .output/server/index.mjs`, the tests, bench). Memory: a 4 MB young generation (Node 24
 * grows it to 32 MB) and a 192 MB old generation. V8 otherwise lets the heap grow long before
 * collecting: under the bench a worker reached 300-430 MB RSS with a live heap of ~45 MB; with
 * these flags it stays under 250 MB at about the same requests per second. A memory flag the
 * operator gives (command line or NODE_OPTIONS) replaces ours, and --max-heap-size (which V8
 * refuses together with either of ours) replaces both: raise --max-old-space-size if the
 * content grows far beyond today's (docs/decisions/068, 024).
 */
const workerMemoryFlags = ['--max-semi-space-size=4', '--max-old-space-size=192']

function workerExecArgv() {
  const name = (flag) => flag.split('=')[0].replaceAll('_', '-')
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map(name)
  const ours = given.includes('--max-heap-size') ? [] : workerMemoryFlags
  return [
    ...ours.filter((flag) => !given.includes(name(flag))),
    // node:sqlite's "experimental" notice, printed at every start (ADR 007 chose it knowingly).
    '--disable-warning=ExperimentalWarning',
    ...process.execArgv,
  ]
}

if (cluster.isPrimary) {
  runPrimary()
} else {
  import('./worker.mjs').catch((error) => {
    console.error(error)
    process.exit(1)
  })
}

/** WEB_CONCURRENCY, or one worker per CPU when unset. A bad value stops the start, as any bad setting does (env.server.ts). */
function workerCount() {
  const value = process.env.WEB_CONCURRENCY?.trim()
  if (!value) return availableParallelism()
  if (/^[1-9]\d{0,2}$/.test(value)) return Number(value)
  console.error(`[cluster] WEB_CONCURRENCY must be a whole number of workers from 1 to 999 (got ${JSON.stringify(value.slice(0, 40))})`)
  process.exit(1)
}

/**
 * STOP_GRACE_SECONDS (default 3): after SIGTERM the workers answer /readyz with 503 but go on
 * serving for this long, so a load balancer sees them unready and stops sending new connections
 * before they stop accepting them. A bad value stops the start, as WEB_CONCURRENCY's does.
 */
function stopGraceMs() {
  const value = process.env.STOP_GRACE_SECONDS?.trim()
  if (!value) return 3_000
  if (/^\d{1,2}$/.test(value)) return Number(value) * 1000
  console.error(`[cluster] STOP_GRACE_SECONDS must be a whole number of seconds from 0 to 99 (got ${JSON.stringify(value.slice(0, 40))})`)
  process.exit(1)
}

function runPrimary() {
  const size = workerCount()
  const graceMs = stopGraceMs()
  // Said once here rather than by every worker. An empty variable counts as unset (env.server.ts).
  if (!process.env.SITE_URL) {
    const port = process.env.PORT || '3000'
    console.warn(
      `[config] SITE_URL is not set: the site calls itself http://localhost:${port} in links, canonical URLs, sitemaps and feeds, and answers only localhost, 127.0.0.1 and [::1] on port ${port}. Set SITE_URL to the public address (e.g. https://www.example.com) for anything but a try on this machine.`,
    )
  }
  cluster.setupPrimary({ execArgv: workerExecArgv() })
  /**
   * Longest the workers may take to drain and close after their SIGTERM (their own deadline is
   * 6 s, process.nitro.ts). With the default grace a stop takes at most 9.5 s: orchestrators send
   * SIGKILL after 10 s (give them longer with a longer grace).
   */
  const drainDeadlineMs = 6_500
  let stopping = false
  let exitCode = 0
  /** Whether any worker has started: from then on a failed start is retried, not fatal. */
  let everReady = false
  /** Failed starts in a row per slot (reset by a worker that became ready). */
  const restartFailures = new Map()

  /** Workers by slot (1…size): a replacement takes the slot of the worker it replaces. */
  const slots = new Map()
  /** Replacements per slot since this primary started: the workers' site_worker_restarts_total (metrics.server.ts). */
  const restarts = new Map()

  function start(slot, replacing) {
    if (replacing) restarts.set(slot, (restarts.get(slot) ?? 0) + 1)
    const worker = cluster.fork({
      WORKER_ID: String(slot),
      SITE_WORKER_RESTARTS: String(restarts.get(slot) ?? 0),
      ...(replacing ? { SITE_WORKER_REPLACES: replacing } : {}),
      // Two malloc arenas (glibc reads this at start-up; an operator's own value wins): a worker
      // runs JavaScript on one thread, and the arenas glibc adds for the helper threads (GC,
      // compression, file access) kept ~18 MB of freed memory per worker (ADR 024).
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    })
    slots.set(slot, { worker, ready: false, startedAt: Date.now() })
    worker.on('message', (message) => {
      if (typeof message !== 'object' || message === null) return
      // The app has started (settings and content checked, database open): lifecycle.server.ts.
      if (message.type === 'site:ready') {
        const entry = slots.get(slot)
        if (entry?.worker !== worker) return
        entry.ready = true
        entry.readyAt = Date.now()
        everReady = true
        if (replacing) console.info(`[cluster] worker ${slot} is back (pid ${worker.process.pid}) after ${Date.now() - entry.startedAt} ms`)
      }
      // A scrape of /metrics: every worker's metrics for the worker that took it (metrics-endpoint.server.ts).
      if (message.type === 'site:metrics-collect' && typeof message.id === 'number') collectMetrics(worker, message.id)
      if (message.type === 'site:metrics-response') metricsAnswered(worker, message)
      // A purge in one worker, or the admin's write of content files: every other worker empties
      // its caches, or reloads the content, too (content-caches.server.ts, content-written.server.ts).
      if (message.type === 'site:content-changed' || message.type === 'site:content-written') {
        // The callback takes a failed send (a worker dying right now): unheard, it would throw here.
        for (const { worker: other } of slots.values()) if (other !== worker && other.isConnected()) other.send(message, () => {})
      }
    })
  }

  /** Metrics collections under way, by id: the asking worker, its id, the workers still to answer, their answers. */
  const metricsRounds = new Map()
  let lastMetricsRound = 0

  /**
   * Asks every ready worker for its metrics and hands them all to the one that asked. A worker
   * that does not answer within 2 s (busy, or dying) is left out rather than failing the scrape.
   * Only messages pass through here: the workers make and merge the metrics.
   */
  function collectMetrics(asker, askerId) {
    const id = ++lastMetricsRound
    const workers = [...slots.values()].filter((entry) => entry.ready && entry.worker.isConnected()).map((entry) => entry.worker)
    const round = { pending: new Set(workers), answers: [] }
    const finish = () => {
      if (!metricsRounds.has(id)) return
      clearTimeout(round.timer)
      metricsRounds.delete(id)
      if (asker.isConnected()) asker.send({ type: 'site:metrics-collected', id: askerId, metrics: round.answers }, () => {})
    }
    round.finish = finish
    round.timer = setTimeout(finish, 2_000)
    metricsRounds.set(id, round)
    if (workers.length === 0) return finish()
    for (const worker of workers) {
      worker.send({ type: 'site:metrics-request', id }, (error) => {
        if (error) metricsAnswered(worker, { id })
      })
    }
  }

  function metricsAnswered(worker, message) {
    const round = metricsRounds.get(message.id)
    if (!round?.pending.delete(worker)) return
    if (Array.isArray(message.metrics)) round.answers.push(message.metrics)
    if (round.pending.size === 0) round.finish()
  }

  cluster.on('exit', (worker, code, signal) => {
    const slot = [...slots].find(([, entry]) => entry.worker === worker)?.[0]
    if (slot === undefined) return
    const { ready, readyAt } = slots.get(slot)
    slots.delete(slot)
    if (stopping) {
      if (slots.size === 0) process.exit(exitCode)
      return
    }
    const how = signal ? `signal ${signal}` : `exit code ${code}`
    if (!ready && !everReady) {
      // The first start failed: a bad setting or content file. Restarting would only repeat it.
      console.error(`[cluster] worker ${slot} stopped during start-up (${how}); stopping`)
      stopAll(code || 1, false)
      return
    }
    // The site has run before: a replacement that cannot start (its database or Redis restarting)
    // is tried again, each time a little later (up to 30 s), rather than stopping the site.
    // A worker that dies within a second of starting counts as a failed start too (a crash loop).
    const failures = ready && Date.now() - readyAt > 1_000 ? 0 : (restartFailures.get(slot) ?? 0) + 1
    restartFailures.set(slot, failures)
    const delay = failures === 0 ? 0 : Math.min(30_000, 500 * 2 ** failures)
    console.error(`[cluster] worker ${slot} (pid ${worker.process.pid}) died (${how}); starting a new one${delay ? ` in ${delay} ms` : ''}`)
    setTimeout(() => {
      if (!stopping) start(slot, how)
    }, delay)
  })

  /**
   * Stops every worker gracefully, then exits: first unready (/readyz 503) while still serving for
   * the grace, then SIGTERM (nitro stops accepting and drains requests, the app closes its
   * database). A failed start stops at once: there is nothing to drain.
   */
  function stopAll(code, graceful = true) {
    if (stopping) return
    stopping = true
    exitCode = code
    if (slots.size === 0) process.exit(exitCode)
    const grace = graceful ? graceMs : 0
    for (const { worker } of slots.values()) if (worker.isConnected()) worker.send({ type: 'site:stopping' }, () => {})
    setTimeout(() => {
      for (const { worker } of slots.values()) worker.process.kill('SIGTERM')
    }, grace)
    setTimeout(() => {
      console.error('[cluster] workers not stopped in time: exiting')
      for (const { worker } of slots.values()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, grace + drainDeadlineMs).unref()
  }

  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stopAll(0))
  for (let slot = 1; slot <= size; slot++) start(slot)
}
