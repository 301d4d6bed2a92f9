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
 * listens stops. Start's handler listens only to its request's signal: the work hands it a
 * request carrying this signal (requestWithSignal), or Start runs on past the deadline.
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

/**
 * `request` (its method, headers and body) carrying `signal`, the signal Start's handler stops
 * on (it aborts React's render and stops waiting for the router or a server function).
 */
export function requestWithSignal(request: Request, signal: AbortSignal, method = request.method): Request {
  const body = method === 'GET' || method === 'HEAD' ? null : request.body
  // A body stream is sent as it is read (duplex 'half', which fetch requires for one).
  return new Request(request.url, { method, headers: request.headers, body, signal, ...(body ? { duplex: 'half' } : {}) })
}
