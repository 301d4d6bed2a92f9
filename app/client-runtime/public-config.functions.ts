import { createServerFn } from '@tanstack/react-start'
import { getRuntimeConfig } from '../server/platform/env.server'

/** The few runtime settings the browser needs: the same for every visitor (pages are shared). */
export const fetchPublicConfig = createServerFn({ method: 'GET' }).handler(() => {
  const config = getRuntimeConfig()
  return {
    siteUrl: config.SITE_URL,
    localeOrigins: config.LOCALE_DOMAINS ?? {},
    captcha:
      config.CAPTCHA_PROVIDER === 'turnstile' && config.TURNSTILE_SITE_KEY
        ? { provider: 'turnstile' as const, siteKey: config.TURNSTILE_SITE_KEY, scriptUrl: config.TURNSTILE_SCRIPT_URL }
        : { provider: 'altcha' as const },
    tiles: { url: config.TILE_URL, attribution: config.TILE_ATTRIBUTION },
    buildId: __BUILD_ID__,
    gtm: config.GTM_ID ? { id: config.GTM_ID, scriptUrl: config.GTM_SCRIPT_URL } : undefined,
    sentry: config.SENTRY_DSN
      ? {
          dsn: config.SENTRY_DSN,
          release: __BUILD_ID__,
          tracePropagationTargets: [
            new URL(config.SITE_URL).origin,
            ...(config.CMS_GRAPHQL_URL ? [new URL(config.CMS_GRAPHQL_URL).origin] : []),
          ],
        }
      : undefined,
  }
})
