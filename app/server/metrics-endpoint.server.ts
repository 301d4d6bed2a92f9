import { hasBearer } from './bearer.server'
import { cmsCircuit } from './cms/client.server'
import { getRuntimeConfig } from './env.server'
import {
  cmsCircuitState,
  outboxBacklog,
  outboxDead,
  pageCacheBytes,
  pageCacheEntries,
  registry,
  renderQueueLength,
  renderSlotsBusy,
} from './metrics.server'
import { getPageCache } from './page-cache.server'
import { renderSlotUsage } from './page-delivery.server'

const circuitStates = ['closed', 'half-open', 'open'] as const

/** Reads the state gauges from their sources: what they hold now, at the moment of the scrape. */
export async function sampleStateGauges(): Promise<void> {
  const state = cmsCircuit().state
  for (const name of circuitStates) cmsCircuitState.set({ state: name }, name === state ? 1 : 0)
  const cache = getPageCache()
  pageCacheEntries.set(cache?.size ?? 0)
  pageCacheBytes.set(cache?.bytes ?? 0)
  const slots = renderSlotUsage()
  renderSlotsBusy.set(slots.running)
  renderQueueLength.set(slots.waiting)
  // The outbox is the embedded CMS's; a site reading a remote CMS has none (and never loads that code).
  if (!getRuntimeConfig().CMS_GRAPHQL_URL) {
    const outbox = await import('../embedded-cms/submissions/outbox.server')
    // A database that cannot answer leaves the outbox gauges as they were, not the scrape failing.
    const counts = await outbox.outboxCounts().catch(() => undefined)
    if (counts) {
      outboxBacklog.set(counts.backlog)
      outboxDead.set(counts.dead)
    }
  }
}

/** This worker's metrics in Prometheus' text format. */
export async function metricsText(): Promise<string> {
  await sampleStateGauges()
  return registry.metrics()
}

const noStore = { 'Cache-Control': 'no-store' }

/**
 * GET /metrics: 404 unless METRICS_TOKEN is set, 401 without it as a Bearer token. The
 * connection is closed after each scrape: the cluster hands every new connection to the next
 * worker, so successive scrapes go round the workers instead of staying on one (keep-alive).
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getRuntimeConfig().METRICS_TOKEN
  if (!token) return Response.json({ error: 'Metrics are off: METRICS_TOKEN is not set' }, { status: 404, headers: noStore })
  if (!hasBearer(request, token)) {
    return Response.json({ error: 'Wrong or missing token' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } })
  }
  return new Response(await metricsText(), { headers: { ...noStore, 'Content-Type': registry.contentType, Connection: 'close' } })
}
