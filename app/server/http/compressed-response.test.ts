import { gunzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { compressedResponse, generatedBody } from './compressed-response.server'

const xml = `<?xml version="1.0"?><urlset>${'<url><loc>https://www.example.com/a</loc></url>'.repeat(100)}</urlset>`

describe('generatedBody', () => {
  it('makes the body again only when one of its sources changed', async () => {
    const config = { SITE_URL: 'https://www.example.com' }
    const answer = { pages: ['a'] }
    const make = vi.fn((sources: { config: object; answer: object }) => (sources.answer === answer ? xml : `${xml}<!-- new -->`))
    const first = await generatedBody('feed nl', { config, answer }, make)
    // The CMS cache hands out the same answer object until it refreshes: no rebuild.
    expect(await generatedBody('feed nl', { config, answer }, make)).toBe(first)
    expect(make).toHaveBeenCalledTimes(1)
    const refreshed = await generatedBody('feed nl', { config, answer: { pages: ['a'] } }, make)
    expect(refreshed).not.toBe(first)
    expect(make).toHaveBeenCalledTimes(2)
    expect(make).toHaveBeenLastCalledWith({ config, answer: { pages: ['a'] } })
    // Another key is another body.
    await generatedBody('feed de', { config, answer }, make)
    expect(make).toHaveBeenCalledTimes(3)
  })

  it('keeps no failure: the next request makes it again', async () => {
    const sources = { answer: {} }
    await expect(
      generatedBody('feed en', sources, async () => {
        throw new Error('CMS down')
      }),
    ).rejects.toThrow('CMS down')
    const body = await generatedBody('feed en', sources, () => xml)
    expect(new TextDecoder().decode(body.body)).toBe(xml)
  })
})

describe('compressedResponse', () => {
  const headers = { 'Content-Type': 'application/xml; charset=utf-8' }

  it('compresses in the coding asked for and keeps it with the body, with the coding in the ETag', async () => {
    const body = await generatedBody('feed fr', { answer: {} }, () => xml)
    const request = () => new Request('http://localhost/sitemap.xml', { headers: { 'accept-encoding': 'gzip' } })
    const response = await compressedResponse(request(), body, headers)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('etag')).toBe(`${body.etag.slice(0, -1)}-gzip"`)
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(xml)
    const kept = body.encoded.gzip
    expect(kept).toBeDefined()
    await compressedResponse(request(), body, headers)
    expect(body.encoded.gzip).toBe(kept)
    expect(body.encoded.br).toBeUndefined()
  })

  it('answers 304 to a matching If-None-Match without compressing anything', async () => {
    const body = await generatedBody('sitemap', { answer: {} }, () => xml)
    const request = new Request('http://localhost/sitemap.xml', {
      headers: { 'accept-encoding': 'br', 'if-none-match': `${body.etag.slice(0, -1)}-br"` },
    })
    const response = await compressedResponse(request, body, headers)
    expect(response.status).toBe(304)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(body.encoded.br).toBeUndefined()
  })
})
