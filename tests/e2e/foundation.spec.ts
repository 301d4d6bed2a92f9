import { expect, expectNoA11yViolations, openPage, test } from './fixtures'

test.describe('locale routing', () => {
  test('nl home has no prefix and lang="nl"', async ({ page }) => {
    const response = await openPage(page, '/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expectNoA11yViolations(page)
  })

  test('/en is English', async ({ page }) => {
    const response = await openPage(page, '/en')
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectNoA11yViolations(page)
  })

  test('/nl/… redirects permanently to the unprefixed path', async ({ request }) => {
    const response = await request.get('/nl/x', { maxRedirects: 0 })
    expect([301, 308]).toContain(response.status())
    expect(new URL(response.headers()['location'] ?? '', 'http://h').pathname).toBe('/x')
  })

  test('a trailing slash redirects permanently to the canonical path', async ({ request }) => {
    const response = await request.get('/de/datenschutz/', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(new URL(response.headers()['location'] ?? '', 'http://h').pathname).toBe('/de/datenschutz')
  })
})

test.describe('error page', () => {
  test('unknown English path: 404, English error page, button to /en', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/)
    const response = await openPage(page, '/en/some/deep/path')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page.getByTestId('status-message')).toHaveText('Page Not Found: /en/some/deep/path')
    await expect(page).toHaveTitle('Page Not Found: /en/some/deep/path')
    const back = page.getByRole('link', { name: 'Back to the home page' })
    await expect(back).toHaveAttribute('href', '/en')
    await expectNoA11yViolations(page)
    await back.click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found')
  })

  test('unknown Dutch path: Dutch error page, button to /', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/)
    const response = await openPage(page, '/bestaat/niet')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden')
    await expect(page.getByTestId('status-message')).toHaveText('Page Not Found: /bestaat/niet')
    await expect(page).toHaveTitle('Page Not Found: /bestaat/niet')
    await expect(page.getByRole('link', { name: 'Terug naar de homepage' })).toHaveAttribute('href', '/')
  })

  const notFoundTitles = {
    nl: ['/bestaat/niet', 'Pagina niet gevonden'],
    en: ['/en/missing', 'Page not found'],
    de: ['/de/fehlt', 'Seite nicht gefunden'],
    fr: ['/fr/manquant', 'Page introuvable'],
    da: ['/da/mangler', 'Siden blev ikke fundet'],
  } as const
  for (const [locale, [path, title]] of Object.entries(notFoundTitles)) {
    test(`${locale}: the 404 page is titled in its language, its way home not marked current`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/)
      expect((await openPage(page, path))?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.locator('.error-page a.button')).not.toHaveAttribute('aria-current', /./)
    })
  }

  const suggestions = {
    nl: { path: '/bestaat/niet', home: '/', news: ['Het laatste nieuws', '/nieuws'], locations: ['Vestigingen', '/vestigingen'] },
    en: { path: '/en/missing', home: '/en', news: ['The latest news', '/en/news'], locations: ['Locations', '/en/locations'] },
    de: { path: '/de/fehlt', home: '/de', news: ['Die neuesten Nachrichten', '/de/nachricht'], locations: ['Standorte', '/de/standorte'] },
    fr: {
      path: '/fr/manquant',
      home: '/fr',
      news: ['Les dernières actualités', '/fr/actualites'],
      locations: ['Établissements', '/fr/etablissements'],
    },
    da: { path: '/da/mangler', home: '/da', news: ['De seneste nyheder', '/da/nyheder'], locations: ['Afdelinger', '/da/afdelinger'] },
  } as const
  for (const [locale, { path, home, news, locations }] of Object.entries(suggestions)) {
    test(`${locale}: the 404 page suggests the home page, the news and the locations, in the layout`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/)
      expect((await openPage(page, path))?.status()).toBe(404)
      await expect(page.locator('.error-page a.button')).toHaveAttribute('href', home)
      const list = page.locator('.error-page__suggestions')
      await expect(list.getByRole('link', { name: news[0] })).toHaveAttribute('href', news[1])
      await expect(list.getByRole('link', { name: locations[0] })).toHaveAttribute('href', locations[1])
      // Not the page itself: none of them is marked current.
      await expect(page.locator('.error-page [aria-current]')).toHaveCount(0)
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
      if (locale === 'fr') await expectNoA11yViolations(page)
      await list.getByRole('link', { name: locations[0] }).click()
      await expect(page).toHaveURL(new RegExp(`${locations[1]}$`))
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/404/)
    })
  }

  test('an unknown first segment is an nl slug, not a locale', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/)
    const response = await openPage(page, '/xx/y')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(page.getByTestId('status-message')).toHaveText('Page Not Found: /xx/y')
  })
})

test.describe('language switcher', () => {
  test('switches a fixed page to its localized segment and keeps rendering', async ({ page }) => {
    await openPage(page, '/fr/actualites')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actualités')
    await page.getByRole('navigation', { name: 'Choisir la langue' }).getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/de\/nachricht$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachrichten')
    await page.getByRole('navigation', { name: 'Sprache wählen' }).getByRole('link', { name: 'Nederlands' }).click()
    await expect(page).toHaveURL(/\/nieuws$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuws')
  })

  test('every language of the privacy page has its own segment', async ({ page }) => {
    await openPage(page, '/privacy')
    const switcher = page.getByRole('navigation', { name: 'Taal kiezen' })
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/privacy')
    await expect(switcher.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', '/de/datenschutz')
    await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/confidentialite')
    await expect(switcher.getByRole('link', { name: 'Dansk' })).toHaveAttribute('href', '/da/fortrolighed')
    await switcher.getByRole('link', { name: 'Dansk' }).click()
    await expect(page).toHaveURL(/\/da\/fortrolighed$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privatlivspolitik')
    await expectNoA11yViolations(page)
  })

  test('a full load of a translated page renders the same after hydration', async ({ page }) => {
    await openPage(page, '/da/cookie-policy')
    await expect(page.locator('html')).toHaveAttribute('lang', 'da')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookiepolitik')
    await expectNoA11yViolations(page)
  })
})

test('health endpoint answers 200 JSON', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toMatchObject({ status: 'ok' })
})
