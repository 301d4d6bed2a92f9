import { readdirSync, readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { XMLParser } from 'fast-xml-parser'
import * as v from 'valibot'
import { parse } from 'yaml'
import { demoPages, locales } from './demo-pages'
import { expect, expectNoA11yViolations, openLocationsList, openPage, test, withoutInlineStylesheet } from './fixtures'
import { tier } from './tiers'

/** The content's locations (a file each): what every page must show. */
const contentLocations = readdirSync('content/locations')
  .filter((name) => name.endsWith('.yaml'))
  .map((name) =>
    v.parse(
      v.object({
        id: v.string(),
        name: v.string(),
        // Each entry's own edit date (the sitemap's lastmod), not the file's time.
        lastEdited: v.pipe(v.string(), v.isoTimestamp()),
        brands: v.optional(v.array(v.string()), []),
        address: v.object({ street: v.string(), postalCode: v.string(), city: v.string(), country: v.string() }),
        lat: v.number(),
        lng: v.number(),
      }),
      parse(readFileSync(`content/locations/${name}`, 'utf8')),
    ),
  )
  // The site's order (ADR 098): by country as the list's selector has them, then city, then id.
  .sort((a, b) => {
    const countries = ['NL', 'BE', 'DE', 'FR', 'LU', 'GB', 'DK']
    const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
    return (
      countries.indexOf(a.address.country) - countries.indexOf(b.address.country) ||
      text(a.address.city, b.address.city) ||
      text(a.id, b.id)
    )
  })

type ContentLocation = (typeof contentLocations)[number]

/** The content's locations nearest first from one of them (haversine, as the page claims to sort). */
function nearestFrom(from: ContentLocation, among: ReadonlyArray<ContentLocation>): string[] {
  const rad = Math.PI / 180
  const km = (l: ContentLocation) => {
    const h =
      Math.sin(((l.lat - from.lat) * rad) / 2) ** 2 +
      Math.cos(from.lat * rad) * Math.cos(l.lat * rad) * Math.sin(((l.lng - from.lng) * rad) / 2) ** 2
    return 2 * 6371 * Math.asin(Math.sqrt(h))
  }
  return [...among].sort((a, b) => km(a) - km(b)).map((l) => l.name)
}

function located(id: string): ContentLocation {
  const location = contentLocations.find((l) => l.id === id)
  if (!location) throw new Error(`no location ${id} in the content`)
  return location
}

const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`
const tile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMCAYFzAgoAAAAASUVORK5CYII=', 'base64')

/** HTML text as React writes it (the few entities it uses). */
const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? ''))
}

/** Runs `check` on every item, a few at a time (the server renders them; the test waits for I/O). */
async function inBatches<T>(items: ReadonlyArray<T>, check: (item: T) => Promise<void>) {
  for (let index = 0; index < items.length; index += 8) await Promise.all(items.slice(index, index + 8).map(check))
}

async function sitemapLocs(request: APIRequestContext, origin = ''): Promise<Array<{ loc: string; lastmod: string; hreflangs: string[] }>> {
  const xml = await (await request.get(`${origin}/sitemap.xml`)).text()
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'xhtml:link' }).parse(xml)
  const urls = v.parse(
    v.array(v.object({ loc: v.string(), lastmod: v.string(), 'xhtml:link': v.array(v.object({ '@_hreflang': v.string() })) })),
    doc.urlset.url,
  )
  return urls.map((url) => ({ loc: url.loc, lastmod: url.lastmod, hreflangs: url['xhtml:link'].map((link) => link['@_hreflang']) }))
}

test.beforeEach(async ({ context }) => {
  await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ body: tile, contentType: 'image/png' }))
})

/**
 * Every location page renders the same route: npm test checks three (three countries, so three
 * time zones and address formats) in every language; test:full the others (ADR 037).
 */
const locationSample: ReadonlyArray<string> = ['utrecht-dealer', 'reading-dealer', 'kobenhavn-dealer']

test.describe('a page per location', () => {
  for (const [server, origin] of [
    ['embedded CMS', ''],
    ['remote CMS over GraphQL', remote],
  ] as const) {
    for (const sample of [true, false]) {
      const which = sample ? `the sample's locations (${locationSample.join(', ')})` : 'every other location'
      test(
        `${server}: ${which} in every language answer 200 with name, address and the week's hours`,
        tier(sample),
        async ({ request }) => {
          test.setTimeout(120_000)
          const inSitemap = (await sitemapLocs(request, origin)).filter(({ loc }) =>
            locales.some((locale) => new URL(loc).pathname.startsWith(`${demoPages.locations[locale]}/`)),
          )
          const listed = inSitemap.filter(({ loc }) => locationSample.includes(new URL(loc).pathname.split('/').at(-1) ?? '') === sample)
          expect(listed.length).toBe((sample ? locationSample.length : contentLocations.length - locationSample.length) * locales.length)
          const sitemapped = inSitemap
          // Every location once per language, each with every language (and x-default) as alternates.
          expect(sitemapped).toHaveLength(contentLocations.length * locales.length)
          for (const entry of sitemapped) {
            // The entry's own date: a fresh checkout (a deploy) must not mark every location as changed.
            const id = new URL(entry.loc).pathname.split('/').at(-1)
            expect(entry.lastmod, entry.loc).toBe(contentLocations.find((l) => l.id === id)?.lastEdited)
            expect(entry.hreflangs.sort()).toEqual(['da', 'de', 'en', 'fr', 'nl', 'x-default'])
          }
          let visitor = 0
          await inBatches(listed, async ({ loc }) => {
            const path = new URL(loc).pathname
            // Eight at once from one address would pass a client's share of the render slots (ADR 027).
            const forwardedFor = `198.18.${visitor >> 8}.${visitor++ & 255}`
            const location = contentLocations.find((l) => path.endsWith(`/${l.id}`))
            expect(location, path).toBeDefined()
            if (!location) return
            const response = await request.get(`${origin}${path}`, { headers: { 'X-Forwarded-For': forwardedFor } })
            expect(response.status(), path).toBe(200)
            const html = await response.text()
            expect(html, path).toContain(`<h1>${escaped(location.name)}</h1>`)
            expect(html, path).toContain(escaped(location.address.street))
            expect(html, path).toContain(escaped(`${location.address.postalCode} ${location.address.city}`))
            // The week, Monday to Sunday: seven rows, each a day and its hours (or closed).
            const table = /<table class="hours-table">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? ''
            expect(table.match(/<tr\b/g), path).toHaveLength(7)
            const business = jsonLd(html).find((item) => item['url'] === `${origin || new URL(loc).origin}${path}`)
            expect(business, path).toMatchObject({ name: location.name, openingHoursSpecification: expect.any(Array) })
          })
        },
      )
    }
  }

  test('the page says what the location is, how to reach it and where it is, in the page language', async ({ request, baseURL }) => {
    const html = await (await request.get('/de/standorte/utrecht-dealer')).text()
    expect(html).toContain('<html lang="de"')
    // Its kind in the title: each language's version has a title of its own.
    expect(html).toContain('<title>Horizon Utrecht (Autohaus) – Autogroep Horizon</title>')
    expect(await (await request.get('/fr/etablissements/utrecht-dealer')).text()).toContain(
      '<title>Horizon Utrecht (Concession) – Autogroep Horizon</title>',
    )
    expect(html).toContain('href="tel:+311002000"')
    expect(html).toContain('href="mailto:utrecht@autogroep-horizon.example"')
    expect(html).toContain('https://www.openstreetmap.org/directions?to=52.0907%2C5.1214')
    // Days in German, Monday first; times on the 24-hour clock.
    const rows = [...html.matchAll(/<th scope="row">(\p{L}+)/gu)].map((m) => m[1])
    expect(rows).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'])
    expect(html).toMatch(/Samstag(?:<[^>]+>[^<]*<\/span>)?<\/th><td>09:00–17:00<\/td>/)
    expect(html).toMatch(/Sonntag(?:<[^>]+>[^<]*<\/span>)?<\/th><td>Geschlossen<\/td>/)
    expect(html).toMatch(/class="open-status open-status--(?:open|closed)"[^>]*>.*(?:Jetzt geöffnet|Geschlossen · öffnet)/)
    // Services and brands; the static map's tiles come from the tile server the CSP allows.
    expect(html).toContain('Ladestationen für Elektroautos')
    expect(html).toContain('aria-label="Audi"')
    expect(html).toMatch(/<img class="static-map__tile" src="https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png"/)
    // The trail, its structured data, and the business with its hours.
    expect(html).toMatch(/<a [^>]*href="\/de"[^>]*>Startseite<\/a>.*<a [^>]*href="\/de\/standorte"[^>]*>Standorte<\/a>.*Horizon Utrecht/s)
    const items = jsonLd(html)
    expect(items.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Startseite' }, { name: 'Standorte', item: `${baseURL}/de/standorte` }, { name: 'Horizon Utrecht' }],
    })
    expect(items.find((item) => item['@type'] === 'AutoDealer')).toMatchObject({
      '@id': `${baseURL}/de/standorte/utrecht-dealer#utrecht-dealer`,
      telephone: '+31 100 2000',
      // The page's share image, as its og:image.
      image: { '@type': 'ImageObject', url: `${baseURL}/media/og-default.webp` },
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
        { dayOfWeek: ['Saturday'], opens: '09:00', closes: '17:00' },
      ],
    })
    // The same location in every language, by hreflang.
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]])
    expect(alternates).toEqual(
      expect.arrayContaining([
        ['nl', `${baseURL}/vestigingen/utrecht-dealer`],
        ['en', `${baseURL}/en/locations/utrecht-dealer`],
        ['fr', `${baseURL}/fr/etablissements/utrecht-dealer`],
        ['da', `${baseURL}/da/afdelinger/utrecht-dealer`],
        ['x-default', `${baseURL}/vestigingen/utrecht-dealer`],
      ]),
    )
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/de/standorte/utrecht-dealer"`)
    // Contact: the contact page with this location chosen.
    expect(html).toContain('href="/de/kontakt?location=utrecht-dealer"')
  })

  test('renders the same through the remote CMS (the open/closed line aside)', async ({ request }) => {
    for (const path of ['/vestigingen/reading-dealer', '/fr/etablissements/kobenhavn-dealer']) {
      const main = async (url: string) =>
        ((await (await request.get(url)).text()).match(/<main[\s\S]*<\/main>/)?.[0] ?? '')
          .replace(/<p class="open-status[\s\S]*?<\/p>/, '')
          .replace(/<tr aria-current="date"[^>]*>/, '<tr>')
          .replace(/<span class="hours-table__today">[^<]*<\/span>/, '')
          .replace(/ class="is-today"/, '')
      expect(await main(`${remote}${path}`)).toBe(await main(path))
    }
  })

  for (const [server, origin] of [
    ['embedded CMS', ''],
    ['remote CMS', remote],
  ] as const) {
    test(`${server}: an unknown or malformed location is the localized 404, not a 500`, async ({ request }) => {
      for (const [path, title] of [
        ['/vestigingen/bestaat-niet', 'Pagina niet gevonden'],
        ['/en/locations/Utrecht-Dealer', 'Page not found'],
        ['/de/standorte/utrecht--dealer', 'Seite nicht gefunden'],
        [`/fr/etablissements/${'a'.repeat(300)}`, 'Page introuvable'],
        ['/da/afdelinger/utrecht-dealer/extra', 'Siden blev ikke fundet'],
        ['/en/vestigingen/utrecht-dealer', 'Page not found'],
        ['/vestigingen/%E2%80%AE', 'Pagina niet gevonden'],
      ] as const) {
        const response = await request.get(`${origin}${path}`)
        expect(response.status(), path).toBe(404)
        expect(await response.text(), path).toContain(title)
      }
    })
  }

  test('is cached and revalidated like every page (ETag, 304)', async ({ request }) => {
    // A location page reads no query parameter: a cache buster gets the plain page's entry (rendered
    // now, or by a test before this one), and so does the plain path.
    const url = `/en/locations/aarhus-dealer?cache=${Date.now()}`
    const first = await request.get(url)
    expect(first.headers()['x-page-cache']).toMatch(/^(MISS|HIT)$/)
    expect((await request.get('/en/locations/aarhus-dealer')).headers()['x-page-cache']).toBe('HIT')
    expect(first.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/)
    const etag = first.headers()['etag'] ?? ''
    expect(etag).toMatch(/^"[^"]+"$/)
    const again = await request.get(url, { headers: { 'If-None-Match': etag } })
    expect(again.status()).toBe(304)
    expect(again.headers()['x-page-cache']).toBe('HIT')
  })

  test('is accessible (axe, WCAG 2.2 AA) on a phone and a wide screen, and opens from the list', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openLocationsList(page, '/en/locations?country=gb')
    await page.getByRole('link', { name: 'Horizon Reading', exact: true }).click()
    await expect(page).toHaveURL(/\/en\/locations\/reading-dealer$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Horizon Reading')
    await expect(page.getByRole('table', { name: 'Opening hours' })).toBeVisible()
    await expectNoA11yViolations(page)
    await page.setViewportSize({ width: 1280, height: 900 })
    await openPage(page, '/fr/etablissements/luxembourg-carbodyrepairshop')
    await expectNoA11yViolations(page)
    // Back to the list, as the trail and the back link say.
    await page.getByRole('link', { name: 'Tous les sites' }).click()
    await expect(page).toHaveURL(/\/fr\/etablissements$/)
  })

  test('lines up with the header and the other pages at 1280 px, and the contact page has no gap under its h1', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const left = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Math.round(element.getBoundingClientRect().left))
    const top = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => Math.round(element.getBoundingClientRect().top))
    await openPage(page, '/contact')
    const logo = await left('.site-header a')
    const trail = { left: await left('main .breadcrumbs'), top: await top('main .breadcrumbs') }
    expect(trail.left).toBe(logo)
    // "Contact" then "Zo bereikt u ons": a heading's gap, not a block's padding on top of the header's (was 100 px).
    const gap = (await top('main h2')) - (await page.locator('main h1').evaluate((h1) => h1.getBoundingClientRect().bottom))
    expect(gap).toBeLessThanOrEqual(48)
    await openPage(page, '/vestigingen/utrecht-dealer')
    // The trail where the contact page has it (was x=128 with 24 px more above it).
    expect({ left: await left('main .breadcrumbs'), top: await top('main .breadcrumbs') }).toEqual(trail)
    expect(await left('main h1')).toBe(logo)
  })

  test('the static map credits OpenStreetMap in the page language, and gives way to a plain line when its tiles fail', async ({
    page,
    consoleGuard,
  }) => {
    const attribution = page.locator('.static-map__attribution')
    await openPage(page, `${demoPages.locations.fr}/utrecht-dealer`)
    await expect(attribution).toHaveText('© les contributeurs d’OpenStreetMap')
    await expect(attribution.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    )

    // The tile server is unreachable: no broken images, a line saying so, the address and directions as before.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort())
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/)
    await openPage(page, `${demoPages.locations.de}/utrecht-dealer`)
    const map = page.getByRole('region', { name: 'Auf der Karte' })
    await expect(map.getByText('Die Karte kann gerade nicht geladen werden.')).toBeVisible()
    await expect(map.locator('img')).toHaveCount(0)
    await expect(map.getByRole('link', { name: 'Route planen' })).toBeVisible()
    await expect(page.locator('address')).toContainText('Stationsplein 12')
  })
})

