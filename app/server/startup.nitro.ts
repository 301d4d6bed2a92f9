import { definePlugin } from 'nitro'
import type { NitroApp } from 'nitro/types'
import { ConfigError, getRuntimeConfig, localesWithoutDomain } from './env.server'
import { trustOf } from './client-ip.server'
import { startOutboxWorker, stopOutboxWorker } from './contact/outbox.server'
import { closeDatabase, database } from './db.server'
import { ContentError, reloadContent } from './embedded'

/**
 * Runs once when the Node server starts: a bad environment or, with the
 * embedded CMS, an invalid content file stops it with a message naming the
 * variable, or the file and field.
 */
export default definePlugin((nitroApp) => {
  handleShutdown(nitroApp.hooks)
  try {
    const config = getRuntimeConfig()
    try {
      trustOf(config.TRUST_PROXY)
    } catch (error) {
      throw new ConfigError(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`)
    }
    for (const locale of localesWithoutDomain(config)) {
      console.warn(`[config] no domain configured for locale "${locale}" in LOCALE_DOMAINS; it is served on SITE_URL`)
    }
    // Opening the database now makes an unwritable DATA_DIR stop the start, not a later visitor's form.
    try {
      database()
    } catch (error) {
      throw new ConfigError(`DATA_DIR: cannot open the database in "${config.DATA_DIR}": ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!config.CMS_GRAPHQL_URL) {
      reloadContent()
      // The embedded CMS mails contact submissions when SMTP_URL is set.
      startOutboxWorker()
    }
  } catch (error) {
    if (!(error instanceof ConfigError) && !(error instanceof ContentError)) throw error
    console.error(error.message)
    process.exit(1)
  }
})

/** Longest a stop may take; orchestrators typically send SIGKILL after 10 s. */
const shutdownDeadlineMs = 9_000

/**
 * SIGTERM/SIGINT: nitro's server stops accepting connections and lets
 * in-flight requests finish (up to 5 s, SERVER_SHUTDOWN_TIMEOUT), then calls
 * the `close` hooks: the outbox worker finishes the mail it is sending, the
 * database is closed and the process exits. nitro skips all this when CI or
 * TEST is set (its test mode); then the process stops at once, as before.
 */
function handleShutdown(hooks: NonNullable<NitroApp['hooks']>): void {
  const graceful = !process.env.CI && !process.env.TEST
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true
      if (!graceful) process.exit(0)
      // Whatever still runs after the deadline is cut off: exiting on time matters more.
      setTimeout(() => {
        console.error('[shutdown] not finished in time: exiting')
        process.exit(1)
      }, shutdownDeadlineMs).unref()
    })
  }
  hooks.hook('close', async () => {
    await stopOutboxWorker()
    closeDatabase()
    if (stopping) process.exit(0)
  })
}
