import { describe, expect, it, vi } from 'vitest'
import { logger } from '../platform/logger.server'
import { type CachedPage, pageEtag } from '../http/representation'
import { PageCache } from './page-cache.server'

function page(body: string): CachedPage {
  const bytes = new TextEncoder().encode(body)
  return { status: 200, headers: [['content-type', 'text/html']], etag: pageEtag(bytes), body: bytes, encoded: {}, storedAt: 0 }
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

  it('keeps query-string variants apart: a flood of them never evicts a plain page', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 80_000 })
    cache.set('/over-ons', page('x'.repeat(3_000)))
    for (let i = 0; i < 500; i++) cache.set(`/over-ons?junk=${i}`, page('x'.repeat(3_000)))
    expect(cache.get('/over-ons')).toBeDefined()
    expect(cache.get('/over-ons?junk=499')).toBeDefined()
    expect(cache.get('/over-ons?junk=0')).toBeUndefined()
    expect(cache.bytes).toBeLessThanOrEqual(80_000)
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

  it('keeps a failed revalidation from breaking later ones, and logs it', async () => {
    const cache = new PageCache({ ttlMs: 1, swrMs: 1_000, maxBytes: 1_000_000 })
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {})
    cache.revalidate('/en', () => Promise.reject(new Error('CMS down')))
    await new Promise((resolve) => setTimeout(resolve, 0))
    let ran = false
    cache.revalidate('/en', async () => {
      ran = true
    })
    expect(ran).toBe(true)
    expect(String(logged.mock.calls[0]?.[1])).toContain('revalidating /en failed')
  })

  it('does not store a page whose render started before a purge', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 1_000_000 })
    const renderedIn = cache.generation
    cache.clear()
    cache.set('/en', page('old content'), renderedIn)
    expect(cache.get('/en')).toBeUndefined()
    cache.set('/en', page('new content'), cache.generation)
    expect(cache.get('/en')).toBeDefined()
  })

  it('keeps percent-encoded spellings of a path with the variants', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 80_000 })
    cache.set('/over-ons', page('x'.repeat(3_000)))
    for (let i = 0; i < 500; i++) cache.set(`/%6Fver-ons${'/'.repeat(i % 3)}${i}`, page('x'.repeat(3_000)))
    expect(cache.get('/over-ons')).toBeDefined()
  })

  it('empties on clear', () => {
    const cache = new PageCache({ ttlMs: 60_000, swrMs: 0, maxBytes: 1_000_000 })
    cache.set('/a', page('a'))
    cache.clear()
    expect(cache.get('/a')).toBeUndefined()
  })
})
