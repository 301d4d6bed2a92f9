import { XMLParser } from 'fast-xml-parser'
import { expect, openPage, test } from './fixtures'
import { demoPages, locales } from './demo-pages'
import { elementsOf } from './server-html'
import { tier } from './tiers'

const spec = [
  '/over-ons/missie-en-visie/',
  '/over-ons/historie/',
  '/over-ons/maatschappelijk',
  '/over-ons/sponsoring',
  '/privacyverklaring/',
  '/financieel/',
  '/cookies/',
  '/contact/vestigingen/',
  '/contact/pers/',
  '/contact/pers/huisstijl/',
]
const localePrefixed = [
  '/en_GB/about-us',
  '/en_GB/about-us/history',
  '/en_GB/about-us/mission-and-vision',
  '/en_GB/about-us/csr',
  '/en_GB/contact',
  '/en_GB/contact/press',
  '/en_GB/contact/establishments',
  '/en_GB/finance',
  '/en_GB/privacy',
  '/en_GB/cookies',
  '/de_DE/ueber-uns',
  '/de_DE/ueber-uns/geschichte',
  '/de_DE/ueber-uns/mission-und-vision',
  '/de_DE/ueber-uns/verantwortung',
  '/de_DE/kontakt',
  '/de_DE/kontakt/presse',
  '/de_DE/kontakt/standorte',
  '/de_DE/finanzen',
  '/de_DE/datenschutz',
  '/de_DE/cookies',
  '/fr_BE/a-propos',
  '/fr_BE/a-propos/histoire',
  '/fr_BE/a-propos/mission-et-vision',
  '/fr_BE/a-propos/rse',
  '/fr_BE/contact',
  '/fr_BE/contact/presse',
  '/fr_BE/contact/etablissements',
  '/fr_BE/finance',
  '/fr_BE/confidentialite',
  '/fr_BE/cookies/',
  '/da_DK/om-os',
  '/da_DK/om-os/historie',
  '/da_DK/om-os/mission-og-vision',
  '/da_DK/om-os/samfundsansvar',
  '/da_DK/kontakt',
  '/da_DK/kontakt/presse',
  '/da_DK/kontakt/afdelinger',
  '/da_DK/finans',
  '/da_DK/privatliv',
  '/da_DK/cookies',
]

test.describe('legacy paths', () => {
  for (const path of [...spec, ...localePrefixed]) {
    test(`${path} reaches a page with at most one permanent redirect`, async ({ request }) => {
      const first = await request.get(path, { maxRedirects: 0 })
      if (first.status() === 200) return
      expect(first.status()).toBe(301)
      const location = first.headers()['location'] ?? ''
      const target = await request.get(location, { maxRedirects: 0 })
      expect(target.status()).toBe(200)
    })
  }

  test('legacy careers paths go straight to the careers site', async ({ request }) => {
    for (const [path, locale] of [
      ['/en_GB/careers', 'en'],
      ['/de_DE/karriere', 'de'],
      ['/fr_BE/carrieres', 'fr'],
      ['/da_DK/karriere', 'da'],
    ]) {
      const response = await request.get(path ?? '', { maxRedirects: 0 })
      expect(response.status()).toBe(301)
      expect(response.headers()['location']).toBe(`https://careers.example.com/${locale}`)
    }
  })
})

test.describe('legacy language prefixes', () => {
  for (const [path, target] of [
    ['/en_GB/foo', '/en'],
    ['/fr_BE/rse', '/fr'],
    ['/de_DE/about-us/', '/de'],
    ['/da_DK/gammel/side', '/da'],
  ] as const) {
    test(`${path}, not in the table, answers one 301 to ${target}`, async ({ request }) => {
      const first = await request.get(path, { maxRedirects: 0 })
      expect(first.status()).toBe(301)
      const location = new URL(first.headers()['location'] ?? '', 'http://h')
      expect(location.pathname).toBe(target)
      expect((await request.get(location.pathname, { maxRedirects: 0 })).status()).toBe(200)
    })
  }
})

