import { rateLimitKey } from './contact/rate-limit.server'
import { getRuntimeConfig } from './env.server'
import { RenderSlots } from './render-slots'

/**
 * Server functions called with GET (the CMS reads of a page the browser navigates to) run in a
 * bounded number at once, twice the render slots (they are lighter than a render), in their own
 * slots: a flood of calls neither runs unbounded nor holds up the pages' renders. A client past
 * its share while every slot is taken gets 429 (render-slots.ts).
 */
let slots: RenderSlots | undefined

export async function withFunctionSlot(client: string, call: () => Promise<Response>): Promise<Response> {
  slots ??= new RenderSlots(getRuntimeConfig().RENDER_CONCURRENCY * 2, 1000, 1000)
  const slot = await slots.acquireFor(rateLimitKey(client))
  if ('refused' in slot) {
    return Response.json(
      { error: 'Too many requests' },
      { status: slot.refused === 'busy' ? 429 : 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
    )
  }
  try {
    return await call()
  } finally {
    slot.release()
  }
}
