import { useEffect, useRef } from 'react'
import type { Locale } from '../../../app.config'

interface TurnstileApi {
  render(element: HTMLElement, options: { sitekey: string; language: string; 'response-field-name': string }): string
  remove(widgetId: string): void
}

function turnstileApi(): TurnstileApi | undefined {
  const api: unknown = Reflect.get(window, 'turnstile')
  if (typeof api !== 'object' || api === null) return undefined
  const render: unknown = Reflect.get(api, 'render')
  const remove: unknown = Reflect.get(api, 'remove')
  if (typeof render !== 'function' || typeof remove !== 'function') return undefined
  return {
    render: (element, options) => String(render.call(api, element, options)),
    remove: (widgetId) => void remove.call(api, widgetId),
  }
}

let scriptLoad: Promise<void> | undefined

function loadScript(url: string): Promise<void> {
  scriptLoad ??= new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = `${url}?render=explicit`
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('Turnstile could not be loaded'))
    document.head.append(script)
  })
  return scriptLoad
}

/**
 * The hosted alternative to ALTCHA (CAPTCHA_PROVIDER=turnstile): Cloudflare
 * Turnstile in the page's language. Its token lands in a hidden input named
 * "captcha", which the form sends; the server verifies it with the provider.
 */
export function TurnstileWidget({ locale, siteKey, scriptUrl }: { locale: Locale; siteKey: string; scriptUrl: string }) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let widgetId: string | undefined
    let active = true
    void loadScript(scriptUrl)
      .then(() => {
        const api = turnstileApi()
        if (!active || !api || !container.current) return
        widgetId = api.render(container.current, { sitekey: siteKey, language: locale, 'response-field-name': 'captcha' })
      })
      .catch((error: unknown) => console.warn('[captcha]', error))
    return () => {
      active = false
      if (widgetId) turnstileApi()?.remove(widgetId)
    }
  }, [locale, siteKey, scriptUrl])
  return <div ref={container} className="turnstile" />
}
