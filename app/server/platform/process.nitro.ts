import { definePlugin } from 'nitro'
import { fetchViteEnv } from 'nitro/vite/runtime'
import { stopTheApp } from './lifecycle'
import { logger } from './logger.server'

/**
 * Longest a stop may take after SIGTERM. Under the cluster primary the SIGTERM comes after its
 * grace (3 s by default, /readyz 503 meanwhile): both fit in the 10 s orchestrators typically
 * give before SIGKILL.
 */
const shutdownDeadlineMs = 6_000

/**
 * The process around the app: nitro serves HTTP; the app bundle (app/server.ts) holds the
 * state. At boot the app bundle is loaded at once (nitro would load it on the first request),
 * so start-up checks run now (lifecycle.server.ts).
 *
 * SIGTERM/SIGINT: nitro's server stops accepting connections and lets in-flight requests
 * finish (up to 5 s, SERVER_SHUTDOWN_TIMEOUT), then calls the `close` hooks: the app releases
 * what it holds and the process exits. nitro skips all this when CI or TEST is set (its test
 * mode); then the process stops at once.
 */
export default definePlugin((nitroApp) => {
  const graceful = !process.env.CI && !process.env.TEST
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true
      if (!graceful) process.exit(0)
      // Whatever still runs after the deadline is cut off: exiting on time matters more.
      setTimeout(() => {
        logger.error('[shutdown] not finished in time: exiting')
        process.exit(1)
      }, shutdownDeadlineMs).unref()
    })
  }
  nitroApp.hooks?.hook('close', async () => {
    await stopTheApp()
    if (stopping) process.exit(0)
  })
  // An app bundle that cannot load (a missing module, a Node without node:sqlite) would leave a
  // worker answering 500 to everything: stop instead, so the cluster primary sees it.
  fetchViteEnv('ssr', 'http://localhost/healthz').catch((error: unknown) => {
    logger.error({ err: error }, '[start] the app did not load')
    process.exit(1)
  })
})
