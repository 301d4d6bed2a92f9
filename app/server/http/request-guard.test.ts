import { describe, expect, it } from 'vitest'
import { parseRuntimeConfig } from '../platform/env.server'
import { isAllowedHost } from './allowed-hosts.server'
import { collapsedSlashesRedirect, dollarPathRedirect, isImpossibleFunctionId, isPagePath, limitBody } from './request-guard.server'

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close()
      const size = Math.min(1000, bytes - sent)
      sent += size
      controller.enqueue(new Uint8Array(size))
    },
  })
}

describe('limitBody', () => {
  it('refuses by Content-Length: a small body read and dropped first, a large one not read', async () => {
    // As received by the server: the client sent its length.
    const small = new Request('http://x/graphql', { method: 'POST', body: 'x'.repeat(2000), headers: { 'content-length': '2000' } })
    const refused = await limitBody(small, 1000)
    expect(refused instanceof Response && refused.status).toBe(413)
    // Read to the end, so the connection stays usable and the client gets to read the 413.
    expect(small.bodyUsed).toBe(true)
    const large = new Request('http://x/graphql', { method: 'POST', body: 'x', headers: { 'content-length': String(20 * 1024 * 1024) } })
    const refusedAtOnce = await limitBody(large, 1000)
    expect(refusedAtOnce instanceof Response && refusedAtOnce.status).toBe(413)
    expect(large.bodyUsed).toBe(false)
  })

  it('reads a chunked body up to the limit: over it 413, under it the same bytes with a length', async () => {
    const chunked = (bytes: number) => {
      const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: streamOf(bytes), duplex: 'half' }
      return new Request('http://x/graphql', init)
    }
    const over = await limitBody(chunked(5000), 4096)
    expect(over instanceof Response && over.status).toBe(413)
    const under = await limitBody(chunked(3000), 4096)
    expect(under).toBeInstanceOf(Request)
    if (under instanceof Request) {
      expect(under.headers.get('content-length')).toBe('3000')
      expect((await under.arrayBuffer()).byteLength).toBe(3000)
    }
  })

  it('with a deadline, reads even a body with a length, and answers 408 to one that does not arrive in time', async () => {
    const sent = new Request('http://x/contact', { method: 'POST', body: 'a=1', headers: { 'content-length': '3' } })
    const read = await limitBody(sent, 1000, 1000)
    expect(read).not.toBe(sent)
    expect(read instanceof Request && (await read.text())).toBe('a=1')

    // A sender that starts its body and never finishes it.
    const trickle = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('contactForm='))
      },
    })
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', body: trickle, duplex: 'half', headers: { 'content-length': '1000' } }
    const late = await limitBody(new Request('http://x/contact', init), 64 * 1024, 50)
    expect(late instanceof Response && late.status).toBe(408)
    expect(late instanceof Response && late.headers.get('connection')).toBe('close')
  })

  it('passes a request within its length through untouched', async () => {
    const request = new Request('http://x/graphql', { method: 'POST', body: '{}', headers: { 'content-length': '2' } })
    expect(await limitBody(request, 1000)).toBe(request)
  })
})

describe('paths', () => {
  it('tells pages from server routes', () => {
    for (const path of ['/', '/over-ons', '/en/news/x', '/api-docs']) expect(isPagePath(path), path).toBe(true)
    for (const path of ['/graphql', '/healthz', '/readyz', '/api/global', '/_serverFn/abc', '/sitemap.xml', '/assets/x.js'])
      expect(isPagePath(path), path).toBe(false)
  })

  it('escapes a $ in a path (the router would read it as a parameter), keeping the query', () => {
    expect(dollarPathRedirect(new URL('http://x/vestigingen/a'))).toBeUndefined()
    expect(dollarPathRedirect(new URL('http://x/vestigingen/%24x'))).toBeUndefined()
    for (const [path, location] of [
      ['/vestigingen/$x', '/vestigingen/%24x'],
      ['/en/{$locale}?a=$', '/en/%7B%24locale%7D?a=$'],
      ['/api/$x/$_splat', '/api/%24x/%24_splat'],
    ]) {
      const answer = dollarPathRedirect(new URL(`http://x${path}`))
      expect(answer?.status, path).toBe(301)
      expect(answer?.headers.get('location'), path).toBe(location)
    }
  })

  it('redirects // paths relative to this site', () => {
    expect(collapsedSlashesRedirect(new URL('http://x//evil.example/x?a=1'))?.headers.get('location')).toBe('/evil.example/x?a=1')
    expect(collapsedSlashesRedirect(new URL('http://x/fine'))).toBeUndefined()
  })

  it('spots function ids that can never exist', () => {
    expect(isImpossibleFunctionId('/_serverFn/%20')).toBe(true)
    expect(isImpossibleFunctionId('/_serverFn/constructor')).toBe(true)
    expect(isImpossibleFunctionId('/_serverFn/abc123')).toBe(false)
    expect(isImpossibleFunctionId('/over-ons')).toBe(false)
  })
})

describe('isAllowedHost', () => {
  const config = parseRuntimeConfig({
    SITE_URL: 'https://www.example.com',
    LOCALE_DOMAINS: 'de=https://www.example.de',
    ALLOWED_HOSTS: 'example.com',
  })
  it('knows the site, its language domains and the extra hosts', () => {
    for (const host of ['www.example.com', 'WWW.EXAMPLE.COM', 'www.example.de', 'example.com'])
      expect(isAllowedHost(host, config), host).toBe(true)
    for (const host of ['evil.example', 'www.example.com.evil.example', 'localhost:3000', '', null])
      expect(isAllowedHost(host, config), String(host)).toBe(false)
  })

  it('takes localhost in development only', () => {
    expect(isAllowedHost('localhost:3000', config, true)).toBe(true)
    expect(isAllowedHost('127.0.0.1:5173', config, true)).toBe(true)
  })

  it('without SITE_URL, takes every loopback name on PORT (and nothing else)', () => {
    const tried = parseRuntimeConfig({ PORT: '4321' })
    expect(tried.SITE_URL).toBe('http://localhost:4321')
    for (const host of ['localhost:4321', 'LOCALHOST:4321', '127.0.0.1:4321', '[::1]:4321'])
      expect(isAllowedHost(host, tried), host).toBe(true)
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'localhost', 'evil.example:4321', '10.0.0.1:4321'])
      expect(isAllowedHost(host, tried), host).toBe(false)
    expect(isAllowedHost('localhost', parseRuntimeConfig({ PORT: '80' }))).toBe(true)
    // A SITE_URL that is set is the site's name, even on localhost.
    const set = parseRuntimeConfig({ PORT: '4321', SITE_URL: 'http://localhost:4321' })
    expect(isAllowedHost('localhost:4321', set)).toBe(true)
    expect(isAllowedHost('127.0.0.1:4321', set)).toBe(false)
  })
})

describe('drainUnreadBody', () => {
  it('reads a small body nothing read, and leaves large, read and absent bodies alone', async () => {
    const { drainUnreadBody } = await import('./request-guard.server')
    const unread = new Request('http://x/en/contact', { method: 'POST', body: 'x'.repeat(5000), headers: { 'content-length': '5000' } })
    await drainUnreadBody(unread)
    expect(unread.bodyUsed).toBe(true)
    const large = new Request('http://x/en/contact', { method: 'POST', body: 'x', headers: { 'content-length': String(20 * 1024 * 1024) } })
    await drainUnreadBody(large)
    expect(large.bodyUsed).toBe(false)
    const get = new Request('http://x/en/contact')
    await drainUnreadBody(get)
    expect(get.bodyUsed).toBe(false)
  })
})
