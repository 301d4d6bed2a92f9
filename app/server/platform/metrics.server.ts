import { getHeapStatistics } from 'node:v8'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * The process's metrics (prom-client), served on /metrics in Prometheus' text format.
 * Under the cluster every worker keeps its own registry and labels its series with its
 * WORKER_ID; a scrape gathers every worker's (metrics-endpoint.server.ts, README "Logs and metrics").
 * Counters and histograms are recorded where things happen; the gauges of state (circuit,
 * page cache, render slots, outbox) are read just before a scrape (metrics-endpoint.server.ts).
 */
export const registry = new Registry()

const workerId = process.env.WORKER_ID
if (workerId) registry.setDefaultLabels({ worker: workerId })

// Event-loop lag, heap, GC, handles, CPU and memory of the process.
collectDefaultMetrics({ register: registry })

/*
 * V8's heap limit (--max-old-space-size and the young generation; the primary sets them, ADR 024):
 * the defaults have the heap's size and use but not its limit, which "heap near the limit" needs.
 */
export const heapSizeLimit = new Gauge({
  name: 'site_heap_size_limit_bytes',
  help: "V8's heap size limit of this process (heap_size_limit): past it the process dies out of memory",
  registers: [registry],
})

heapSizeLimit.set(getHeapStatistics().heap_size_limit)

export const httpRequestDuration = new Histogram({
  name: 'site_http_request_duration_seconds',
  help: 'Requests the server entry answered (static files excepted): time until the response was ready, by route kind, page-cache result and status class',
  labelNames: ['kind', 'cache', 'status_class'] as const,
  registers: [registry],
})

export const pageRenderDuration = new Histogram({
  name: 'site_page_render_duration_seconds',
  help: 'Page renders, for a visitor or a background revalidation: rendering and reading the HTML',
  registers: [registry],
})

export const cmsRequestDuration = new Histogram({
  name: 'site_cms_request_duration_seconds',
  help: 'CMS calls that were made (not those the open circuit refused), by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

export const cmsRequestErrors = new Counter({
  name: 'site_cms_request_errors_total',
  help: 'Failed CMS calls by reason: network (includes timeouts), http (5xx), graphql (an error answer), circuit_open (refused without a call)',
  labelNames: ['reason'] as const,
  registers: [registry],
})

// Every reason from zero: a first failure then shows as an increase (rate() needs a series before it).
for (const reason of ['network', 'http', 'graphql', 'circuit_open']) cmsRequestErrors.inc({ reason }, 0)

export const cmsCircuitState = new Gauge({
  name: 'site_cms_circuit_state',
  help: 'The CMS circuit breaker: 1 for the state it is in, 0 for the others',
  labelNames: ['state'] as const,
  registers: [registry],
})

export const pageCacheEntries = new Gauge({ name: 'site_page_cache_entries', help: 'Pages in the page cache', registers: [registry] })

export const pageCacheBytes = new Gauge({
  name: 'site_page_cache_bytes',
  help: 'Bytes the page cache holds (bodies, compressed forms, headers)',
  registers: [registry],
})

export const renderSlotsBusy = new Gauge({ name: 'site_render_slots_busy', help: 'Page renders running now', registers: [registry] })

export const renderQueueLength = new Gauge({
  name: 'site_render_queue_length',
  help: 'Page requests waiting for a render slot',
  registers: [registry],
})

export const outboxBacklog = new Gauge({
  name: 'site_outbox_backlog',
  help: 'Contact notifications not mailed yet, dead ones left out (embedded CMS only)',
  registers: [registry],
})

export const outboxDead = new Gauge({
  name: 'site_outbox_dead',
  help: 'Contact notifications set aside after their last attempt (npm run submissions lists them)',
  registers: [registry],
})

export const contactRefusals = new Counter({
  name: 'site_contact_refusals_total',
  help: 'Contact submissions refused, by reason: invalid (a field), unknown_location, honeypot, captcha, rate_limited, csrf (another site posted), malformed (an unreadable form)',
  labelNames: ['reason'] as const,
  registers: [registry],
})

export const retentionDeleted = new Counter({
  name: 'site_retention_deleted_total',
  help: 'Rows deleted for being older than CONTACT_RETENTION_DAYS, by kind: submission, outbox (a queued or sent notification), dead_letter (a notification set aside)',
  labelNames: ['kind'] as const,
  registers: [registry],
})

for (const kind of ['submission', 'outbox', 'dead_letter']) retentionDeleted.inc({ kind }, 0)

export const retentionRuns = new Counter({
  name: 'site_retention_runs_total',
  help: 'Retention sweeps by outcome: done, skipped (another instance was sweeping), failed (logged)',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

for (const outcome of ['done', 'skipped', 'failed']) retentionRuns.inc({ outcome }, 0)

export const contactSubmissions = new Counter({
  name: 'site_contact_submissions_total',
  help: 'Contact submissions by outcome: stored, failed (a store or the CMS could not take it: the visitor got a 503); refusals are site_contact_refusals_total',
  labelNames: ['outcome'] as const,
  registers: [registry],
})

for (const outcome of ['stored', 'failed']) contactSubmissions.inc({ outcome }, 0)

export const renderRefusals = new Counter({
  name: 'site_render_refusals_total',
  help: 'Requests turned away for want of a slot, by slots (page, function) and reason: busy (a client past its share, 429), full (the line was full, 503), deadline (no answer within HANDLER_TIMEOUT_MS, 503)',
  labelNames: ['slots', 'reason'] as const,
  registers: [registry],
})

for (const slots of ['page', 'function']) for (const reason of ['busy', 'full', 'deadline']) renderRefusals.inc({ slots, reason }, 0)

export const siteReady = new Gauge({
  name: 'site_ready',
  help: 'What /readyz answers now: 1 ready, 0 not (database not writable, CMS circuit open, or stopping)',
  registers: [registry],
})

/*
 * The primary counts each slot's replacements and hands the count to the new worker
 * (SITE_WORKER_RESTARTS, cluster/primary.mjs): a worker's own counter would start from zero in
 * every new process, and the primary holds no prom-client. Under the same `worker` label the
 * series steps up by one at each replacement, which increase() sees.
 */
export const workerRestarts = new Counter({
  name: 'site_worker_restarts_total',
  help: 'Times the cluster primary replaced the process of this worker slot (it died) since the server started',
  registers: [registry],
})

workerRestarts.inc(restartsFromEnv(process.env.SITE_WORKER_RESTARTS))

/** The primary's count of this slot's replacements; 0 when absent or not a count. */
export function restartsFromEnv(value: string | undefined): number {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : 0
}

/** "2xx", "4xx"…: status classes keep the label to a handful of values. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`
}
