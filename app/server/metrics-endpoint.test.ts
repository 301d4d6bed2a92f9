import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getHeapStatistics } from 'node:v8'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const token = 'metrics-token-0123456789'

// A cluster worker or not, as each test says (the test process itself is neither).
const clusterState = vi.hoisted(() => ({ isWorker: false }))
vi.mock('node:cluster', () => ({ default: clusterState }))

beforeEach(() => {
  vi.resetModules()
  // The outbox backlog reads the database: a fresh one, not the project's data/ folder.
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'metrics-')))
})

afterEach(() => {
  vi.unstubAllEnvs()
  clusterState.isWorker = false
})

function scrape(authorization?: string): Request {
  return new Request('http://localhost/metrics', { headers: authorization ? { Authorization: authorization } : {} })
}

describe('/metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const { metricsResponse } = await import('./metrics-endpoint.server')
    expect((await metricsResponse(scrape(`Bearer ${token}`))).status).toBe(404)
  })

  it('wants the token as a Bearer token', async () => {
    vi.stubEnv('METRICS_TOKEN', token)
    const { metricsResponse } = await import('./metrics-endpoint.server')
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', token, `Basic ${token}`]) {
      const response = await metricsResponse(scrape(authorization))
      expect(response.status, authorization).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer')
    }
    const response = await metricsResponse(scrape(`Bearer ${token}`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  })

  it('has the series operators need, labelled with the worker', async () => {
    vi.stubEnv('WORKER_ID', '3')
    const { httpRequestDuration } = await import('./platform/metrics.server')
    const { metricsText } = await import('./metrics-endpoint.server')
    httpRequestDuration.observe({ kind: 'page', cache: 'hit', status_class: '2xx' }, 0.004)
    const text = await metricsText()
    const families = [
      ['site_http_request_duration_seconds', 'histogram'],
      ['site_page_render_duration_seconds', 'histogram'],
      ['site_cms_request_duration_seconds', 'histogram'],
      ['site_cms_request_errors_total', 'counter'],
      ['site_cms_circuit_state', 'gauge'],
      ['site_page_cache_entries', 'gauge'],
      ['site_page_cache_bytes', 'gauge'],
      ['site_render_slots_busy', 'gauge'],
      ['site_render_queue_length', 'gauge'],
      ['site_outbox_backlog', 'gauge'],
      ['site_outbox_dead', 'gauge'],
      ['site_ready', 'gauge'],
      ['site_render_refusals_total', 'counter'],
      ['site_contact_submissions_total', 'counter'],
      ['site_worker_restarts_total', 'counter'],
      ['site_heap_size_limit_bytes', 'gauge'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ]
    for (const [name, type] of families) expect(text).toContain(`# TYPE ${name} ${type}\n`)
    expect(text).toContain('site_http_request_duration_seconds_count{worker="3",kind="page",cache="hit",status_class="2xx"} 1\n')
    expect(text).toContain('site_cms_circuit_state{state="closed",worker="3"} 1\n')
    expect(text).toContain('site_cms_circuit_state{state="open",worker="3"} 0\n')
    expect(text).toContain('site_cms_request_errors_total{reason="network",worker="3"} 0\n')
    expect(text).toContain('site_outbox_backlog{worker="3"} 0\n')
    // Every series from zero, so rate() and the alerts have one before the first event.
    expect(text).toContain('site_render_refusals_total{slots="page",reason="full",worker="3"} 0\n')
    expect(text).toContain('site_contact_submissions_total{outcome="failed",worker="3"} 0\n')
    expect(text).toContain('site_worker_restarts_total{worker="3"} 0\n')
    expect(text).toContain(`site_heap_size_limit_bytes{worker="3"} ${getHeapStatistics().heap_size_limit}\n`)
  })

  it('shows what /readyz answers: 0 until the content is loaded, 1 while ready, 0 once stopping', async () => {
    const { metricsText } = await import('./metrics-endpoint.server')
    const { listenForStop } = await import('./platform/stopping.server')
    const { embeddedCmsStarted } = await import('./cms-client/client.server')
    // Before the embedded CMS has its content the instance is not ready (ADR 053).
    expect(await metricsText()).toMatch(/^site_ready 0$/m)
    embeddedCmsStarted()
    expect(await metricsText()).toMatch(/^site_ready 1$/m)
    listenForStop()
    process.emit('message', { type: 'site:stopping' }, undefined)
    expect(await metricsText()).toMatch(/^site_ready 0$/m)
  })

  it('takes the count of replaced processes of its slot from the cluster primary', async () => {
    // A replacement worker: the primary's count comes in SITE_WORKER_RESTARTS (cluster/primary.mjs).
    vi.stubEnv('WORKER_ID', '2')
    vi.stubEnv('SITE_WORKER_RESTARTS', '3')
    const { metricsText } = await import('./metrics-endpoint.server')
    const { restartsFromEnv } = await import('./platform/metrics.server')
    expect(await metricsText()).toContain('site_worker_restarts_total{worker="2"} 3\n')
    expect([undefined, '', '-1', '2.5', 'x', '12'].map(restartsFromEnv)).toEqual([0, 0, 0, 0, 0, 12])
  })

  it('counts the contact submissions waiting in the outbox', async () => {
    // Mail is queued only when there is a mail server (nothing is sent here: no outbox worker runs).
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9')
    const { storeSubmission } = await import('../embedded-cms/submissions/submissions.server')
    const { metricsText } = await import('./metrics-endpoint.server')
    await storeSubmission({
      idempotencyKey: crypto.randomUUID(),
      locale: 'nl_NL',
      firstName: 'Zoë',
      surName: 'de Vries',
      email: 'zoe@example.com',
      message: 'Hallo',
    })
    expect(await metricsText()).toMatch(/^site_outbox_backlog 1$/m)
  })

  it('answers for every worker under the cluster: one scrape, the whole server', async () => {
    vi.stubEnv('METRICS_TOKEN', token)
    vi.stubEnv('WORKER_ID', '1')
    clusterState.isWorker = true
    const { Counter, Registry } = await import('prom-client')
    const { metricsResponse, answerMetricsRequests } = await import('./metrics-endpoint.server')
    // Another worker's metrics, as it would send them.
    const other = new Registry()
    other.setDefaultLabels({ worker: '2' })
    new Counter({ name: 'site_cms_request_errors_total', help: 'x', labelNames: ['reason'], registers: [other] }).inc({ reason: 'http' }, 3)
    const otherMetrics = await other.getMetricsAsJSON()
    // The primary (cluster/primary.mjs): asks this worker for its metrics, hands both back.
    const original = process.send
    let askerId: unknown
    const deliver = (message: object) => setImmediate(() => process.emit('message', message, undefined))
    process.send = (message: { type: string; id: unknown; metrics?: unknown }, ...rest: unknown[]) => {
      if (message.type === 'site:metrics-collect') {
        askerId = message.id
        deliver({ type: 'site:metrics-request', id: 41 })
      }
      if (message.type === 'site:metrics-response' && message.id === 41) {
        deliver({ type: 'site:metrics-collected', id: askerId, metrics: [message.metrics, otherMetrics] })
      }
      const callback = rest.find((argument) => typeof argument === 'function')
      if (callback) callback(null)
      return true
    }
    try {
      answerMetricsRequests()
      const text = await (await metricsResponse(scrape(`Bearer ${token}`))).text()
      expect(text.match(/^# TYPE site_cms_request_errors_total counter$/gm)).toHaveLength(1)
      expect(text).toContain('site_cms_request_errors_total{reason="network",worker="1"} 0\n')
      expect(text).toContain('site_cms_request_errors_total{reason="http",worker="2"} 3\n')
      expect(text).toContain('site_cms_circuit_state{state="closed",worker="1"} 1\n')
    } finally {
      process.send = original
    }
  })
})