test.describe('two corrections in one path', () => {
  // A trailing slash or `/nl` together with an old path or another language's news segment: each
  // was two redirects, one per rule. The query goes along.
  for (const [path, target] of [
    ['/de/news/', '/de/nachricht'],
    ['/news/?utm_source=x', '/nieuws?utm_source=x'],
    ['/nl/news', '/nieuws'],
    ['/en/nieuws/gratis-wintercheck/', '/en/news/free-winter-check'],
    ['/nl/news/free-winter-check', '/nieuws/gratis-wintercheck'],
    ['/nieuws/free-winter-check/', '/nieuws/gratis-wintercheck'],
    ['/nl/nieuws/free-winter-check?x=1', '/nieuws/gratis-wintercheck?x=1'],
    ['/nl/privacyverklaring', '/privacy'],
    ['/nl/cookies/', '/cookie-policy'],
    ['/en_GB/contact?utm_source=old', '/en/contact?utm_source=old'],
  ] as const) {
    test(`${path} answers one 301 to ${target}`, async ({ request }) => {
      const first = await request.get(path, { maxRedirects: 0 })
      expect(first.status()).toBe(301)
      expect(first.headers()['location']).toBe(target)
      expect((await request.get(target, { maxRedirects: 0 })).status()).toBe(200)
    })
  }
})

/** The page's head tags as the server sent them. */
function metaContents(html: string, property: string): string[] {
  return [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)"`, 'g'))].map((m) => m[1] ?? '')
}

function jsonLdItems(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''))
}

