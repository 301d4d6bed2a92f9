import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const token = 'metrics-token-0123456789'

beforeEach(() => {
  vi.resetModules()
  // The outbox backlog reads the database: a fresh one, not the project's data/ folder.
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'metrics-')))
})

afterEach(() => {
  vi.unstubAllEnvs()
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
    // Each scrape on a new connection: the cluster hands it to the next worker.
    expect(response.headers.get('connection')).toBe('close')
  })

  it('has the series operators need, labelled with the worker', async () => {
    vi.stubEnv('WORKER_ID', '3')
    const { httpRequestDuration } = await import('./metrics.server')
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
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_heap_size_used_bytes', 'gauge'],
    ]
    for (const [name, type] of families) expect(text).toContain(`# TYPE ${name} ${type}\n`)
    expect(text).toContain('site_http_request_duration_seconds_count{worker="3",kind="page",cache="hit",status_class="2xx"} 1\n')
    expect(text).toContain('site_cms_circuit_state{state="closed",worker="3"} 1\n')
    expect(text).toContain('site_cms_circuit_state{state="open",worker="3"} 0\n')
    expect(text).toContain('site_cms_request_errors_total{reason="network",worker="3"} 0\n')
    expect(text).toContain('site_outbox_backlog{worker="3"} 0\n')
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
})
