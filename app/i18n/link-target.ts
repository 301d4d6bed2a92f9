import type { Locale } from '../../app.config'
import { pathCodec } from './i18n'
import { isLocale } from './paths'

/**
 * Typed router target for a public, root-relative path that comes as data
 * (CMS links, translations). Internal paths are `/$locale[/rest]`; fixed
 * pages (`~news` …) match by path, so the splat route covers every page.
 */
export type LinkTarget = { to: '/$locale'; params: { locale: Locale } } | { to: '/$locale/$'; params: { locale: Locale; _splat: string } }

export function linkTargetFor(publicPath: string): LinkTarget | null {
  const url = new URL(publicPath, 'http://internal.invalid')
  if (url.origin !== 'http://internal.invalid') return null
  const [, locale, ...rest] = pathCodec.toInternal(url.pathname).split('/')
  if (!isLocale(locale)) return null
  const splat = rest.filter((s) => s !== '').join('/')
  return splat === '' ? { to: '/$locale', params: { locale } } : { to: '/$locale/$', params: { locale, _splat: splat } }
}
