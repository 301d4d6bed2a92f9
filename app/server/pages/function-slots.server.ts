import { rateLimitKey } from '../http/client-key'
import { getRuntimeConfig } from '../platform/env.server'
import { renderRefusals } from '../platform/metrics.server'
import { RenderSlots } from './render-slots'

/**
 * Server functions called with GET (the CMS reads of a page the browser navigates to) run in a
 * bounded number at once, twice the render slots (they are lighter than a render), in their own
 * slots: a flood of calls neither runs unbounded nor holds up the pages' renders. A client past
 * its share while every slot is taken gets 429 (render-slots.ts). When `signal` aborts (the
 * call's deadline passed, or its client hung up) the call leaves the line, or gives its slot to
 * the next in line, whatever it still waits for: nothing waits or runs on for nobody.
 */
let slots: RenderSlots | undefined

export async function withFunctionSlot(client: string, signal: AbortSignal, call: () => Promise<Response>): Promise<Response> {
  slots ??= new RenderSlots(getRuntimeConfig().RENDER_CONCURRENCY * 2, 1000, 1000)
  const slot = await slots.acquireFor(rateLimitKey(client), signal)
  // Aborted while waiting (or between the grant and now): nobody waits for the answer.
  if (signal.aborted) {
    if (!('refused' in slot)) slot.release()
    return aborted()
  }
  if ('refused' in slot) {
    renderRefusals.inc({ slots: 'function', reason: slot.refused === 'busy' ? 'busy' : 'full' })
    return Response.json(
      { error: 'Too many requests' },
      { status: slot.refused === 'busy' ? 429 : 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
    )
  }
  signal.addEventListener('abort', slot.release, { once: true })
  try {
    return await call()
  } finally {
    signal.removeEventListener('abort', slot.release)
    slot.release()
  }
}

/** The answer of a call whose deadline passed or whose client left: nobody reads it (the deadline answered already). */
function aborted(): Response {
  return Response.json({ error: 'Timed out' }, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } })
}

/** Calls running and waiting for a function slot (tests, metrics). */
export function functionSlotUsage(): { running: number; waiting: number } {
  return { running: slots?.running ?? 0, waiting: slots?.waiting ?? 0 }
}
