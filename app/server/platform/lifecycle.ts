import { channel } from 'node:diagnostics_channel'

/**
 * nitro (the HTTP server, in nitro's own bundle) and the app (app/server.ts, the SSR bundle)
 * run in one process but do not share modules; a named diagnostics channel is process-wide.
 * When nitro has stopped serving it publishes a stop request here; the app adds the promise
 * of releasing what it holds, and nitro waits for it before the process exits.
 */
const appStop = channel('site:app-stop')

interface StopRequest {
  pending: Array<Promise<unknown>>
}

function isStopRequest(message: unknown): message is StopRequest {
  return typeof message === 'object' && message !== null && Array.isArray(Reflect.get(message, 'pending'))
}

/** nitro's side: ask the app to stop and wait until it has. */
export async function stopTheApp(): Promise<void> {
  const request: StopRequest = { pending: [] }
  appStop.publish(request)
  await Promise.allSettled(request.pending)
}

/** The app's side: how to stop. */
export function onAppStop(stop: () => Promise<void>): void {
  appStop.subscribe((message) => {
    if (isStopRequest(message)) message.pending.push(stop())
  })
}