test.describe('open now, in the location’s time zone', () => {
  /** Monday 30 November 2026, 17:59:30 in Amsterdam (CET, UTC+1), 16:59:30 in London. */
  const mondayBeforeClosing = new Date('2026-11-30T16:59:30Z')
  /** Sunday 29 November 2026, noon in Amsterdam: every location is closed. */
  const sundayNoon = new Date('2026-11-29T11:00:00Z')

  async function shownOpen(page: Page): Promise<boolean> {
    return (await page.locator('.open-status').getAttribute('data-open')) === 'true'
  }

  test('the server’s answer hydrates without a warning, then the browser’s clock takes over, whichever side of closing each is on; it turns to closed at the closing minute, in Amsterdam an hour before London, and marks today', async ({
    browser,
    baseURL,
  }) => {
    // The server renders with its own (real) clock; the browser's is fixed either side of a closing
    // time, so at least one of the two runs has the two clocks straddle it. The fixture's console
    // guard fails the test on any hydration warning; this test checks its own as well.
    const serverSaid: boolean[] = []
    for (const [time, expected] of [
      [sundayNoon, 'Closed · opens tomorrow at 08:00'],
      [mondayBeforeClosing, 'Open now · closes at 18:00'],
    ] as const) {
      const context = await browser.newContext({ baseURL, locale: 'en-GB' })
      await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ body: tile, contentType: 'image/png' }))
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(error.message))
      await page.clock.install({ time })
      const response = await page.goto('/en/locations/utrecht-dealer')
      const html = (await response?.text()) ?? ''
      serverSaid.push(/data-open="true"/.test(html))
      await page.locator('html[data-hydrated="true"]').waitFor()
      await expect(page.locator('.open-status')).toHaveText(expected)
      if (time === mondayBeforeClosing) {
        await test.step('turns to closed at the closing minute, in Amsterdam an hour before London, and marks today', async () => {
          await expect(page.getByRole('row', { name: /Monday/ })).toHaveAttribute('aria-current', 'date')
          await page.clock.runFor(60_000)
          await expect(page.locator('.open-status')).toHaveText('Closed · opens tomorrow at 08:00')
          expect(await shownOpen(page)).toBe(false)
          // London is an hour behind: the same instant, still open there.
          await page.goto('/en/locations/reading-dealer')
          await page.locator('html[data-hydrated="true"]').waitFor()
          await expect(page.locator('.open-status')).toHaveText('Open now · closes at 18:00')
        })
      }
      expect(problems).toEqual([])
      await context.close()
    }
    // The server was open or closed: one of the two browser clocks disagreed with it.
    expect(serverSaid[0] === false && serverSaid[1] === true).toBe(false)
  })
})

