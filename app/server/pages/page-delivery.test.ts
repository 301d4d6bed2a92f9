import { describe, expect, it, vi } from 'vitest'
import { DeadlineExceeded } from '../http/deadline'

// A short deadline and no page cache: every request renders.
vi.hoisted(() => {
  process.env.HANDLER_TIMEOUT_MS = '100'
  process.env.PAGE_CACHE_TTL = '0'
})
const { deliverPage } = await import('./page-delivery.server')

/** A render that never ends on its own and stops when its request's signal aborts, as Start's handler does. */
function hangingRender() {
  const seen: Request[] = []
  let begin: () => void = () => undefined
  const started = new Promise<void>((resolve) => (begin = resolve))
  const render = (request: Request) => {
    seen.push(request)
    begin()
    return new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true })
    })
  }
  return { render, seen, started }
}

const url = new URL('http://127.0.0.1/over-ons')

describe('deliverPage past its deadline', () => {
  it('answers 503 and stops the render itself, not only its slot', async () => {
    const { render, seen } = hangingRender()
    const response = await deliverPage(new Request(url), url, render, 'req-1', () => '192.0.2.1')
    expect(response.status).toBe(503)
    expect(seen).toHaveLength(1)
    expect(seen[0]?.signal.aborted).toBe(true)
    expect(seen[0]?.signal.reason).toBeInstanceOf(DeadlineExceeded)
  })

  it('renders a HEAD as a GET that stops at the deadline too', async () => {
    const { render, seen } = hangingRender()
    const response = await deliverPage(new Request(url, { method: 'HEAD' }), url, render, 'req-2', () => '192.0.2.2')
    expect(response.status).toBe(503)
    expect(seen[0]?.method).toBe('GET')
    expect(seen[0]?.signal.reason).toBeInstanceOf(DeadlineExceeded)
  })

  it('stops the render when the visitor hangs up', async () => {
    // The deadline's timer is held: on a slow machine it could fire before the hang-up, and
    // stop the render for its own reason.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { render, seen, started } = hangingRender()
      const visitor = new AbortController()
      const answer = deliverPage(new Request(url, { signal: visitor.signal }), url, render, 'req-3', () => '192.0.2.3')
      await started
      const gone = new Error('client went away')
      visitor.abort(gone)
      expect(seen[0]?.signal.aborted).toBe(true)
      expect(seen[0]?.signal.reason).toBe(gone)
      await expect(answer).rejects.toBe(gone)
    } finally {
      vi.useRealTimers()
    }
  })

  it('passes a form post on with its body', async () => {
    const seen: string[] = []
    const render = async (request: Request) => {
      seen.push(await request.text())
      return new Response('thanks', { headers: { 'content-type': 'text/plain' } })
    }
    const post = new Request(url, {
      method: 'POST',
      body: 'name=Marieke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const response = await deliverPage(post, url, render, 'req-4', () => '192.0.2.4')
    expect(response.status).toBe(200)
    expect(seen).toEqual(['name=Marieke'])
  })
})
