import { useEffect, useState } from 'react'
import type { Locale } from '../../../app.config'

/** ALTCHA's own translations, loaded with the widget (English is built in). */
const languagePacks: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  nl: () => import('altcha/i18n/nl'),
  de: () => import('altcha/i18n/de'),
  fr: () => import('altcha/i18n/fr-fr'),
  da: () => import('altcha/i18n/da'),
}

/**
 * The self-hosted proof-of-work captcha, in the page's language. The web
 * component only exists in the browser, so it is loaded after mount; it solves
 * the challenge on load and puts its payload in a hidden input named "altcha".
 */
export function AltchaWidget({ locale }: { locale: Locale }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let active = true
    void (async () => {
      await import('altcha')
      if (locale !== 'en') await languagePacks[locale]()
      if (active) setReady(true)
    })()
    return () => {
      active = false
    }
  }, [locale])
  if (!ready) return null
  return (
    <altcha-widget
      challenge="/api/captcha/challenge"
      auto="onload"
      language={locale === 'fr' ? 'fr-fr' : locale}
      name="altcha"
      hidefooter
      hidelogo
    />
  )
}

/** The captcha's payload in a form: Turnstile's token, or ALTCHA's (light DOM or the widget's shadow root). */
export function captchaPayload(form: HTMLFormElement): string {
  const turnstile = form.querySelector<HTMLInputElement>('input[name="captcha"]')
  if (turnstile) return turnstile.value
  const direct = form.querySelector<HTMLInputElement>('input[name="altcha"]')
  if (direct) return direct.value
  const widget = form.querySelector('altcha-widget')
  return widget?.shadowRoot?.querySelector<HTMLInputElement>('input[name="altcha"]')?.value ?? ''
}
