import { describe, expect, it } from 'vitest'
import { matchesEtag, PageCache, pageBody, pageEtag, renderedPage, storableHeaders } from './page-cache'

function page(body: string, nonce = 'N0nce==') {
  return renderedPage(body, nonce, 200, [['content-type', 'text/html']])
}

describe('PageCache', () => {
  it('serves a page fresh for the TTL, then stale for the SWR window, then not at all', () => {
    let now = 1_000
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 600_000, maxBytes: 1_000_000, now: () => now })
    cache.set('/en', page('<p>hi</p>'))
    expect(cache.get('/en')?.freshness).toBe('fresh')
    now += 59_999
    expect(cache.get('/en')?.freshness).toBe('fresh')
    now += 1
    expect(cache.get('/en')?.freshness).toBe('stale')
    now += 599_999
    expect(cache.get('/en')?.freshness).toBe('stale')
    now += 1
    expect(cache.get('/en')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('stays within its byte budget by dropping the least recently used pages', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 9_000 })
    const body = 'x'.repeat(3_000) // about 3.3 kB each in memory (bytes plus headers): two fit
    cache.set('/a', page(body))
    cache.set('/b', page(body))
    cache.get('/a')
    cache.set('/c', page(body))
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/c')).toBeDefined()
    expect(cache.bytes).toBeLessThanOrEqual(9_000)
    // A page bigger than the whole budget is not stored at all.
    cache.set('/huge', page('x'.repeat(40_000)))
    expect(cache.get('/huge')).toBeUndefined()
  })

  it('runs one revalidation per page at a time', async () => {
    const cache = new PageCache({ ttlMs: 1, swrMs: 1_000, maxBytes: 1_000_000 })
    let runs = 0
    let finish: () => void = () => {}
    const render = () => {
      runs++
      return new Promise<void>((resolve) => (finish = resolve))
    }
    cache.revalidate('/en', render)
    cache.revalidate('/en', render)
    expect(runs).toBe(1)
    finish()
    await new Promise((resolve) => setTimeout(resolve, 0))
    cache.revalidate('/en', render)
    expect(runs).toBe(2)
  })

  it('keeps a failed revalidation from breaking later ones', async () => {
    const cache = new PageCache({ ttlMs: 1, swrMs: 1_000, maxBytes: 1_000_000 })
    cache.revalidate('/en', () => Promise.reject(new Error('CMS down')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    let ran = false
    cache.revalidate('/en', async () => {
      ran = true
    })
    expect(ran).toBe(true)
  })

  it('empties on clear', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 1_000_000 })
    cache.set('/a', page('a'))
    cache.clear()
    expect(cache.get('/a')).toBeUndefined()
  })
})

describe('pageBody', () => {
  it('puts the given nonce wherever the page had its own, byte for byte', () => {
    const rendered = page('<script nonce="AAAA">ü</script><link nonce="AAAA"/>€', 'AAAA')
    expect(Buffer.from(pageBody(rendered, 'BBBB')).toString()).toBe('<script nonce="BBBB">ü</script><link nonce="BBBB"/>€')
    expect(Buffer.from(pageBody(rendered, 'AAAA')).toString()).toBe('<script nonce="AAAA">ü</script><link nonce="AAAA"/>€')
    expect(Buffer.from(pageBody(page('no nonce here', ''), 'CCCC')).toString()).toBe('no nonce here')
  })
})

describe('pageEtag', () => {
  it('is the same for the same page rendered with different nonces, and differs when the page does', () => {
    const a = pageEtag('<script nonce="AAA">1</script>', 'AAA')
    expect(pageEtag('<script nonce="BBB">1</script>', 'BBB')).toBe(a)
    expect(pageEtag('<script nonce="AAA">2</script>', 'AAA')).not.toBe(a)
    expect(a).toMatch(/^"[A-Za-z0-9_-]{32}"$/)
  })
})

describe('matchesEtag', () => {
  it('matches the tag in any content coding, in a list, weak or strong', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true)
    expect(matchesEtag('"abc-br"', '"abc"')).toBe(true)
    expect(matchesEtag('"x", W/"abc-gzip"', '"abc"')).toBe(true)
    expect(matchesEtag('*', '"abc"')).toBe(true)
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false)
    expect(matchesEtag(null, '"abc"')).toBe(false)
  })
})

describe('storableHeaders', () => {
  it('drops headers that belong to one response', () => {
    const headers = new Headers({ 'content-type': 'text/html', 'set-cookie': 'a=b', date: 'now', etag: '"x"', vary: 'Cookie' })
    expect(storableHeaders(headers)).toEqual([
      ['content-type', 'text/html'],
      ['vary', 'Cookie'],
    ])
  })
})
