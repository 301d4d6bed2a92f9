import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { renderRefusals } from '../platform/metrics.server'

beforeAll(() => {
  vi.stubEnv('RENDER_CONCURRENCY', '2')
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})
afterAll(() => vi.unstubAllEnvs())

/** A render that answers when told. */
function heldRender() {
  let answer: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (answer = resolve))
  const render = async () => {
    await answered
    return new Response('<!doctype html><html><body>page</body></html>', { headers: { 'content-type': 'text/html' } })
  }
  return { render, answer }
}

describe('render slots for page requests', () => {
  it('lets a form post wait its turn where a page request past its share is turned away', async () => {
    const { deliverPage, renderSlotUsage } = await import('./page-delivery.server')
    const busyRefusals = async () =>
      (await renderRefusals.get()).values.find(({ labels }) => labels.slots === 'page' && labels.reason === 'busy')?.value
    const refusedBefore = await busyRefusals()
    const client = () => '203.0.113.7'
    const held = heldRender()
    // The client fills both render slots with pages nobody has cached (fresh filters of the home page's blocks).
    const pages = [1, 2].map((n) =>
      deliverPage(
        new Request(`https://www.example.com/?brand=${n}`),
        new URL(`https://www.example.com/?brand=${n}`),
        held.render,
        `r${n}`,
        client,
      ),
    )
    // However long reaching the slots takes on this machine (not vi.waitFor's default second).
    await vi.waitFor(() => expect(renderSlotUsage().running).toBe(2), { timeout: 20_000 })
    const url = new URL('https://www.example.com/contact')
    const page = deliverPage(new Request(url), url, held.render, 'r3', client)
    const post = deliverPage(
      new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'message=hallo' }),
      url,
      held.render,
      'r4',
      client,
    )
    // The page request past the client's share: 429 (after the refusal delay).
    expect((await page).status).toBe(429)
    // Counted for the operators' dashboard and alert (site_render_refusals_total).
    expect(await busyRefusals()).toBe((refusedBefore ?? Number.NaN) + 1)
    held.answer()
    // The post waited for a slot and was rendered: the visitor's message is not lost.
    expect((await post).status).toBe(200)
    expect((await Promise.all(pages)).map((response) => response.status)).toEqual([200, 200])
    // Loading the server's module graph and the 429's one-second delay take a while on a busy machine.
  }, 30_000)
})

describe('the language redirect of / for a shared cache', () => {
  const home = new URL('https://www.example.com/')
  const redirect = (headers: Record<string, string>) => () =>
    Promise.resolve(new Response(null, { status: 302, headers: { Location: '/en', Vary: 'Accept-Language, Cookie', ...headers } }))

  it('may be kept by a shared cache as long as a page: it depends only on the headers its Vary names', async () => {
    const { deliverPage } = await import('./page-delivery.server')
    const request = new Request(home, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })
    const answer = await deliverPage(request, home, redirect({}), 'r-lang', () => '203.0.113.20')
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/en')
    expect(answer.headers.get('vary')).toBe('Accept-Language, Cookie')
    expect(answer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600')
  })

  it('stays private for a signed-in visitor, and other redirects get no shared freshness', async () => {
    const { withSharedRedirectCaching } = await import('./page-delivery.server')
    const personal = new Response(null, {
      status: 302,
      headers: { Location: '/en', Vary: 'Accept-Language', 'Cache-Control': 'private, no-store' },
    })
    expect(withSharedRedirectCaching(home, personal).headers.get('cache-control')).toBe('private, no-store')
    const canonical = new Response(null, { status: 301, headers: { Location: '/over-ons' } })
    expect(withSharedRedirectCaching(new URL('https://www.example.com/nl/over-ons'), canonical).headers.has('cache-control')).toBe(false)
    const elsewhere = new Response(null, { status: 302, headers: { Location: '/en/x', Vary: 'Accept-Language' } })
    expect(withSharedRedirectCaching(new URL('https://www.example.com/x'), elsewhere).headers.has('cache-control')).toBe(false)
  })
})
