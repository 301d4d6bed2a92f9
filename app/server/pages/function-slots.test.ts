import { describe, expect, it } from 'vitest'
import { functionSlotUsage, withFunctionSlot } from './function-slots.server'
import { renderRefusals } from '../platform/metrics.server'

async function refusals(reason: string): Promise<number | undefined> {
  return (await renderRefusals.get()).values.find(({ labels }) => labels.slots === 'function' && labels.reason === reason)?.value
}

/** A server function call that takes a while (a CMS read over the network). */
const slowCall = () => new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('ok')), 50))

/** A call that never answers (what it waits on never settles). */
const hangingCall = () => new Promise<Response>(() => undefined)

const open = () => new AbortController().signal

describe('withFunctionSlot', () => {
  it('bounds the GET calls running at once: one client flooding gets 429, another still gets its answer', async () => {
    // RENDER_CONCURRENCY is 4: eight calls at once, a client's share four while all are taken.
    const refusedBefore = (await refusals('busy')) ?? Number.NaN
    const flood = Array.from({ length: 40 }, () => withFunctionSlot('203.0.113.9', open(), slowCall))
    const other = withFunctionSlot('198.51.100.7', open(), slowCall)
    const statuses = (await Promise.all(flood)).map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(8)
    expect(statuses.filter((status) => status === 429)).toHaveLength(32)
    expect(await refusals('busy')).toBe(refusedBefore + 32)
    // Once its calls are done, the client is served again.
    expect((await withFunctionSlot('203.0.113.9', open(), slowCall)).status).toBe(200)
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
    const statuses = await Promise.all(calls.map((ip) => withFunctionSlot(ip, open(), slowCall).then((response) => response.status)))
    expect(statuses.filter((status) => status === 429)).toHaveLength(1)
    expect((await withFunctionSlot('2001:db8::a', open(), async () => new Response('ok'))).status).toBe(200)
  }, 10_000)

  it('gives the slot of a call past its deadline (or whose client left) to the next, and never runs a call that left the line', async () => {
    // Eight hanging calls from eight clients fill every slot; two more wait.
    const stops = Array.from({ length: 10 }, () => new AbortController())
    let ran = 0
    const calls = stops.map((stop, index) =>
      withFunctionSlot(`192.0.2.${index + 1}`, stop.signal, () => {
        ran++
        return hangingCall()
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(functionSlotUsage()).toEqual({ running: 8, waiting: 2 })
    expect(ran).toBe(8)

    // The ninth's client hangs up while it waits: it leaves the line and never runs.
    stops[8]?.abort()
    expect((await calls[8])?.status).toBe(503)
    expect(functionSlotUsage()).toEqual({ running: 8, waiting: 1 })

    // The first's deadline passes while it runs: its slot goes to the tenth, though the call never ends.
    stops[0]?.abort()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(functionSlotUsage()).toEqual({ running: 8, waiting: 0 })
    expect(ran).toBe(9)

    // The rest stop too: every slot is free again.
    for (const stop of stops) stop.abort()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(functionSlotUsage()).toEqual({ running: 0, waiting: 0 })
    expect(ran).toBe(9)
  })
})