test.describe('head', () => {
  test('og:locale:alternate names every other language of the page', async ({ request }) => {
    expect(metaContents(await (await request.get('/en/about-us')).text(), 'og:locale:alternate').sort()).toEqual([
      'da_DK',
      'de_DE',
      'fr_FR',
      'nl_NL',
    ])
    expect(metaContents(await (await request.get('/')).text(), 'og:locale:alternate').sort()).toEqual(['da_DK', 'de_DE', 'en_US', 'fr_FR'])
  })

  test('og:locale:alternate follows a client-side navigation', async ({ page }) => {
    await openPage(page, '/en/about-us')
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News' }).click()
    await expect(page).toHaveURL(/\/en\/news$/)
    const alternates = page.locator('head meta[property="og:locale:alternate"]')
    await expect(alternates).toHaveCount(4)
    expect((await alternates.evaluateAll((tags) => tags.map((tag) => tag.getAttribute('content')))).sort()).toEqual([
      'da_DK',
      'de_DE',
      'fr_FR',
      'nl_NL',
    ])
  })

  test('a news article names its publisher with a logo, and when it was changed', async ({ request }) => {
    const html = await (await request.get('/de/nachricht/kostenloser-wintercheck')).text()
    const article = jsonLdItems(html).find((item) => item['@type'] === 'NewsArticle')
    expect(article).toMatchObject({
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/),
      publisher: {
        '@type': 'Organization',
        name: 'Autogroep Horizon',
        logo: {
          '@type': 'ImageObject',
          url: expect.stringMatching(/\/icon-512\.png$/),
          width: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' },
          height: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' },
        },
      },
    })
  })

  test('page 2 of a news list is its own canonical, with page 2 in every language as alternates', async ({ request, baseURL }) => {
    const html = await (await request.get('/en/news?page=2')).text()
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/en/news?page=2"`)
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])
    expect(alternates).toContainEqual(['en', `${baseURL}/en/news?page=2`])
    expect(alternates).toContainEqual(['x-default', `${baseURL}/nieuws?page=2`])
    for (const [, href] of alternates) expect(href).toMatch(/\?page=2$/)
  })

  const ariaCurrentPaths = ['/en/about-us/history', '/nieuws?page=2', '/de/nachricht/kostenloser-wintercheck', '/en/no-such-page']

  test('a CMS page, page 2 of a list, a news item and a 404: the server marks aria-current only on links to the page itself', async ({
    request,
  }) => {
    for (const path of ariaCurrentPaths) {
      const links = elementsOf(await (await request.get(path)).text(), 'a')
      for (const link of links.filter((candidate) => candidate.attributes['aria-current'] === 'page'))
        expect(link.attributes['href'], path).toBe(path)
      // The brand link and a 404's way home are never "current".
      const brand = links.find((link) => link.attributes['class']?.split(' ').includes('brand'))
      expect(brand, path).toBeDefined()
      expect(brand?.attributes['aria-current'], path).toBeUndefined()
    }
  })

  /**
   * After hydration every page type marks its links with the same Link code: npm test checks the
   * one with a query (page 2, which the active-link match must tell from page 1), test:full the
   * rest (ADR 037); the server's markup of all four is checked above.
   */
  for (const path of ariaCurrentPaths) {
    test(`${path}: aria-current only on links to the page itself`, tier(path === '/nieuws?page=2'), async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/)
      await openPage(page, path)
      const current = await page.locator('a[aria-current="page"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      for (const href of current) expect(href).toBe(path)
      // The brand link and a 404's way home are never "current".
      await expect(page.locator('a.brand')).not.toHaveAttribute('aria-current', 'page')
    })
  }

  for (const path of ['/', '/en/about-us', '/de/nachricht/kostenloser-wintercheck', '/fr/confidentialite', '/da/nyheder']) {
    test(`${path} has lang, canonical, hreflang with x-default, og:image and valid JSON-LD`, async ({ request, baseURL }) => {
      const html = await (await request.get(path)).text()
      const lang = html.match(/<html lang="([a-z]{2})"/)?.[1]
      expect(lang).toBeTruthy()
      // Tags the router renders carry the render's script marker after their own attributes.
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="${baseURL}${path}"( nonce="[^"]+")?/>`))
      const hreflangs = [...html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)" href="([^"]+)"/g)].map((m) => m[1])
      expect(hreflangs).toContain(lang)
      expect(hreflangs).toContain('x-default')
      expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/)
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1] ?? ''),
      )
      expect(jsonLd.map((item) => item['@type'])).toContain('Organization')
      if (path.includes('nachricht/'))
        expect(jsonLd.map((item) => item['@type'])).toEqual(expect.arrayContaining(['NewsArticle', 'BreadcrumbList']))
    })
  }
})

