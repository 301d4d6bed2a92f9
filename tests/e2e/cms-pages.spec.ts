import type { Page } from '@playwright/test'
import type { Locale } from '../../app.config'
import { careers, demoPages, locales } from './demo-pages'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { elementOf, langOf } from './server-html'
import { tier } from './tiers'

/** A CMS page in a browser: its language, one h1 and its blocks on screen; axe where asked. */
async function expectCmsPage(page: Page, path: string, locale: Locale, { axe }: { axe: boolean }) {
  const response = await openPage(page, path)
  expect(response?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.locator('main .block, main .timeline').first()).toBeVisible()
  if (axe) await expectNoA11yViolations(page)
}

/**
 * Every page in every language runs one route: npm test renders all 30 on the server (below) and
 * hydrates every page type in English, the language axe checks (ADR 037). The Dutch and German
 * pages hydrate in navigation.spec's overflow test as well (all but mission, the about page's
 * route again); test:full hydrates every other cell.
 */
// These cells have a test of their own below, with what else is checked on that page.
const ownTest = new Set(['home nl', 'home en', 'history nl', 'history en'])

test.describe('CMS content pages', () => {
  test('every page in every language answers 200 in its language, with one h1 and its blocks', async ({ request }) => {
    for (const [name, paths] of Object.entries(demoPages)) {
      for (const locale of locales) {
        const path = paths[locale]
        const response = await request.get(path)
        expect(response.status(), path).toBe(200)
        const html = await response.text()
        expect(langOf(html), path).toBe(locale)
        expect(html.match(/<h1\b/g), path).toHaveLength(1)
        expect(elementOf(html, /<main\b/), `${name}: ${path}`).toMatch(/class="(block|timeline)\b/)
      }
    }
  })

  for (const [name, paths] of Object.entries(demoPages)) {
    for (const locale of locales) {
      if (ownTest.has(`${name} ${locale}`)) continue
      const path = paths[locale]
      test(`${name} in ${locale} (${path}) renders its blocks`, tier(locale === 'en'), async ({ page }) => {
        await expectCmsPage(page, path, locale, { axe: locale === 'en' })
      })
    }
  }

  test('home in nl (/) renders its blocks: the eight block types, one gap between plain blocks, sized images', async ({ page }) => {
    // Also foundation's "nl home has no prefix and lang=nl" (with its axe check).
    await expectCmsPage(page, '/', 'nl', { axe: true })

    await test.step('the home page uses the eight content block types', async () => {
      for (const type of ['hero', 'icons', 'grid', 'media-content', 'two-columns', 'full-width-media', 'link', 'download']) {
        await expect(page.locator(`main .block--${type}`).first()).toBeAttached()
      }
      await expect(page.getByRole('img', { name: 'Volvo' })).toBeVisible()
      await expect(page.getByRole('link', { name: /Jaarverslag 2025/ })).toHaveAttribute('href', '/media/files/jaarverslag-2025.pdf')
    })

    await test.step('consecutive plain blocks share one gap, through the deferred-hydration wrappers', async () => {
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

    await test.step('images have dimensions and only the first loads eagerly', async () => {
      const images = await page.locator('main img').evaluateAll((imgs) =>
        imgs.map((img) => ({
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
        })),
      )
      expect(images.length).toBeGreaterThan(2)
      for (const image of images) expect(Number(image.width) * Number(image.height)).toBeGreaterThan(0)
      expect(images[0]?.loading).toBe('eager')
      expect(images.slice(1).every((image) => image.loading === 'lazy')).toBe(true)
    })
  })

  test('home in en (/en) renders its blocks; the menus come from the CMS and navigate client-side', async ({ page }) => {
    // Also foundation's "/en is English" (with its axe check).
    await expectCmsPage(page, '/en', 'en', { axe: true })
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Locations' }).click()
    await expect(page).toHaveURL(/\/en\/locations$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locations')
  })

  test('history in en renders its blocks in the horizontal layout, which scrolls with the keyboard', async ({ page }) => {
    await expectCmsPage(page, '/en/about-us/history', 'en', { axe: true })
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

  test('history in nl renders its blocks; the language switcher goes to its translation', async ({ page }) => {
    await expectCmsPage(page, '/over-ons/historie', 'nl', { axe: false })
    await page.getByRole('navigation', { name: 'Taal kiezen' }).getByRole('link', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(/\/de\/uber-uns\/geschichte$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Geschichte')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  })

  test('careers in every language answers a redirect to the external site', async ({ request }) => {
    for (const locale of locales) {
      const response = await request.get(careers[locale], { maxRedirects: 0 })
      expect(response.status(), careers[locale]).toBe(302)
      expect(response.headers()['location']).toBe(`https://careers.example.com/${locale}`)
    }
  })
})

const remote = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 1}`

test.describe('remote CMS over GraphQL', () => {
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
