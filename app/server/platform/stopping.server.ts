/**
 * Whether this worker is being stopped: the cluster primary says so when it gets SIGTERM, a grace
 * before the worker stops accepting connections (app/server/platform/cluster/primary.mjs). /readyz answers
 * 503 from then on, so a load balancer sends new connections elsewhere while this one still serves.
 */
let stopping = false

export function isStopping(): boolean {
  return stopping
}

/** Listens for the primary's word (called once at start, lifecycle.server.ts). */
export function listenForStop(): void {
  process.on('message', (message: unknown) => {
    if (typeof message === 'object' && message !== null && Reflect.get(message, 'type') === 'site:stopping') stopping = true
  })
}
