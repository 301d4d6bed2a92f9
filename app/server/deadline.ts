/** The reason a deadline's signal aborts with: the work took longer than it may. */
export class DeadlineExceeded extends Error {
  override name = 'DeadlineExceeded'

  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`)
  }
}

const expiry = Symbol('deadline expired')

/**
 * `work`'s result, or `onExpiry()`'s once `ms` have passed, whatever the work still waits for
 * (a promise that never settles answers too). The work gets a signal that aborts at the
 * deadline with a DeadlineExceeded: what it holds (a render slot) it gives back then, and what
 * listens (Start's handler, through the request's signal) stops waiting.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, onExpiry: () => T | Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<typeof expiry>((resolve) => {
    timer = setTimeout(() => resolve(expiry), ms)
  })
  try {
    // race() handles the work's late rejection, if any: nothing is left unhandled.
    const result = await Promise.race([work(controller.signal), expired])
    if (result !== expiry) return result
    controller.abort(new DeadlineExceeded(ms))
    return await onExpiry()
  } finally {
    clearTimeout(timer)
  }
}

/** Whether an error is a deadline's abort (already answered and logged where it expired). */
export function isDeadlineExceeded(error: unknown): error is DeadlineExceeded {
  return error instanceof DeadlineExceeded
}