test.describe('finding a location on the list', () => {
  const audi = contentLocations.filter((l) => l.brands.includes('audi')).map((l) => l.name)

  test('filters by brand next to country and type, in the URL', async ({ page }) => {
    await openLocationsList(page, '/en/locations')
    const brand = page.getByRole('combobox', { name: 'Brand' })
    await brand.selectOption({ label: `Audi (${audi.length})` })
    await expect(page).toHaveURL(/\/en\/locations\?brand=audi$/)
    await expect(page.locator('.location-card h3')).toHaveText(audi)
    // With a country, the counts of the other filters follow it.
    await page.getByRole('combobox', { name: 'Country' }).selectOption('de')
    await expect(page).toHaveURL(/\?country=de&brand=audi$|\?brand=audi&country=de$/)
    const inGermany = contentLocations.filter((l) => l.brands.includes('audi') && l.address.country === 'DE').map((l) => l.name)
    await expect(page.locator('.location-card h3')).toHaveText(inGermany)
    await expect(page.locator('.locations-summary__total')).toHaveText(`${inGermany.length} location${inGermany.length === 1 ? '' : 's'}`)
    // An unknown brand selects every brand, as an unknown country does.
    await openPage(page, '/en/locations?brand=trabant')
    await expect(page.locator('.location-card')).toHaveCount(contentLocations.length)
  })

  test('sorts nearest first from a typed postcode or town, with distances', async ({ page }) => {
    await openLocationsList(page, '/vestigingen')
    await page.getByRole('searchbox', { name: 'Plaats of postcode' }).fill('3512')
    await page.getByRole('button', { name: 'Toon vestigingen' }).click()
    // A postcode stays plain in the URL (not JSON-quoted).
    await expect(page).toHaveURL(/\/vestigingen\?near=3512$/)
    await expect(page.locator('.locations-sort')).toContainText('Gesorteerd op afstand tot 3511 ED Utrecht.')
    const first = page.locator('.location-card').first()
    await expect(first.locator('h3')).toHaveText('Horizon Utrecht')
    await expect(first.locator('.location-card__distance')).toHaveText('1 km')
    const distances = (await page.locator('.location-card__distance').allTextContents()).map((text) => Number(text.replace(/\D/g, '')))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances).toHaveLength(contentLocations.length)

    // A town in another language's spelling of accents, within a brand.
    await openPage(page, '/de/standorte?near=koln&brand=opel')
    await expect(page.locator('.locations-sort')).toHaveText(/^Nach Entfernung von 50829 Köln sortiert\./)
    const opel = contentLocations.filter((l) => l.brands.includes('opel'))
    await expect(page.locator('.location-card h3')).toHaveText(nearestFrom(located('koln-otherlocation'), opel))

    // A place with no location: said so, and the list keeps its order.
    await openLocationsList(page, '/en/locations?near=Timbuktu')
    await expect(page.locator('.locations-sort')).toContainText('No location found near “Timbuktu”')
    await expect(page.locator('.location-card')).toHaveCount(contentLocations.length)
    await page.getByRole('link', { name: 'Clear search' }).click()
    await expect(page).toHaveURL(/\/en\/locations$/)
    await expect(page.locator('.locations-sort')).toHaveCount(0)
  })

  test('"near me" asks for the position on a click only, and sorts from it (rounded in the URL)', async ({ browser, baseURL }) => {
    // Copenhagen: København first.
    const context = await browser.newContext({
      baseURL,
      locale: 'da-DK',
      geolocation: { latitude: 55.6761, longitude: 12.5683 },
      permissions: [],
    })
    await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ body: tile, contentType: 'image/png' }))
    const page = await context.newPage()
    const asked: string[] = []
    await page.exposeFunction('recordGeolocation', (name: string) => asked.push(name))
    await page.addInitScript(() => {
      const original = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation)
      navigator.geolocation.getCurrentPosition = (success, error, options) => {
        void Reflect.apply(Reflect.get(window, 'recordGeolocation'), window, ['getCurrentPosition'])
        original(success, error, options)
      }
    })
    await openLocationsList(page, '/da/afdelinger')
    expect(asked).toEqual([])
    await context.grantPermissions(['geolocation'])
    await page.getByRole('button', { name: 'Nærmest mig' }).click()
    // Rounded to 0.1°; the router writes the comma encoded.
    await expect(page).toHaveURL(/\/da\/afdelinger\?at=55\.7(?:,|%2C)12\.6$/)
    expect(asked).toEqual(['getCurrentPosition'])
    await expect(page.locator('.locations-sort')).toHaveText(/Sorteret efter afstand fra din placering\./)
    await expect(page.locator('.location-card h3').first()).toHaveText('Horizon København')
    // A country filter keeps the position.
    await page.getByRole('combobox', { name: 'Land' }).selectOption('de')
    await expect(page).toHaveURL(/at=55\.7(?:,|%2C)12\.6/)
    const german = contentLocations.filter((l) => l.address.country === 'DE')
    await expect(page.locator('.location-card h3').first()).toHaveText(
      nearestFrom({ ...located('kobenhavn-dealer'), lat: 55.7, lng: 12.6 }, german)[0] ?? '',
    )
    await context.close()
  })

  test('without JavaScript: brand and place through the form', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'en-GB' })
    const page = await context.newPage()
    await page.goto('/en/locations')
    await expect(page.getByRole('button', { name: 'Nearest to me' })).toHaveCount(0)
    await page.getByRole('combobox', { name: 'Brand' }).selectOption('toyota')
    await page.getByRole('searchbox', { name: 'Town or postcode' }).fill('Gent')
    await page.getByRole('button', { name: 'Show locations' }).click()
    await expect(page).toHaveURL(/\/en\/locations\?country=&type=&brand=toyota&near=Gent$/)
    await expect(page.locator('.locations-sort')).toContainText('Sorted by distance from 9000 Gent.')
    const toyota = contentLocations.filter((l) => l.brands.includes('toyota'))
    await expect(page.locator('.location-card h3')).toHaveText(nearestFrom(located('gent-otherlocation'), toyota))
    await context.close()
  })

  test('the list page is accessible with every filter set (axe, WCAG 2.2 AA)', async ({ page }) => {
    await openLocationsList(page, '/en/locations?country=nl&type=dealer&brand=audi&near=3512')
    await expect(page.locator('.locations-sort')).toBeVisible()
    await expectNoA11yViolations(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await openLocationsList(page, '/de/standorte?near=Timbuktu')
    await expectNoA11yViolations(page)
  })
})

