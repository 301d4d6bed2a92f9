import { describe, expect, it, vi } from 'vitest'
import type { RequestContext } from '../../router'

// The site at www.example.com with a page cache (which is off under the dev server, as vitest
// says it is by default); the CMS knows one auth token. HANDLER_TIMEOUT_MS is the default, which
// no request here comes near however slow the machine: the one test of the deadline moves a fake clock.
vi.hoisted(() => {
  vi.stubEnv('DEV', false)
  process.env.SITE_URL = 'https://www.example.com'
  process.env.PAGE_CACHE_TTL = '60'
})
vi.mock('../cms-client/client.server', async (original) => ({
  ...(await original<typeof import('../cms-client/client.server')>()),
  cmsKnowsToken: async (token: string) => token === 'known-token',
}))
// Every page here exists: the 404 template (not-found-shell.server.ts, which asks the CMS) is not this test's.
vi.mock('../pages/not-found-shell.server', async (original) => ({
  ...(await original<typeof import('../pages/not-found-shell.server')>()),
  missingPage: async () => null,
}))
const { createRequestHandler } = await import('./request-handler.server')
const { getRuntimeConfig } = await import('../platform/env.server')
const { renderRefusals } = await import('../platform/metrics.server')

interface Rendered {
  request: Request
  context: RequestContext
}

