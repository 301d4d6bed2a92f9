import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { legalPages, locales } from './demo-pages'
import { elementOf, elementsOf, langOf, textOf } from './server-html'
import { tier } from './tiers'

const newsLists = { nl: '/nieuws', en: '/en/news', de: '/de/nachricht', fr: '/fr/actualites', da: '/da/nyheder' } as const
const readMore = { nl: 'Lees meer', en: 'Read more', de: 'Weiterlesen', fr: 'Lire la suite', da: 'Læs mere' } as const

test.describe('news', () => {
  test('every news list answers in its language and links to its details, which have breadcrumbs', async ({ request }) => {
    for (const locale of locales) {
      const list = await request.get(newsLists[locale])
      expect(list.status(), newsLists[locale]).toBe(200)
      const html = await list.text()
      expect(langOf(html), newsLists[locale]).toBe(locale)
      const links = elementsOf(html, 'a').filter((link) => link.text.startsWith(readMore[locale]))
      expect(links.length, newsLists[locale]).toBeGreaterThan(0)
      const href = links[0]?.attributes['href'] ?? ''
      expect(href).toMatch(new RegExp(`^${newsLists[locale]}/[a-z0-9-]+$`))
      const detail = await request.get(href)
      expect(detail.status(), href).toBe(200)
      expect(elementOf(await detail.text(), /<nav class="breadcrumbs"/), href).toMatch(/<ol><li\b/)
    }
  })

  /**
   * In a browser (a click to the detail): English, where axe checks, in npm test; nl and de hydrate
   * in navigation.spec's overflow test too; the others in test:full (ADR 037).
   */
  for (const locale of locales) {
    test(`the ${locale} news list links to its details`, tier(locale === 'en'), async ({ page }) => {
      const response = await openPage(page, newsLists[locale])
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      const links = page.getByRole('link', { name: new RegExp(`^${readMore[locale]}`) })
      expect(await links.count()).toBeGreaterThan(0)
      const first = links.first()
      const href = await first.getAttribute('href')
      expect(href).toMatch(new RegExp(`^${newsLists[locale]}/[a-z0-9-]+$`))
      await first.click()
      await expect(page).toHaveURL(new RegExp(`${href}$`))
      await expect(page.getByRole('navigation', { name: /./ }).locator('ol li').first()).toBeVisible()
      if (locale === 'en') await expectNoA11yViolations(page)
    })
  }

  test('the switcher on a detail goes to the translated item, or to the list where there is none', async ({ page }) => {
    await openPage(page, '/nieuws/private-lease-zonder-aanbetaling')
    const switcher = page.getByRole('navigation', { name: 'Taal kiezen' })
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/news/private-lease-without-deposit')
    await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/actualites')
    await switcher.getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/de\/nachricht\/privatleasing-ohne-anzahlung$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privatleasing ohne Anzahlung')
  })

  test('an nl slug under another language redirects to its translation, else 404', async ({ request }) => {
    const moved = await request.get('/en/news/gratis-wintercheck', { maxRedirects: 0 })
    expect(moved.status()).toBe(301)
    expect(moved.headers()['location']).toMatch(/\/en\/news\/free-winter-check$/)
    const missing = await request.get('/fr/actualites/private-lease-zonder-aanbetaling')
    expect(missing.status()).toBe(404)
  })

  // Another language's news segment or slug: one 301 to the canonical URL in the requested language.
  for (const [path, target] of [
    ['/en/nieuws/gratis-wintercheck', '/en/news/free-winter-check'],
    ['/en/actualites/controle-hiver-gratuit', '/en/news/free-winter-check'],
    ['/de/news/free-winter-check', '/de/nachricht/kostenloser-wintercheck'],
    ['/nachricht/kostenloser-wintercheck', '/nieuws/gratis-wintercheck'],
    ['/fr/nyheder/gratis-vintertjek', '/fr/actualites/controle-hiver-gratuit'],
    ['/de/news', '/de/nachricht'],
    ['/en/nieuws?page=2', '/en/news?page=2'],
  ] as const) {
    test(`${path} answers one 301 to ${target}`, async ({ request }) => {
      const first = await request.get(path, { maxRedirects: 0 })
      expect(first.status()).toBe(301)
      const location = new URL(first.headers()['location'] ?? '', 'http://h')
      expect(location.pathname + location.search).toBe(target)
      expect((await request.get(target, { maxRedirects: 0 })).status()).toBe(200)
    })
  }

  test('pagination: page 2 exists, invalid or out-of-range pages are 404', async ({ request }) => {
    expect((await request.get('/nieuws?page=2')).status()).toBe(200)
    for (const page of ['0', '-1', 'abc', '1.5', '99']) expect((await request.get(`/nieuws?page=${page}`)).status()).toBe(404)
  })
})

test.describe('cookie policy, privacy and terms', () => {
  test('every legal page in every language answers 200 in its language, with breadcrumbs to its title', async ({ request }) => {
    for (const paths of Object.values(legalPages)) {
      for (const locale of locales) {
        const path = paths[locale]
        const response = await request.get(path)
        expect(response.status(), path).toBe(200)
        const html = await response.text()
        expect(langOf(html), path).toBe(locale)
        const crumbs = elementsOf(elementOf(html, /<nav class="breadcrumbs"/) ?? '', 'li')
        expect(crumbs, path).toHaveLength(2)
        expect(crumbs.at(-1)?.text, path).toBe(textOf(elementOf(html, /<h1\b/) ?? ''))
      }
    }
  })

  /**
   * In a browser: French, where axe checks, in npm test (and Danish cookies and privacy in
   * foundation.spec's switcher tests, nl and de in navigation.spec's overflow test); the others
   * in test:full (ADR 037).
   */
  for (const [name, paths] of Object.entries(legalPages)) {
    for (const locale of locales) {
      test(`${name} in ${locale} answers 200 with breadcrumbs`, tier(locale === 'fr'), async ({ page }) => {
        const response = await openPage(page, paths[locale])
        expect(response?.status()).toBe(200)
        await expect(page.locator('html')).toHaveAttribute('lang', locale)
        const crumbs = page.locator('nav.breadcrumbs li')
        await expect(crumbs).toHaveCount(2)
        await expect(crumbs.last()).toHaveText((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
        if (locale === 'fr') await expectNoA11yViolations(page)
      })
    }
  }

  test('the cookie policy index lists its sections and jumps to them', async ({ page }) => {
    await openPage(page, '/en/cookie-policy')
    const toc = page.getByRole('navigation', { name: 'Table of contents' })
    await expect(toc.getByRole('link')).toHaveCount(5)
    await toc.getByRole('link', { name: 'Analytics cookies' }).click()
    await expect(page).toHaveURL(/#analytische-cookies$/)
    // The visitor's own settings come last (this server has no GTM_ID: nothing to choose).
    await toc.getByRole('link', { name: 'Your cookie settings' }).click()
    await expect(page).toHaveURL(/#cookie-settings$/)
    const settings = page.getByRole('region', { name: 'Your cookie settings' })
    await expect(settings).toContainText('This website does not currently use analytics cookies.')
    await expect(settings.getByRole('button')).toHaveCount(0)
    // Changing a choice no longer means deleting a cookie by hand.
    await expect(page.locator('main')).not.toContainText('Delete the')
    await expect(page.locator('main')).toContainText('Cookie settings button at the bottom of every page')
  })
})
