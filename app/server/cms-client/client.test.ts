import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { graphql } from '../../cms/graphql'

/** A local stand-in for a remote CMS: records headers, answers canned data or fails. */
let server: Server
let url = ''
let seen: IncomingHttpHeaders[] = []
let mode: 'ok' | 'http-401' | 'refuse-tokens' | 'http-500' | 'hang' = 'ok'
let tagline = 'v1'

const SiteTitleQuery = graphql(`
  query SiteTitle($locale: String!) {
    readSiteConfig(locale: $locale) {
      title
      tagline
    }
  }
`)

const PageIntroQuery = graphql(`
  query PageIntro($link: String!, $locale: String!) {
    readOnePage(link: $link, locale: $locale) {
      __typename
      ... on NewsPage {
        intro
      }
    }
  }
`)

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push(request.headers)
      if (mode === 'hang') return
      if (mode === 'http-500' || mode === 'http-401' || (mode === 'refuse-tokens' && request.headers.authorization)) {
        response.writeHead(mode === 'http-500' ? 500 : 401).end('no')
        return
      }
      const isPage = body.includes('readOnePage')
      const data = isPage
        ? {
            readOnePage: body.includes('/unknown')
              ? null
              : { __typename: 'NewsPage', intro: '<p onclick="x()">Hi<script>alert(1)</script></p>' },
          }
        : { readSiteConfig: { title: 'Remote', tagline } }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('server has no port')
  url = `http://127.0.0.1:${address.port}/graphql`
  // Transformed once here: each test's fresh import (vi.resetModules) then takes what a warm one
  // takes, not the cold load (seconds on a busy machine) within the first test's time limit.
  await import('./client.server')
}, 60_000)

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  seen = []
  mode = 'ok'
  tagline = 'v1'
  vi.resetModules()
  // A test's CMS_TIMEOUT_MS must not shorten the next test's reads.
  vi.unstubAllEnvs()
  vi.stubEnv('CMS_GRAPHQL_URL', url)
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})

/** A fresh client module (its config reads the stubbed env) with a fake clock. */
async function freshClient() {
  // Not 0: lru-cache treats a start time of 0 as "no TTL".
  const clock = { time: 1_000_000, now: () => clock.time }
  const { createCmsOperation, cacheSettings, circuitSettings, invalidateCmsCache } = await import('./client.server')
  // The logger of the same module graph as the client (tests reset modules between runs).
  const { logger } = await import('../platform/logger.server')
  return { createCmsOperation, cacheSettings, circuitSettings, invalidateCmsCache, clock, logger }
}

describe('asking a remote CMS whether it knows a token', () => {
  it('keeps only a clear answer: 2xx yes, 401 no, an outage or a timeout nothing', async () => {
    // The answers with the default CMS_TIMEOUT_MS: no race between an answer and a short timeout.
    const { cmsKnowsToken } = await import('./client.server')
    expect(await cmsKnowsToken('token')).toBe(true)
    expect(seen[0]?.authorization).toBe('Bearer token')
    mode = 'http-401'
    expect(await cmsKnowsToken('token')).toBe(false)
    mode = 'http-500'
    expect(await cmsKnowsToken('token')).toBeUndefined()
    // A CMS that never answers: a short timeout, in a fresh module (its config read anew).
    vi.resetModules()
    vi.stubEnv('CMS_TIMEOUT_MS', '100')
    const { cmsKnowsToken: withShortTimeout } = await import('./client.server')
    mode = 'hang'
    expect(await withShortTimeout('token')).toBeUndefined()
  })

  it('goes through the CMS circuit: a CMS that is down is not asked per token', async () => {
    const { cmsKnowsToken, circuitSettings } = await import('./client.server')
    mode = 'http-500'
    for (let i = 0; i < circuitSettings.failureThreshold; i++) expect(await cmsKnowsToken(`token-${i}`)).toBeUndefined()
    const asked = seen.length
    expect(await cmsKnowsToken('one-more')).toBeUndefined()
    expect(seen).toHaveLength(asked)
  })
})

