import { createServerFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'
import * as v from 'valibot'
import { constants, languages, localeCodes, type Locale } from '../../app.config'
import { cms } from '../server/cms/operations.server'

const localeSchema = v.picklist(localeCodes)

/** A CMS link: a root-relative public path. */
const linkSchema = v.pipe(v.string(), v.startsWith('/'), v.maxLength(2048))

function isoOf(locale: Locale): string {
  return languages.find((language) => language.code === locale)?.iso ?? 'nl_NL'
}

function authToken(): string | undefined {
  return getCookie(constants.authCookie.name) || undefined
}

export const fetchPage = createServerFn({ method: 'GET' })
  .validator(v.object({ locale: localeSchema, link: linkSchema }))
  .handler(async ({ data }) => {
    const result = await cms.readOnePage({ link: data.link, locale: isoOf(data.locale) }, { authToken: authToken() })
    return result.readOnePage
  })

export const fetchSite = createServerFn({ method: 'GET' })
  .validator(v.object({ locale: localeSchema }))
  .handler(async ({ data }) => {
    const result = await cms.readSite({ locale: isoOf(data.locale) }, { authToken: authToken() })
    return { site: result.readSiteConfig, navigation: result.readNavigation }
  })
