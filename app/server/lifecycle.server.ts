import { contentFilesChanged, listenForPurges } from './pages/content-caches.server'
import { listenForContentWrites } from './platform/content-written.server'
import { captchaSchema } from './contact/captcha.server'
import { rateSchema } from './contact/rate-limit.server'
import { thanksSchema } from './contact/thanks.server'
import { previewSchema } from './cms-client/preview.server'
import { embeddedCmsStarted } from './cms-client/client.server'
import { closeDatabase, databaseWith } from './platform/db.server'
import { closeRedis } from './platform/redis.server'
import { ConfigError, getRuntimeConfig, localesWithoutDomain } from './platform/env.server'
import { trustOf } from './http/client-ip.server'
import { onAppStop } from './platform/lifecycle'
import { answerMetricsRequests } from './metrics-endpoint.server'
import { listenForStop } from './platform/stopping.server'
import { reportServerError } from './platform/sentry.server'
import { logger } from './platform/logger.server'
import { prepareVariants } from './media/media-variants.server'

/**
 * Start-up and shutdown of everything the app holds: the one database connection, the embedded
 * CMS (content, its watcher, the mail outbox) and the caches fed by it. Runs when app/server.ts
 * is loaded, which nitro does at boot (process.nitro.ts). A bad environment or an invalid
 * content file stops the process with a message naming the variable, or the file and field.
 */
export async function startApp(): Promise<void> {
  try {
    const config = getRuntimeConfig()
    try {
      trustOf(config.TRUST_PROXY)
    } catch (error) {
      throw new ConfigError(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`)
    }
    for (const locale of localesWithoutDomain(config)) {
      logger.warn(`[config] no domain configured for locale "${locale}" in LOCALE_DOMAINS; it is served on SITE_URL`)
    }
    // Opening the database (and bringing its tables up to date) now makes an unwritable DATA_DIR
    // or an unreachable DATABASE_URL stop the start, not a later visitor's form.
    try {
      await Promise.all([databaseWith(captchaSchema), databaseWith(rateSchema), databaseWith(thanksSchema), databaseWith(previewSchema)])
    } catch (error) {
      const where = config.DATABASE_URL
        ? 'DATABASE_URL: cannot use the PostgreSQL database'
        : `DATA_DIR: cannot open the database in "${config.DATA_DIR}"`
      throw new ConfigError(`${where}: ${error instanceof Error ? error.message : String(error)}`)
    }
    onAppStop(stopApp)
    await listenForPurges()
    answerMetricsRequests()
    listenForStop()
    if (!config.CMS_GRAPHQL_URL) {
      const cms = await import('../embedded-cms/index.server')
      try {
        await cms.startEmbeddedCms()
      } catch (error) {
        if (error instanceof cms.ContentError) throw new ConfigError(error.message)
        throw error
      }
      // Every worker reloads the content itself (its folder watch unless CONTENT_WATCH=off, and
      // the admin's writes announced by whichever worker and instance made them, ADR 107): a
      // reload clears its own caches (and bans the shared caches in front, CACHE_BAN_URLS).
      cms.onContentChange(contentFilesChanged)
      await listenForContentWrites(() => void cms.reloadContentInBackground())
      embeddedCms = cms
      embeddedCmsStarted()
      // The cluster's first worker makes the content's image variants for all (they are shared
      // on disk), in the background and one at a time: visitors then find them made (ADR 028).
      if (process.env.WORKER_ID === '1') {
        // A pass after each change, never two at once (a pass over made variants only reads the disk).
        let passes = Promise.resolve()
        const prepare = () => {
          passes = passes.then(async () => {
            const started = Date.now()
            try {
              const count = await prepareVariants(cms.currentVariantPaths())
              logger.info(`[media] ${count} image variants ready in ${Date.now() - started} ms`)
            } catch (error) {
              logger.warn({ err: error }, '[media] image variants not prepared')
            }
          })
        }
        setImmediate(prepare)
        cms.onContentChange(prepare)
      }
    }
    // The admin's API (CMS_ADMIN=local or site, or `npm run dev`) is the site's own; scratch
    // copies a check left when its process ended are removed by the first worker, under the save lock.
    if (!config.CMS_GRAPHQL_URL && (process.env.WORKER_ID ?? '1') === '1') {
      const admin = await import('./admin/admin.server')
      if (admin.currentAdminMode(config) !== 'off') await admin.tidyAdminFolder(config)
    }
    // Under the cluster primary (app/server/platform/cluster/primary.mjs): this worker is ready, and
    // says why it was started if it replaces one that died.
    process.send?.({ type: 'site:ready' })
    const replaced = process.env.SITE_WORKER_REPLACES
    if (replaced) reportServerError(new Error(`Worker ${process.env.WORKER_ID ?? '?'} replaced one that died (${replaced})`))
  } catch (error) {
    // Whatever stops the start stops the worker: a worker without its database, CMS or Redis
    // would answer 500 to everything, and only an exit tells the cluster primary.
    if (error instanceof ConfigError) logger.error(error.message)
    else logger.error({ err: error }, '[start] the app could not start')
    process.exit(1)
  }
}

let embeddedCms: { stopEmbeddedCms: () => Promise<void> } | undefined

/** The mail being sent finishes, the database is closed (its write-ahead log folded back). */
async function stopApp(): Promise<void> {
  await embeddedCms?.stopEmbeddedCms()
  await Promise.all([closeDatabase(), closeRedis()])
}