describe('CMS client against a remote CMS', () => {
  it('sends the Origin header and no Authorization without a token', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    const result = await run({ locale: 'nl_NL' })
    expect(result.readSiteConfig.title).toBe('Remote')
    expect(seen[0]?.origin).toBe('https://www.example.com')
    expect(seen[0]?.authorization).toBeUndefined()
    expect(seen[0]?.['content-type']).toMatch(/application\/json/)
  })

  it('sends the auth token as a Bearer header and never caches that request', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    await run({ locale: 'nl_NL' }, { authToken: 'secret-token' })
    await run({ locale: 'nl_NL' }, { authToken: 'secret-token' })
    expect(seen).toHaveLength(2)
    expect(seen.every((headers) => headers.authorization === 'Bearer secret-token')).toBe(true)
  })

  it('reads as an anonymous visitor, from the shared cache, when the CMS refuses the token', async () => {
    const { createCmsOperation, clock, logger } = await freshClient()
    const errors = vi.spyOn(logger, 'error')
    const run = createCmsOperation(SiteTitleQuery, { clock })
    mode = 'refuse-tokens'
    expect((await run({ locale: 'nl_NL' }, { authToken: 'expired-token' })).readSiteConfig.title).toBe('Remote')
    expect((await run({ locale: 'nl_NL' }, { authToken: 'expired-token' })).readSiteConfig.title).toBe('Remote')
    // Each call asks with the token once; the anonymous read was made once and then shared.
    expect(seen.map((headers) => headers.authorization)).toEqual(['Bearer expired-token', undefined, 'Bearer expired-token'])
    expect(errors).not.toHaveBeenCalled()
  })

  // Found by tests/e2e/fuzz.spec.ts: `Cookie: auth_token=%F0%9F%98%80` made every page a 500
  // (a header value must be a ByteString).
  it.each(['😀', 'é', 'a b', '\u0000'])('ignores an auth token %j that cannot be one, and answers from the shared cache', async (token) => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    expect((await run({ locale: 'nl_NL' }, { authToken: token })).readSiteConfig.title).toBe('Remote')
    await run({ locale: 'nl_NL' }, { authToken: token })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.authorization).toBeUndefined()
  })

  it('sanitizes HTML fields of any CMS', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(PageIntroQuery, { clock })
    const result = await run({ link: '/', locale: 'nl_NL' })
    const page = result.readOnePage
    expect(page?.__typename).toBe('NewsPage')
    const intro = page?.__typename === 'NewsPage' ? page.intro : ''
    expect(intro).toBe('<p>Hi</p>')
  })
})

describe('CMS mutations', () => {
  it('send the CMS write key, never from the cache', async () => {
    vi.stubEnv('EMBEDDED_CMS_WRITE_KEY', 'a-long-enough-write-key')
    const { createCmsOperation } = await freshClient()
    const Mutation = graphql(`
      mutation Submit($input: ContactFormInput!) {
        submitContactForm(input: $input) {
          success
        }
      }
    `)
    const run = createCmsOperation(Mutation)
    const input = { firstName: 'a', surName: 'b', email: 'a@b.co', message: 'm', locale: 'nl_NL', idempotencyKey: 'k' }
    await run({ input }).catch(() => undefined)
    await run({ input }).catch(() => undefined)
    expect(seen).toHaveLength(2)
    expect(seen[0]?.authorization).toBe('Bearer a-long-enough-write-key')
  })
})

/** A refresh in the background, to the stand-in CMS: it ends the wait, so the deadline is generous (vi.waitFor's own is 1 s). */
const backgroundCall = { timeout: 10_000, interval: 20 }