test.describe('the list page carries links, not every location', () => {
  test('stays under 76 KB of HTML in every language, with an ItemList of links instead of 60 businesses', async ({ request, baseURL }) => {
    for (const locale of locales) {
      const response = await request.get(demoPages.locations[locale], { headers: { 'Accept-Encoding': 'identity' } })
      const html = await response.text()
      // The page's own markup: the stylesheet inlined into every page has its own budget (budgets.spec.ts).
      expect(Buffer.byteLength(withoutInlineStylesheet(html)), locale).toBeLessThanOrEqual(76_000)
      const items = jsonLd(html)
      expect(items.map((item) => item['@type']).sort()).toEqual(['BreadcrumbList', 'ItemList', 'Organization'])
      const list = items.find((item) => item['@type'] === 'ItemList')
      const urls = v
        .parse(v.object({ itemListElement: v.array(v.object({ url: v.string() })) }), list)
        .itemListElement.map((item) => item.url)
      expect(urls).toEqual(contentLocations.map((l) => `${baseURL}${demoPages.locations[locale]}/${l.id}`))
      // What only a location's own page shows does not travel with the list (hydration data included).
      expect(html).not.toContain('@autogroep-horizon.example')
      expect(html).not.toContain('Mo-Fr')
      expect(html).not.toContain('openingHours')
      // Every entry links to its page.
      for (const location of contentLocations) expect(html).toContain(`href="${demoPages.locations[locale]}/${location.id}"`)
    }
  })
})
