import { describe, expect, it } from 'vitest'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { matchesEtag, negotiateEncoding, pageEtag, renderedPage, storableHeaders } from './representation'

describe('renderedPage', () => {
  it('is compressed once, when rendered: br and gzip decode to the same bytes', async () => {
    const html = `<!doctype html><p>${'Ünïcode € '.repeat(300)}</p>`
    const rendered = await renderedPage(html, 200, [])
    expect(Buffer.from(rendered.body).toString()).toBe(html)
    expect(brotliDecompressSync(rendered.encoded.br ?? new Uint8Array()).toString()).toBe(html)
    expect(gunzipSync(rendered.encoded.gzip ?? new Uint8Array()).toString()).toBe(html)
    expect(rendered.etag).toBe(pageEtag(Buffer.from(html)))
  })

  it('leaves small bodies uncompressed', async () => {
    expect((await renderedPage('<p>hi</p>', 200, [])).encoded).toEqual({})
  })
})

describe('negotiateEncoding', () => {
  const both = { br: true, gzip: true }
  it('prefers br, honours q=0 and what the page has', () => {
    expect(negotiateEncoding('gzip, deflate, br', both)).toBe('br')
    expect(negotiateEncoding('br;q=0, gzip', both)).toBe('gzip')
    expect(negotiateEncoding('identity', both)).toBeUndefined()
    expect(negotiateEncoding(null, both)).toBeUndefined()
    expect(negotiateEncoding('br', {})).toBeUndefined()
  })
})

describe('pageEtag', () => {
  it('differs when the page does', () => {
    const a = pageEtag(Buffer.from('<script>1</script>'))
    expect(pageEtag(Buffer.from('<script>1</script>'))).toBe(a)
    expect(pageEtag(Buffer.from('<script>2</script>'))).not.toBe(a)
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