describe('CMS response cache', () => {
  it('serves from cache within the TTL', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    await run({ locale: 'nl_NL' })
    clock.time += 30_000
    await run({ locale: 'nl_NL' })
    expect(seen).toHaveLength(1)
  })

  it('keys by variables (locale)', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    await run({ locale: 'nl_NL' })
    await run({ locale: 'en_US' })
    expect(seen).toHaveLength(2)
  })

  it('serves stale after the TTL while revalidating in the background', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    await run({ locale: 'nl_NL' })
    tagline = 'v2'
    clock.time += 61_000
    const stale = await run({ locale: 'nl_NL' })
    expect(stale.readSiteConfig.tagline).toBe('v1')
    await vi.waitFor(() => expect(seen).toHaveLength(2), backgroundCall)
    await vi.waitFor(async () => expect((await run({ locale: 'nl_NL' })).readSiteConfig.tagline).toBe('v2'), backgroundCall)
  })

  it('keeps serving the last good result when the CMS fails (stale-if-error)', async () => {
    const { createCmsOperation, clock } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    await run({ locale: 'nl_NL' })
    mode = 'http-500'
    clock.time += 61_000
    expect((await run({ locale: 'nl_NL' })).readSiteConfig.title).toBe('Remote')
    await vi.waitFor(() => expect(seen).toHaveLength(2), backgroundCall)
    clock.time += 61_000
    expect((await run({ locale: 'nl_NL' })).readSiteConfig.title).toBe('Remote')
  })

  it('gives a 500 with a reference, never the network error, when nothing is cached', async () => {
    // A port nobody listens on: open a server, note its port, close it.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const address = closed.address()
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    if (typeof address !== 'object' || address === null) throw new Error('no port')
    vi.stubEnv('CMS_GRAPHQL_URL', `http://127.0.0.1:${address.port}/graphql`)
    const { createCmsOperation, clock, logger } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    const failure = run({ locale: 'nl_NL' })
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
    await expect(failure).rejects.toMatchObject({
      status: 500,
      statusMessage: 'Internal Server Error',
      reference: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    await expect(failure).rejects.not.toThrow(/ECONNREFUSED|127\.0\.0\.1/)
    // The details are in the log, under the reference the visitor sees.
    const reference = await failure.catch((error: unknown) => (error instanceof Error ? Reflect.get(error, 'reference') : undefined))
    expect(errors.mock.calls[0]?.[0]).toEqual({ reference })
    expect(String(errors.mock.calls[0]?.[1])).toContain(`reference ${String(reference)}): fetch failed`)
    expect(String(errors.mock.calls[0]?.[1])).toMatch(/ECONNREFUSED/)
  })

  it('does not keep a result fetched across a purge (a publish webhook must win)', async () => {
    const { createCmsOperation, clock, invalidateCmsCache } = await freshClient()
    const run = createCmsOperation(SiteTitleQuery, { clock })
    const inFlight = run({ locale: 'nl_NL' })
    invalidateCmsCache()
    await inFlight
    tagline = 'published'
    expect((await run({ locale: 'nl_NL' })).readSiteConfig.tagline).toBe('published')
    expect(seen).toHaveLength(2)
  })

  it('keeps lookups that found nothing apart: a flood of unknown links never evicts a real page', async () => {
    const { createCmsOperation, cacheSettings, clock, logger } = await freshClient()
    // A small cache (this module's alone): the flood outgrows it in a few dozen CMS calls, not hundreds.
    cacheSettings.maxEntries = 20
    const run = createCmsOperation(PageIntroQuery, { clock })
    await run({ link: '/known', locale: 'nl_NL' })
    for (let i = 0; i < cacheSettings.maxEntries + 50; i++)
      expect((await run({ link: `/unknown/${i}`, locale: 'nl_NL' })).readOnePage).toBeNull()
    // Repeated unknown links are answered from the miss cache.
    const calls = seen.length
    await run({ link: '/unknown/3', locale: 'nl_NL' })
    expect(seen).toHaveLength(calls)
    // The CMS goes down: the known page is still served (stale-if-error), the entry survived the flood.
    mode = 'http-500'
    vi.spyOn(logger, 'error').mockImplementation(() => {})
    clock.time += 61_000
    expect((await run({ link: '/known', locale: 'nl_NL' })).readOnePage?.__typename).toBe('NewsPage')
    // Seventy CMS calls one after another: seconds on a busy machine.
  }, 30_000)

  it('gives up on a hanging CMS after CMS_TIMEOUT_MS, then fails fast while the circuit is open', async () => {
    vi.stubEnv('CMS_TIMEOUT_MS', '100')
    const { createCmsOperation, circuitSettings, clock, logger } = await freshClient()
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const run = createCmsOperation(SiteTitleQuery, { clock })
    mode = 'hang'
    for (let i = 0; i < circuitSettings.failureThreshold; i++) await expect(run({ locale: `x${i}` })).rejects.toMatchObject({ status: 500 })
    // The CMS never answers: each call ended on its timeout (however long the machine took), not on an answer.
    expect(errors.mock.calls.map(([, message]) => String(message))).toEqual(
      Array.from({ length: circuitSettings.failureThreshold }, () => expect.stringMatching(/timeout/i)),
    )
    const calls = seen.length
    await expect(run({ locale: 'nl_NL' })).rejects.toMatchObject({ status: 500 })
    // Failed fast: the open circuit did not call the CMS at all.
    expect(seen).toHaveLength(calls)
  })
})
