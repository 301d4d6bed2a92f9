import { describe, expect, it, vi } from 'vitest'
import { parseRuntimeConfig } from '../platform/env.server'
import { gradeResponse } from '../../../tests/unit/observatory'
import { createHash } from 'node:crypto'
import { htmlOfText } from './page-bytes'
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders, templateOrigin } from './security-headers'

// The Observatory looks the host up in the browsers' HSTS preload list, a file its
// install script downloads (no network here). The site is not on that list.
vi.mock('@mdn/mdn-http-observatory/src/analyzer/hsts.js', () => ({ hsts: () => new Map(), isHstsPreloaded: () => null }))

const production = parseRuntimeConfig({ SITE_URL: 'https://www.autogroep-horizon.example' })

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )
}

/** A page as the app renders it: the router's inline scripts carry the render's marker, code comes from /assets. */
const marker = 'M4rker_'
const page = `<!DOCTYPE html><html lang="nl"><head><meta charSet="utf-8"/><title>Autogroep Horizon</title>
<link rel="stylesheet" href="/assets/styles-abc.css"/><link rel="modulepreload" href="/assets/main-abc.js" nonce="${marker}"/>
<script type="application/ld+json" nonce="${marker}">{"@type":"Organization"}</script></head>
<body><main><h1>Welkom</h1><div><script>alert('injected through content')</script></div></main><script class="$tsr" nonce="${marker}">self.$_TSR={}</script>
<script type="module" src="/assets/main-abc.js" nonce="${marker}" async></script><script type="module" nonce="${marker}">import("/assets/x.js")</script></body></html>`

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('security headers, graded with the MDN HTTP Observatory', () => {
  it('scores at least 100 (A+) on a page of the production site', () => {
    const headers = { ...securityHeaders(production, inlineScriptHashes(page, marker)), 'Content-Type': 'text/html; charset=utf-8' }
    const graded = gradeResponse('https://www.autogroep-horizon.example/', 200, headers, page)
    expect(graded.results.filter((r) => r.modifier < 0)).toEqual([])
    expect(graded.score).toBeGreaterThanOrEqual(100)
    expect(graded.grade).toBe('A+')
  })

  it('fails the grade when the policy allows inline scripts', () => {
    const headers: Record<string, string> = { ...securityHeaders(production, []), 'Content-Type': 'text/html; charset=utf-8' }
    headers['Content-Security-Policy'] = contentSecurityPolicy(production, ["'unsafe-inline'"])
    const graded = gradeResponse('https://www.autogroep-horizon.example/', 200, headers, page)
    expect(graded.results.map((r) => r.result)).toContain('csp-implemented-with-unsafe-inline')
    expect(graded.score).toBeLessThan(100)
  })
})

describe('contentSecurityPolicy', () => {
  it("allows scripts from this origin and the page's own inline scripts only: no unsafe-inline, no unsafe-eval", () => {
    const policy = directives(contentSecurityPolicy(production, ["'sha256-abc='"]))
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://tile.openstreetmap.org'])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
    expect(policy.has('upgrade-insecure-requests')).toBe(true)
  })

  it('names only the outside hosts the configuration uses', () => {
    const config = parseRuntimeConfig({
      SITE_URL: 'https://www.example.com',
      GTM_ID: 'GTM-ABC123',
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42',
      CAPTCHA_PROVIDER: 'turnstile',
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET: 'secret',
      TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      CMS_GRAPHQL_URL: 'https://cms.example.com/graphql',
    })
    const policy = directives(contentSecurityPolicy(config, []))
    expect(policy.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com', 'https://challenges.cloudflare.com'])
    expect(policy.get('frame-src')).toEqual(['https://challenges.cloudflare.com'])
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://o1.ingest.sentry.io', 'https://www.googletagmanager.com'])
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'https://*.tiles.example.org',
      'https://cms.example.com',
      'https://www.googletagmanager.com',
    ])
  })
})

describe('inlineScriptHashes', () => {
  it("hashes each of the render's executable inline scripts once; skips src scripts and data blocks", () => {
    expect(inlineScriptHashes(page, marker)).toEqual([sha('self.$_TSR={}'), sha('import("/assets/x.js")')])
    const m = 'nonce="m"'
    expect(
      inlineScriptHashes(`<script ${m}>a</script><SCRIPT type="text/javascript" ${m}>b</script ><script ${m}>a</script>`, 'm'),
    ).toEqual([sha('a'), sha('b')])
    expect(inlineScriptHashes(`<script type="application/json" ${m}>{}</script><script src="/x.js" ${m}></script>`, 'm')).toEqual([])
    // Multi-byte text is hashed as UTF-8, as browsers do.
    // Pages are held as their UTF-8 bytes (page-bytes.ts); the hash is of those bytes, as the browser's.
    expect(inlineScriptHashes(htmlOfText(`<script ${m}>"€ – ë"</script>`), 'm')).toEqual([sha('"€ – ë"')])
  })

  it('leaves out scripts without the marker: markup injected through content cannot run', () => {
    expect(inlineScriptHashes(page, marker)).not.toContain(sha("alert('injected through content')"))
    expect(inlineScriptHashes('<script nonce="guess">alert(1)</script><script>alert(2)</script>', 'm')).toEqual([])
  })
})

describe('templateOrigin', () => {
  it('turns a {s} subdomain template into a wildcard host', () => {
    expect(templateOrigin('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org')
    expect(templateOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org')
  })
})

describe('securityHeaders', () => {
  it('sets the baseline on every response, and a locked-down policy on non-pages', () => {
    const headers = securityHeaders(parseRuntimeConfig({ SITE_URL: 'http://localhost:3000' }))
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headers['Cross-Origin-Resource-Policy']).toBe('same-origin')
    expect(headers['Permissions-Policy']).toContain('camera=()')
    // The locations list may ask for the position ("near me"), from this origin only, never a frame.
    expect(headers['Permissions-Policy']).toContain('geolocation=(self)')
    expect(headers['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    expect(headers['Strict-Transport-Security']).toBeUndefined()
  })

  it('sends HSTS for an https site, or as configured', () => {
    expect(securityHeaders(production)['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains')
    expect(securityHeaders(parseRuntimeConfig({ SITE_URL: 'https://x.example', HSTS: 'off' }))['Strict-Transport-Security']).toBeUndefined()
    expect(securityHeaders(parseRuntimeConfig({ SITE_URL: 'http://x.example', HSTS: 'on' }))['Strict-Transport-Security']).toBeDefined()
  })
})
