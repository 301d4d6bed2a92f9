import { careers, demoPages, locales } from './demo-pages'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'

test.describe('CMS content pages', () => {
  for (const [name, paths] of Object.entries(demoPages)) {
    for (const locale of locales) {
      const path = paths[locale]
      test(`${name} in ${locale} (${path}) renders its blocks`, async ({ page }) => {
        const response = await openPage(page, path)
        expect(response?.status()).toBe(200)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
        await expect(page.locator('main .block, main .timeline').first()).toBeVisible()
        // Only the first check per page type runs axe, to keep the suite fast.
        if (locale === 'en') await expectNoA11yViolations(page)
      })
    }
  }

  test('the home page uses the eight content block types', async ({ page }) => {
    await openPage(page, '/')
    for (const type of ['hero', 'icons', 'grid', 'media-content', 'two-columns', 'full-width-media', 'link', 'download']) {
      await expect(page.locator(`main .block--${type}`).first()).toBeAttached()
    }
    await expect(page.getByRole('img', { name: 'Volvo' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Jaarverslag 2025/ })).toHaveAttribute('href', '/media/files/jaarverslag-2025.pdf')
  })

  test('consecutive plain blocks share one gap, through the deferred-hydration wrappers', async ({ page }) => {
    await openPage(page, '/')
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll('.cms-page .block')].map((block) => [block.classList[1], getComputedStyle(block).paddingTop]),
    )
    // After the hero (a band of its own) the icons keep their gap; the grid right after the icons
    // does not add a second one, nor do the next plain blocks; the link band after the full-width photo keeps its own.
    expect(gaps).toEqual([
      ['block--hero', '0px'],
      ['block--icons', expect.not.stringMatching(/^0px$/)],
      ['block--grid', '0px'],
      ['block--media-content', '0px'],
      ['block--two-columns', '0px'],
      ['block--full-width-media', '0px'],
      ['block--link', expect.not.stringMatching(/^0px$/)],
      ['block--download', expect.not.stringMatching(/^0px$/)],
    ])
  })

  test('images have dimensions and only the first loads eagerly', async ({ page }) => {
    await openPage(page, '/')
    const images = await page
      .locator('main img')
      .evaluateAll((imgs) =>
        imgs.map((img) => ({ width: img.getAttribute('width'), height: img.getAttribute('height'), loading: img.getAttribute('loading') })),
      )
    expect(images.length).toBeGreaterThan(2)
    for (const image of images) expect(Number(image.width) * Number(image.height)).toBeGreaterThan(0)
    expect(images[0]?.loading).toBe('eager')
    expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true)
  })

  test('the history page uses the horizontal layout and scrolls with the keyboard', async ({ page }) => {
    await openPage(page, '/en/about-us/history')
    await expect(page.locator('.layout--horizontal')).toBeVisible()
    const track = page.getByRole('list', { name: 'Timeline' })
    await track.focus()
    const before = await track.evaluate((el) => el.scrollLeft)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before)
    // Leaving the page returns to the default layout.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'About us' }).click()
    await expect(page.locator('.layout--default')).toBeVisible()
  })

  for (const locale of locales) {
    test(`careers in ${locale} answers a redirect to the external site`, async ({ request }) => {
      const response = await request.get(careers[locale], { maxRedirects: 0 })
      expect(response.status()).toBe(302)
      expect(response.headers()['location']).toBe(`https://careers.example.com/${locale}`)
    })
  }

  test('the language switcher on a CMS page goes to its translation', async ({ page }) => {
    await openPage(page, '/over-ons/historie')
    await page.getByRole('navigation', { name: 'Taal kiezen' }).getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/de\/uber-uns\/geschichte$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Geschichte')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('menus come from the CMS and navigate client-side', async ({ page }) => {
    await openPage(page, '/en')
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Locations' }).click()
    await expect(page).toHaveURL(/\/en\/locations$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locations')
  })
})

test.describe('remote CMS over GraphQL', () => {
  const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`

  for (const [name, paths] of Object.entries(demoPages)) {
    test(`${name} renders the same through the remote CMS`, async ({ request }) => {
      for (const locale of ['nl', 'fr'] as const) {
        const path = paths[locale]
        const embedded = await request.get(path)
        const viaGraphql = await request.get(`${remote}${path}`)
        expect(viaGraphql.status()).toBe(200)
        const main = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0]
        expect(main(await viaGraphql.text())).toBe(main(await embedded.text()))
      }
    })
  }
})

test('a site reading a remote CMS serves no GraphQL of its own', async ({ request }) => {
  const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`
  const response = await request.post(`${remote}/graphql`, { data: { query: '{ __typename }' } })
  expect(response.status()).toBe(404)
  expect(await response.json()).toEqual({ errors: [{ message: 'This site serves no CMS' }] })
})

test('POST /graphql serves queries, but not mutations without the write key', async ({ request }) => {
  const query = await request.post('/graphql', {
    data: {
      operationName: 'Site',
      variables: { locale: 'en_US' },
      query: 'query Site($locale: String!) { readSiteConfig(locale: $locale) { title } }',
    },
  })
  expect(query.status()).toBe(200)
  expect(await query.json()).toEqual({ data: { readSiteConfig: { title: 'Autogroep Horizon' } } })
  const mutation = await request.post('/graphql', {
    data: {
      query:
        'mutation { submitContactForm(input: { firstName: "a", surName: "b", email: "a@b.co", message: "spam", locale: "nl_NL", idempotencyKey: "x" }) { success } }',
    },
  })
  expect(mutation.status()).toBe(403)
})
