import { describe, expect, it } from 'vitest'
import { withFunctionSlot } from './function-slots.server'

/** A server function call that takes a while (a CMS read over the network). */
const slowCall = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('ok')), 50))

describe('withFunctionSlot', () => {
  it('bounds the GET calls running at once: one client flooding gets 429, another still gets its answer', async () => {
    // RENDER_CONCURRENCY is 4: eight calls at once, a client's share four while all are taken.
    const flood = Array.from({ length: 40 }, () => withFunctionSlot('203.0.113.9', slowCall))
    const other = withFunctionSlot('198.51.100.7', slowCall)
    const statuses = (await Promise.all(flood)).map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(8)
    expect(statuses.filter((status) => status === 429)).toHaveLength(32)
    // Once its calls are done, the client is served again.
    expect((await withFunctionSlot('203.0.113.9', slowCall)).status).toBe(200)
    expect((await other).status).toBe(200)
  }, 10_000)

  it('counts an IPv6 client by its /64', async () => {
    const calls = [
      '2001:db8::1',
      '2001:db8::2',
      '2001:db8::3',
      '2001:db8::4',
      '2001:db8::5',
      '2001:db8::6',
      '2001:db8::7',
      '2001:db8::8',
      '2001:db8::9',
    ]
    const statuses = await Promise.all(calls.map((ip) => withFunctionSlot(ip, slowCall).then((response) => response.status)))
    expect(statuses.filter((status) => status === 429)).toHaveLength(1)
    expect((await withFunctionSlot('2001:db8::a', async () => new Response('ok'))).status).toBe(200)
  }, 10_000)
})
