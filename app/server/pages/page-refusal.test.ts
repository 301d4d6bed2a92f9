import { describe, expect, it } from 'vitest'
import { inPageLanguage, pageRefusal } from './page-refusal.server'
import { plainResponse } from '../http/request-guard.server'

const site = 'http://127.0.0.1:3000'

describe('pageRefusal', () => {
  it("answers in the page's language, with the error page's title and explanation", async () => {
    const cases = [
      ['/contact', 413, 'Verzoek te groot'],
      ['/en/contact', 413, 'Request too large'],
      ['/de/kontakt', 408, 'Zeitüberschreitung der Anfrage'],
      ['/fr/actualites/x', 503, 'Temporairement indisponible'],
      ['/da/kontakt', 405, 'Metode ikke tilladt'],
    ] as const
    for (const [path, status, title] of cases) {
      const response = await pageRefusal(status, new URL(path, site))
      expect(response.status, path).toBe(status)
      const text = await response.text()
      expect(text.split('\n')[0], path).toBe(title)
      expect(text, path).not.toMatch(/error\.\d/)
      expect(response.headers.get('content-language'), path).toBe(path.split('/')[1]?.length === 2 ? path.split('/')[1] : 'nl')
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('keeps the headers it is given, and falls back to Dutch for a path in no language', async () => {
    const response = await pageRefusal(405, new URL('/xx/%ZZ', site), { Allow: 'GET, HEAD' })
    expect(response.headers.get('allow')).toBe('GET, HEAD')
    expect(response.headers.get('content-language')).toBe('nl')
    expect(await response.text()).toMatch(/^Methode niet toegestaan\n\nDeze pagina/)
  })

  it("says a request layer refusal again in the page's language, keeping its connection header", async () => {
    const refusal = plainResponse(408, 'The request took too long', { Connection: 'close' })
    const response = await inPageLanguage(refusal, new URL('/en/contact', site))
    expect(response.status).toBe(408)
    expect(response.headers.get('connection')).toBe('close')
    expect(await response.text()).toMatch(/^Request timed out\n/)
  })
})
