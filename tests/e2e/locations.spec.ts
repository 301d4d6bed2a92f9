import { demoPages, locales } from './demo-pages'
import { expect, expectNoA11yViolations, openLocationsList, test } from './fixtures'
import { tier } from './tiers'

const tile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMCAYFzAgoAAAAASUVORK5CYII=', 'base64')
const countryLabel = { nl: 'Land', en: 'Country', de: 'Land', fr: 'Pays', da: 'Land' } as const
const germany = { nl: 'Duitsland', en: 'Germany', de: 'Deutschland', fr: 'Allemagne', da: 'Tyskland' } as const

test.beforeEach(async ({ context }) => {
  // No network here: map tiles are stubbed.
  await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ body: tile, contentType: 'image/png' }))
})

test.describe('locations', () => {
  // The same code in every language: nl (the default, no prefix) and en (a prefixed path, as the
  // other three) in `npm test`, the rest in test:full (ADR 037); every language's labels and
  // counts are in the next test.
  for (const locale of locales) {
    test(
      `${locale}: seven countries whose counts add up, and Germany filters list and counts`,
      tier(locale === 'nl' || locale === 'en'),
      async ({ page }) => {
        await openLocationsList(page, demoPages.locations[locale])
        const select = page.getByRole('combobox', { name: countryLabel[locale] })
        const options = await select.locator('option').allTextContents()
        expect(options).toHaveLength(8)
        const counts = options.map((o) => Number(/\((\d+)\)$/.exec(o)?.[1]))
        const [total = 0, ...perCountry] = counts
        expect(perCountry.reduce((a, b) => a + b, 0)).toBe(total)
        expect(await page.locator('.location-card').count()).toBe(total)

        const germanyOption = options.find((o) => o.startsWith(germany[locale])) ?? ''
        await select.selectOption({ label: germanyOption })
        await expect(page).toHaveURL(/\?country=de$/)
        const germanCount = Number(/\((\d+)\)$/.exec(germanyOption)?.[1])
        await expect(page.locator('.location-card')).toHaveCount(germanCount)
        const typeCounts = await page.locator('.locations-summary__types li').allTextContents()
        expect(typeCounts.map((text) => Number(/\d+/.exec(text)?.[0])).reduce((a, b) => a + b, 0)).toBe(germanCount)
      },
    )
  }

  test('plural labels are right in every language', async ({ browser, baseURL }) => {
    // The server's text (what hydration keeps; the console guard of the other tests fails on a mismatch).
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'nl-NL' })
    const page = await context.newPage()
    const expected = {
      nl: ['5 dealers', '2 schadeherstelbedrijven'],
      en: ['5 dealers', '2 body repair shops'],
      de: ['5 Autohäuser', '2 Karosseriebetriebe'],
      fr: ['5 concessions', '2 carrosseries'],
      da: ['5 forhandlere', '2 karosseriværksteder'],
    }
    for (const locale of locales) {
      await page.goto(`${demoPages.locations[locale]}?country=de`)
      const summary = await page.locator('.locations-summary__types').textContent()
      for (const label of expected[locale]) expect(summary, locale).toContain(label)
    }
    await page.goto('/en/locations?country=gb&type=leaselocation')
    await expect(page.locator('.locations-summary__total')).toHaveText(/^1 location$/)
    await context.close()
  })

  test('works without JavaScript through the page URL', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'nl-NL' })
    const page = await context.newPage()
    await page.goto('/vestigingen')
    await page.getByRole('combobox', { name: 'Land' }).selectOption('de')
    await page.getByRole('combobox', { name: 'Type vestiging' }).selectOption('dealer')
    await page.getByRole('button', { name: 'Toon vestigingen' }).click()
    // The form sends its brand and place fields too, empty: they select everything.
    await expect(page).toHaveURL(/\/vestigingen\?country=de&type=dealer&brand=&near=$/)
    const cards = page.locator('.location-card')
    expect(await cards.count()).toBeGreaterThan(0)
    for (const type of await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-type')))) expect(type).toBe('dealer')
    // No map without scripts: neither its empty box nor the cards' "show on map" buttons.
    await expect(page.locator('.locations-map')).toBeHidden()
    // Not just invisible (as with scripts, before the map): taking no room in the card.
    await expect(page.locator('.show-on-map').first()).toHaveCSS('display', 'none')
    await context.close()
  })

  test('on a phone the map is drawn when scrolled to, in a box that already has its height', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openLocationsList(page, '/en/locations')
    const map = page.locator('.locations-map')
    const box = await map.boundingBox()
    // Below the filter and the counts: out of the first view, so not drawn yet (ADR 047) ...
    expect(box?.y).toBeGreaterThan(844)
    await expect(page.locator('.leaflet-container')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Show on map/ }).first()).toBeHidden()
    // ... until it comes into view; then nothing around it moves.
    await map.scrollIntoViewIfNeeded()
    await expect(page.locator('.leaflet-marker-icon, .location-cluster').first()).toBeVisible()
    expect((await map.boundingBox())?.height).toBe(box?.height)
    await expect(page.getByRole('button', { name: /^Show on map/ }).first()).toBeVisible()
    // A page opened far down the list (a restored scroll position, find-in-page), past the map:
    // its cards' "show on map" buttons need the map, so it is drawn too.
    // (A page of its own: the same page would restore its position at the map.)
    const deep = await page.context().newPage()
    await deep.setViewportSize({ width: 390, height: 844 })
    await openLocationsList(deep, '/en/locations')
    await expect(deep.locator('.leaflet-container')).toHaveCount(0)
    await deep.locator('.location-card').last().scrollIntoViewIfNeeded()
    await expect(deep.locator('.locations-map')).not.toBeInViewport()
    await expect(deep.locator('.leaflet-container')).toHaveCount(1)
    await expect(deep.getByRole('button', { name: /^Show on map/ }).last()).toBeVisible()
    await deep.close()
  })

  test('with JavaScript the filter keeps a visible submit button; the map shows every location (as a marker or in a cluster), is reachable from the list by keyboard, and its popup links to the location page', async ({
    page,
  }) => {
    // Three tests' journey in one page (one load instead of three), an axe run included.
    test.setTimeout(90_000)
    await openLocationsList(page, '/en/locations')
    await test.step('the submit button applies the selection', async () => {
      const show = page.getByRole('button', { name: 'Show locations' })
      await expect(show).toBeVisible()
      // Keyboard users change a select and then submit; the selection is applied either way.
      await page.getByRole('combobox', { name: 'Country' }).selectOption('dk')
      await show.click()
      await expect(page).toHaveURL(/\/en\/locations\?country=dk$/)
      for (const country of await page.locator('.location-card address').allTextContents()) expect(country).toContain('Denmark')
    })
    const cards = await page.locator('.location-card').count()
    const markers = page.locator('.leaflet-marker-icon.location-marker')
    await expect(markers.first()).toBeVisible()
    await expect
      .poll(async () => {
        const clustered = (await page.locator('.location-cluster span').allTextContents()).reduce((sum, n) => sum + Number(n), 0)
        return (await markers.count()) + clustered
      })
      .toBe(cards)
    await expect(markers.first()).toHaveAttribute('title', /Horizon .+ \(/)
    // The map's credit links are underlined: axe cannot judge their colour over the tiles.
    const credits = await page.locator('.leaflet-control-attribution a').all()
    expect(credits.length).toBeGreaterThan(0)
    for (const link of credits) await expect(link).toHaveCSS('text-decoration-line', 'underline')
    const show = page
      .locator('.location-card')
      .filter({ has: page.getByRole('heading', { name: 'Horizon Aarhus', exact: true }) })
      .getByRole('button', { name: /Show on map/ })
    await show.focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('.leaflet-popup-content')).toContainText('Horizon Aarhus')
    // Keyboard focus has moved from the list into the map (the marker, or its open popup).
    await expect(page.locator('.locations-map :focus')).toHaveCount(1)
    await expectNoA11yViolations(page)
    await test.step('the map popup links to the location page', async () => {
      await page.locator('.leaflet-popup-content').getByRole('link', { name: 'Opening hours and details' }).click()
      await expect(page).toHaveURL(/\/en\/locations\/aarhus-dealer$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Horizon Aarhus')
    })
  })
})