/** The request layer with a stand-in for Start: a page naming its path and the cookies it was rendered with. */
function site() {
  const rendered: Rendered[] = []
  const media: string[] = []
  const handle = createRequestHandler({
    startHandler: (request, { context }) => {
      rendered.push({ request, context })
      const url = new URL(request.url)
      if (url.pathname.startsWith('/_serverFn/slow')) return new Promise<Response>(() => undefined)
      // A page whose route redirects (a news item under another language's slug, say).
      if (url.pathname === '/verhuisd') return new Response(null, { status: 301, headers: { Location: `/elders${url.search}` } })
      const body = `<!doctype html><html><body>${url.pathname}${url.search} cookie=${request.headers.get('cookie') ?? ''}</body></html>`
      return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
    serveMediaVariant: (_request, url) => (media.push(`variant ${url.pathname}`), new Response('variant')),
    serveContentMedia: (_request, url) => (media.push(`media ${url.pathname}`), new Response('media')),
    serveAdmin: (_request, url) => (media.push(`admin ${url.pathname}`), new Response('admin')),
    dev: false,
  })
  const get = (path: string, init: RequestInit = {}, origin = 'https://www.example.com') => {
    const url = new URL(`${origin}${path}`)
    return handle(new Request(url, init), url, 'req-test')
  }
  return { get, rendered, media }
}

describe('the request layer: what it refuses before anything renders', () => {
  it('answers 414 to a URL past the limit and 421 to a host that is not the site, probes on any host', async () => {
    const { get, rendered } = site()
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414)
    // The URL's host decides (a request line in absolute form names it), whatever the Host header says.
    const foreign = await get('/over-ons', { headers: { host: 'www.example.com' } }, 'http://evil.example')
    expect(foreign.status).toBe(421)
    expect((await get('//evil.example/x', {}, 'http://evil.example')).status).toBe(421)
    expect(rendered).toHaveLength(0)
    for (const probe of ['/healthz', '/readyz', '/metrics']) {
      await get(probe, {}, 'http://10.0.0.7:3000')
      expect(rendered.at(-1)?.request.url, probe).toBe(`http://10.0.0.7:3000${probe}`)
    }
  })

  it('redirects // and $ paths relative to this site, never to the Host', async () => {
    const { get } = site()
    const slashes = await get('//evil.example/x', { headers: { host: 'evil.example' } })
    expect(slashes.status).toBe(301)
    expect(slashes.headers.get('location')).toBe('/evil.example/x')
    const dollar = await get('/vestigingen/$x')
    expect(dollar.status).toBe(301)
    expect(dollar.headers.get('location')).toBe('/vestigingen/%24x')
  })

  it('takes GET and HEAD only on pages: 405 in the page language, with Allow and no-store', async () => {
    const { get, rendered } = site()
    // (TRACE cannot be a fetch Request: tests/e2e/hostile-traffic.spec.ts sends it.)
    for (const method of ['OPTIONS', 'PUT', 'DELETE', 'PATCH', 'POST']) {
      const response = await get('/over-ons', { method })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow'), method).toBe('GET, HEAD')
      expect(response.headers.get('cache-control'), method).toBe('no-store')
    }
    const german = await get('/de/ueber-uns', { method: 'PUT' })
    expect(german.headers.get('content-language')).toBe('de')
    expect(await german.text()).toMatch(/^Methode nicht erlaubt\n/)
    expect(rendered).toHaveLength(0)
  })

  it('answers a short plain 404 outside the pages, and passes the server routes to Start', async () => {
    const { get, rendered } = site()
    for (const path of [
      '/api/123',
      '/api/preview/exit/x',
      '/healthz/x',
      '/sitemap.xml/x',
      '/builds/nope',
      '/.well-known/nope',
      '/assets/x.js',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/)
      expect((await response.text()).length, path).toBeLessThan(100)
    }
    expect(rendered).toHaveLength(0)
    for (const path of ['/healthz', '/api/global', '/builds/latest.json', '/robots.txt', '/.well-known/security.txt']) await get(path)
    expect(rendered.map(({ request }) => new URL(request.url).pathname)).toEqual([
      '/healthz',
      '/api/global',
      '/builds/latest.json',
      '/robots.txt',
      '/.well-known/security.txt',
    ])
    const impossible = await get('/_serverFn/constructor')
    expect(impossible.status).toBe(404)
    expect(await impossible.json()).toEqual({ error: 'Unknown server function' })
  })

  it('sends media to the media handlers, resized images to theirs, and /admin to the admin', async () => {
    const { get, media, rendered } = site()
    await get('/media/_/hero-640.webp')
    await get('/media/brochure.pdf')
    await get('/admin/')
    await get('/administratie')
    expect(media).toEqual(['variant /media/_/hero-640.webp', 'media /media/brochure.pdf', 'admin /admin/'])
    // A page whose segment only starts with "admin" is a page like any other.
    expect(rendered).toHaveLength(1)
  })

  it('answers a server function past HANDLER_TIMEOUT_MS with 503, and tells Start to stop', async () => {
    // The deadline's timer on a fake clock: it passes when the test moves the clock past it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { get, rendered } = site()
      const pastDeadline = async () =>
        (await renderRefusals.get()).values.find(({ labels }) => labels.slots === 'function' && labels.reason === 'deadline')?.value
      const before = (await pastDeadline()) ?? Number.NaN
      const answer = get('/_serverFn/slow')
      await vi.advanceTimersByTimeAsync(getRuntimeConfig().HANDLER_TIMEOUT_MS - 1)
      expect(rendered).toHaveLength(1)
      expect(rendered[0]?.request.signal.aborted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      const response = await answer
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('5')
      expect(rendered[0]?.request.signal.aborted).toBe(true)
      expect(await pastDeadline()).toBe(before + 1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the request layer: which requests share a cached page', () => {
  it('gives every consent cookie spelling the page the next anonymous visitor gets', async () => {
    const { get, rendered } = site()
    for (const [index, cookie] of ['consent= granted', 'consent =granted; consent=denied', 'consent=granted', 'consent=denied'].entries()) {
      const path = `/nieuws?page=${index + 2}`
      const first = await get(path, { headers: { cookie } })
      expect(first.headers.get('x-page-cache'), cookie).toBe('MISS')
      const next = await get(path)
      expect(next.headers.get('x-page-cache'), cookie).toBe('HIT')
      expect(await next.text(), cookie).toBe(await first.text())
    }
    expect(rendered).toHaveLength(4)
  })

  it('shares the plain page with campaign-tagged links, not with other queries', async () => {
    const { get } = site()
    await get('/over-ons/historie')
    expect((await get('/over-ons/historie?utm_source=newsletter&utm_medium=email&gclid=abc')).headers.get('x-page-cache')).toBe('HIT')
    await get('/nieuws?page=7')
    expect((await get('/nieuws?utm_source=x&page=7')).headers.get('x-page-cache')).toBe('HIT')
    expect((await get('/nieuws?page=8&utm_source=x')).headers.get('x-page-cache')).toBe('MISS')
  })

  it('gives a page the plain page for parameters its route does not read: one render for a flood of them', async () => {
    const { get, rendered } = site()
    const answers = []
    for (let n = 0; n < 50; n++) answers.push(await get(`/over-ons?a${n}=${Math.random()}`))
    answers.push(await get('/over-ons?fbclid=x&_=1'), await get('/over-ons'))
    expect(rendered).toHaveLength(1)
    // Rendered as the plain page (its links and canonical as the page's own): what every later hit gets.
    expect(rendered[0]?.request.url).toBe('https://www.example.com/over-ons')
    expect(answers.slice(1).map((answer) => answer.headers.get('x-page-cache'))).toEqual(answers.slice(1).map(() => 'HIT'))
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())))
    expect([...bodies]).toEqual(['<!doctype html><html><body>/over-ons cookie=</body></html>'])
  })

  it('keeps the parameters a route reads (news paging, map filters, a preselected location, a thank-you link)', async () => {
    const { get, rendered } = site()
    for (const path of [
      '/nieuws?page=12',
      '/vestigingen?country=de&brand=audi',
      '/contact?location=utrecht',
      '/en?near=3512',
      '/contact?sent=abc',
    ]) {
      expect((await get(`${path}&x=${path.length}`)).headers.get('x-page-cache'), path).toBe('MISS')
      expect(rendered.at(-1)?.request.url, path).toBe(`https://www.example.com${path}`)
      expect((await get(path)).headers.get('x-page-cache'), path).toBe('HIT')
    }
    // Another value is another page.
    expect((await get('/nieuws?page=13')).headers.get('x-page-cache')).toBe('MISS')
  })

  it('puts the parameters left out of the render back on a redirect', async () => {
    const { get } = site()
    const moved = await get('/verhuisd?utm_source=mail&location=a&b=1')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/elders?location=a&utm_source=mail&b=1')
  })

  it('renders an auth cookie nobody knows, in any spelling, without it, and stores that for everyone', async () => {
    const { get, rendered } = site()
    for (const cookie of ['auth_token =TOKEN', 'auth_token= TOKEN', 'AUTH_TOKEN=TOKEN', 'x=1; auth_token=TOKEN']) {
      const path = `/over-ons/auth-${encodeURIComponent(cookie)}`
      const withCookie = await get(path, { headers: { cookie } })
      expect(withCookie.headers.get('x-page-cache'), cookie).toBe('MISS')
      expect(withCookie.headers.get('cache-control'), cookie).toContain('public')
      expect(rendered.at(-1)?.request.headers.get('cookie') ?? '', cookie).not.toMatch(/auth_token/i)
      expect((await get(path)).headers.get('x-page-cache'), cookie).toBe('HIT')
    }
  })

  it('renders a page of their own for a visitor whose token the CMS knows, and stores it for nobody', async () => {
    const { get, rendered } = site()
    await get('/over-ons/team')
    const signedIn = await get('/over-ons/team', { headers: { cookie: 'auth_token=known-token' } })
    expect(signedIn.headers.get('x-page-cache')).toBe('BYPASS')
    expect(rendered.at(-1)?.request.headers.get('cookie')).toBe('auth_token=known-token')
    expect(await (await get('/over-ons/team')).text()).not.toContain('known-token')
  })

  it('answers HEAD with the headers and length of the GET, without a body', async () => {
    const { get } = site()
    const path = `/over-ons/head-${Date.now()}`
    const head = await get(path, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } })
    const body = await (await get(path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength)
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })
})
