import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { elementOf, elementsOf, langOf, textOf } from './server-html'
import { full, tier } from './tiers'

// The home pages in a browser ("nl home has no prefix and lang=nl", "/en is English", both with
// axe) are cms-pages.spec's "home in nl" and "home in en" tests.
test.describe('locale routing', () => {
  test('nl home has no prefix and lang="nl"; /en is English', async ({ request }) => {
    for (const [path, lang] of [
      ['/', 'nl'],
      ['/en', 'en'],
    ]) {
      const response = await request.get(path ?? '', { maxRedirects: 0 })
      expect(response.status(), path).toBe(200)
      expect(langOf(await response.text()), path).toBe(lang)
    }
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
  const notFoundTitles = {
    nl: ['/bestaat/niet', 'Pagina niet gevonden'],
    en: ['/en/missing', 'Page not found'],
    de: ['/de/fehlt', 'Seite nicht gefunden'],
    fr: ['/fr/manquant', 'Page introuvable'],
    da: ['/da/mangler', 'Siden blev ikke fundet'],
  } as const
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
  const backHome = { nl: 'Terug naar de homepage', en: 'Back to the home page' } as const

  test('in every language the 404 page is titled in its language and suggests the home page, the news and the locations, in the layout', async ({
    request,
  }) => {
    for (const [locale, { path, home, news, locations }] of Object.entries(suggestions)) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      const html = await response.text()
      expect(langOf(html), path).toBe(locale)
      expect(textOf(elementOf(html, /<h1\b/) ?? ''), path).toBe(notFoundTitles[locale as keyof typeof notFoundTitles][1])
      expect(textOf(elementOf(html, /<p [^>]*data-testid="status-message"/) ?? ''), path).toBe(`Page Not Found: ${path}`)
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toBe(`Page Not Found: ${path}`)
      const errorPage = elementOf(html, /<section class="error-page"/) ?? ''
      const button = elementsOf(errorPage, 'a').find((link) => link.attributes['class'] === 'button')
      expect(button?.attributes['href'], path).toBe(home)
      if (locale === 'nl' || locale === 'en') expect(button?.text, path).toBe(backHome[locale])
      const listed = elementsOf(elementOf(errorPage, /<nav class="error-page__suggestions"/) ?? '', 'a').map((link) => [
        link.text,
        link.attributes['href'],
      ])
      expect(listed, path).toEqual(expect.arrayContaining([[...news], [...locations]]))
      // Not the page itself: none of them (nor the way home) is marked current.
      expect(errorPage, path).not.toContain('aria-current')
      expect(html, path).toMatch(/<header class="site-header"/)
      expect(html, path).toMatch(/<footer class="site-footer"/)
    }
  })

  test('unknown English path: 404, English error page, button to /en; it suggests the news and the locations', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 404/)
    const response = await openPage(page, '/en/some/deep/path')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
    await expect(page.getByTestId('status-message')).toHaveText('Page Not Found: /en/some/deep/path')
    await expect(page).toHaveTitle('Page Not Found: /en/some/deep/path')
    const back = page.getByRole('link', { name: 'Back to the home page' })
    await expect(back).toHaveAttribute('href', '/en')
    const list = page.locator('.error-page__suggestions')
    await expect(list.getByRole('link', { name: 'The latest news' })).toHaveAttribute('href', '/en/news')
    await expect(list.getByRole('link', { name: 'Locations' })).toHaveAttribute('href', '/en/locations')
    // Not the page itself: none of them, nor the way home, is marked current.
    await expect(page.locator('.error-page [aria-current]')).toHaveCount(0)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expectNoA11yViolations(page)
    await back.click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found')
  })

  test('an unknown first segment is an nl slug, not a locale: the Dutch error page, button to /', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404/)
    const response = await openPage(page, '/xx/y')
    expect(response?.status()).toBe(404)
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden')
    await expect(page.getByTestId('status-message')).toHaveText('Page Not Found: /xx/y')
    await expect(page).toHaveTitle('Page Not Found: /xx/y')
    await expect(page.getByRole('link', { name: 'Terug naar de homepage' })).toHaveAttribute('href', '/')
    await expect(page.locator('.error-page [aria-current]')).toHaveCount(0)
  })

  /**
   * In a browser: English and Dutch above, French in the suggestions test below (axe, a
   * suggestion followed, its title) in npm test; the 404 page hydrates in nl and de in
   * navigation.spec's overflow test too. Every language runs the same page: the rest in
   * test:full (ADR 037); every language on the server in npm test above.
   */
  for (const [locale, [path, title]] of Object.entries(notFoundTitles)) {
    test(`${locale}: the 404 page is titled in its language, its way home not marked current`, full, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/)
      expect((await openPage(page, path))?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page.locator('.error-page a.button')).not.toHaveAttribute('aria-current', /./)
    })
  }

  for (const [locale, { path, home, news, locations }] of Object.entries(suggestions)) {
    test(
      `${locale}: the 404 page suggests the home page, the news and the locations, in the layout`,
      tier(locale === 'fr'),
      async ({ page, consoleGuard }) => {
        consoleGuard.allow(/status of 404/)
        expect((await openPage(page, path))?.status()).toBe(404)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundTitles[locale as keyof typeof notFoundTitles][1])
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
      },
    )
  }
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