test.describe('sitemap and robots', () => {
  test('robots.txt points to the sitemap', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })

  test('sitemap.xml is valid and lists every demo page in every language with alternates', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.headers()['content-type']).toContain('application/xml')
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(
      await response.text(),
    )
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const urls: Array<{ loc: string; lastmod?: string; 'xhtml:link'?: Array<Record<string, string>> }> = doc.urlset.url
    const locs = new Set(urls.map((u) => u.loc))
    for (const paths of Object.values(demoPages)) {
      for (const locale of locales) expect(locs, paths[locale]).toContain(`${baseURL}${paths[locale] === '/' ? '/' : paths[locale]}`)
    }
    for (const path of [
      '/nieuws',
      '/en/news',
      '/privacy',
      '/de/datenschutz',
      '/cookie-policy',
      '/fr/algemene-voorwaarden',
      '/nieuws/gratis-wintercheck',
    ]) {
      expect(locs).toContain(`${baseURL}${path}`)
    }
    expect(locs).not.toContain(`${baseURL}/werken-bij`)
    const about = urls.find((u) => u.loc === `${baseURL}/over-ons`)
    expect(about?.['xhtml:link']?.map((l) => l['@_hreflang']).sort()).toEqual(['da', 'de', 'en', 'fr', 'nl', 'x-default'])
    for (const url of urls) {
      expect(url.loc).toMatch(/^https?:\/\//)
      // Every entry, the news lists included, says when it last changed.
      expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}/)
    }
  })

  test('every page in the sitemap has a description of its own and a title that search results show whole', async ({ request }) => {
    test.setTimeout(120_000)
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    expect(locs.length).toBeGreaterThan(300)
    const decode = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    const pagesByDescription = new Map<string, string[]>()
    const titles: Array<{ path: string; title: string }> = []
    for (let start = 0; start < locs.length; start += 8) {
      await Promise.all(
        locs.slice(start, start + 8).map(async (loc, index) => {
          const path = new URL(loc).pathname
          // Eight at once from one address would pass a client's share of the render slots (ADR 027).
          const visitor = start + index
          const headers = { 'X-Forwarded-For': `198.18.${visitor >> 8}.${visitor & 255}` }
          const html = await (await request.get(path, { headers })).text()
          const description = decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '')
          expect(description, path).not.toBe('')
          pagesByDescription.set(description, [...(pagesByDescription.get(description) ?? []), path])
          titles.push({ path, title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '') })
        }),
      )
    }
    const shared = [...pagesByDescription].filter(([, paths]) => paths.length > 1)
    expect(shared, 'pages sharing a meta description').toEqual([])
    // About what a result shows before it cuts the title off.
    expect(titles.filter(({ title }) => title.length > 65)).toEqual([])
  })

  test('sitemap.xml is compressed and has an ETag (304 when unchanged)', async ({ request }) => {
    for (const coding of ['br', 'gzip']) {
      const response = await request.get('/sitemap.xml', { headers: { 'Accept-Encoding': coding } })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-encoding']).toBe(coding)
      expect(response.headers()['vary']).toMatch(/Accept-Encoding/i)
      expect(await response.text()).toContain('<urlset')
      const etag = response.headers()['etag'] ?? ''
      expect(etag).toMatch(/^"[^"]+"$/)
      const again = await request.get('/sitemap.xml', { headers: { 'Accept-Encoding': coding, 'If-None-Match': etag } })
      expect(again.status()).toBe(304)
    }
    const plain = await request.get('/sitemap.xml', { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers()['content-encoding']).toBeUndefined()
  })
})

test.describe('icons, manifest and security.txt', () => {
  test('every page links the favicons, the touch icon and the manifest, and they are served', async ({ request }) => {
    for (const path of ['/', '/en/news', '/de/nachricht/kostenloser-wintercheck', '/fr/no-such-page']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toMatch(/<link rel="icon" href="\/favicon\.ico"/)
      expect(html, path).toMatch(/<link rel="icon" href="\/favicon\.svg"/)
      expect(html, path).toMatch(/<link rel="apple-touch-icon" href="\/apple-touch-icon\.png"/)
      expect(html, path).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/)
    }
    const ico = await request.get('/favicon.ico')
    expect(ico.status()).toBe(200)
    // An ICO file: reserved 0, type 1 (icon), then the number of images.
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0])

    const touch = await request.get('/apple-touch-icon.png')
    expect(touch.headers()['content-type']).toBe('image/png')
    const png = await touch.body()
    // The PNG header's width and height: 180 × 180.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180])

    const manifest = await request.get('/manifest.webmanifest')
    expect(manifest.status()).toBe(200)
    const app = await manifest.json()
    expect(app.name).toBe('Autogroep Horizon')
    expect(app.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    for (const icon of app.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
    expect(app.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  })

  test('/.well-known/security.txt has RFC 9116 fields and expires within a year', async ({ request, baseURL }) => {
    const response = await request.get('/.well-known/security.txt')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    expect(text).toMatch(/^Contact: (mailto:|https:\/\/)\S+$/m)
    expect(text).toMatch(/^Preferred-Languages: [a-z]{2}(, [a-z]{2})*$/m)
    expect(text).toContain(`Canonical: ${baseURL}/.well-known/security.txt`)
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(text)?.[1] ?? '')
    expect(expires).toBeGreaterThan(Date.now())
    expect(expires - Date.now()).toBeLessThan(365 * 24 * 60 * 60 * 1000)
  })
})
