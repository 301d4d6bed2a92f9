import cluster from 'node:cluster'
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client'
import { hasBearer } from './http/bearer.server'
import { cmsCircuit } from './cms-client/client.server'
import { getRuntimeConfig } from './platform/env.server'
import { logger } from './platform/logger.server'
import {
  cmsCircuitState,
  outboxBacklog,
  outboxDead,
  pageCacheBytes,
  pageCacheEntries,
  registry,
  renderQueueLength,
  renderSlotsBusy,
  siteReady,
} from './platform/metrics.server'
import { getPageCache } from './pages/page-cache.server'
import { renderSlotUsage } from './pages/page-delivery.server'
import { readiness } from './http/readiness.server'
import { isStopping } from './platform/stopping.server'

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
  // The gauge of /readyz's answer: a scraper sees an unready instance a load balancer takes out.
  // What /readyz answers: 0 while stopping or not ready, 1 when ready or degraded (ADR 053).
  siteReady.set(!isStopping() && (await readiness()).status !== 'not ready' ? 1 : 0)
  // The outbox is the embedded CMS's; a site reading a remote CMS has none (and never loads that code).
  if (!getRuntimeConfig().CMS_GRAPHQL_URL) {
    const outbox = await import('../embedded-cms/index.server')
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

/** This worker's metrics as prom-client's JSON, what the cluster's aggregation takes. */
async function metricsJson(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
  await sampleStateGauges()
  return registry.getMetricsAsJSON()
}

/*
 * Under the cluster (app/server/platform/cluster/primary.mjs) one scrape answers for the whole server:
 * the worker that takes it asks the primary (site:metrics-collect), the primary asks every
 * ready worker (site:metrics-request), each answers with its own metrics (site:metrics-response),
 * and the primary hands them all back (site:metrics-collected). The asking worker merges them
 * with prom-client's AggregatorRegistry; the `worker` label keeps each worker's series apart.
 * The primary holds no app code (nor prom-client): it only passes the messages on.
 */

/** How long the asking worker waits for the primary (which waits at most 2 s per worker). */
const collectTimeoutMs = 3_000

type Message = { type: string; id: number; metrics?: unknown }

function isMessage(value: unknown, type: string): value is Message {
  return typeof value === 'object' && value !== null && Reflect.get(value, 'type') === type && typeof Reflect.get(value, 'id') === 'number'
}

let answering = false

/** Under the cluster primary: answers its requests for this worker's metrics. Called once at start (lifecycle.server.ts). */
export function answerMetricsRequests(): void {
  const send = process.send?.bind(process)
  if (!cluster.isWorker || !send || answering) return
  answering = true
  process.on('message', (message: unknown) => {
    if (!isMessage(message, 'site:metrics-request')) return
    const { id } = message
    // The callback takes a failed send (the primary going away): unheard, it would throw.
    metricsJson().then(
      (metrics) => send({ type: 'site:metrics-response', id, metrics }, undefined, {}, () => {}),
      () => send({ type: 'site:metrics-response', id }, undefined, {}, () => {}),
    )
  })
}

let nextCollection = 0
const collections = new Map<number, (metrics: unknown) => void>()

/** Every ready worker's metrics, by way of the primary; undefined outside the cluster or when it does not answer in time. */
function clusterMetrics(): Promise<unknown[] | undefined> {
  const send = process.send?.bind(process)
  // A process started otherwise (npm run dev, the tests) may have an IPC channel too, but no primary.
  if (!cluster.isWorker || !send) return Promise.resolve(undefined)
  if (collections.size === 0) process.on('message', collected)
  const id = ++nextCollection
  return new Promise((resolve) => {
    const done = (metrics: unknown) => {
      clearTimeout(timer)
      collections.delete(id)
      if (collections.size === 0) process.off('message', collected)
      resolve(Array.isArray(metrics) ? metrics : undefined)
    }
    const timer = setTimeout(() => done(undefined), collectTimeoutMs)
    collections.set(id, done)
    send({ type: 'site:metrics-collect', id }, undefined, {}, (error: Error | null) => {
      if (error) done(undefined)
    })
  })
}

function collected(message: unknown): void {
  if (isMessage(message, 'site:metrics-collected')) collections.get(message.id)?.(message.metrics)
}

/** The whole server's metrics (every worker's) in Prometheus' text format; this worker's alone outside the cluster. */
export async function serverMetricsText(): Promise<string> {
  const perWorker = await clusterMetrics()
  if (!perWorker || perWorker.length === 0) {
    if (perWorker === undefined && cluster.isWorker) logger.warn('[metrics] the other workers did not answer in time: this worker only')
    return metricsText()
  }
  // Each entry is a worker's registry.getMetricsAsJSON(), passed through the primary as JSON.
  return AggregatorRegistry.aggregate(perWorker.filter(isMetricsJson)).metrics()
}

function isMetricsJson(value: unknown): value is MetricObjectWithValues<MetricValue<string>>[] {
  return (
    Array.isArray(value) &&
    value.every((metric) => typeof metric === 'object' && metric !== null && typeof Reflect.get(metric, 'name') === 'string')
  )
}

const noStore = { 'Cache-Control': 'no-store' }

/** GET /metrics: the whole server's metrics; 404 unless METRICS_TOKEN is set, 401 without it as a Bearer token. */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = getRuntimeConfig().METRICS_TOKEN
  if (!token) return Response.json({ error: 'Metrics are off: METRICS_TOKEN is not set' }, { status: 404, headers: noStore })
  if (!hasBearer(request, token)) {
    return Response.json({ error: 'Wrong or missing token' }, { status: 401, headers: { ...noStore, 'WWW-Authenticate': 'Bearer' } })
  }
  return new Response(await serverMetricsText(), { headers: { ...noStore, 'Content-Type': registry.contentType } })
}
