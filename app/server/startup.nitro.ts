import { definePlugin } from 'nitro'
import { ConfigError, getRuntimeConfig, localesWithoutDomain } from '../../app.config'
import { startOutboxWorker } from './contact/outbox.server'
import { ContentError, reloadContent } from './embedded'

/**
 * Runs once when the Node server starts: a bad environment or, with the
 * embedded CMS, an invalid content file stops it with a message naming the
 * variable, or the file and field.
 */
export default definePlugin(() => {
  try {
    const config = getRuntimeConfig()
    for (const locale of localesWithoutDomain(config)) {
      console.warn(`[config] no domain configured for locale "${locale}" in LOCALE_DOMAINS; it is served on SITE_URL`)
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
