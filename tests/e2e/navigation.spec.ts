import type { Page } from '@playwright/test'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'
import { demoPages, legalPages, locales } from './demo-pages'
import { tier } from './tiers'

/** Every kind of page, per language: the layout must fit a phone on all of them. */
const pageTypes = {
  home: demoPages.home,
  cmsPage: demoPages.about,
  timeline: demoPages.history,
  newsList: { nl: '/nieuws', en: '/en/news', de: '/de/nachricht', fr: '/fr/actualites', da: '/da/nyheder' },
  newsDetail: {
    nl: '/nieuws/zestig-jaar-autogroep-horizon',
    en: '/en/news/sixty-years-of-autogroep-horizon',
    de: '/de/nachricht/sechzig-jahre-autogroep-horizon',
    fr: '/fr/actualites/soixante-ans-d-autogroep-horizon',
    da: '/da/nyheder/tres-aar-med-autogroep-horizon',
  },
  contact: demoPages.contact,
  locations: demoPages.locations,
  cookiePolicy: legalPages.cookie,
  privacy: legalPages.privacy,
  terms: legalPages.terms,
  notFound: { nl: '/bestaat/niet', en: '/en/missing', de: '/de/fehlt', fr: '/fr/manquant', da: '/da/mangler' },
} as const

const widths = [320, 360, 390, 768, 1280] as const

/**
 * Every language runs the same layout code: npm test checks the default language and German (the
 * longest words); test:full the other three (ADR 037).
 */
const overflowSample: ReadonlyArray<string> = ['nl', 'de']

test.describe('no sideways scrolling', () => {
  for (const locale of locales) {
    test(
      `${locale}: every page type fits 320, 360, 390, 768 and 1280 px`,
      tier(overflowSample.includes(locale)),
      async ({ page, consoleGuard }) => {
        test.setTimeout(120_000)
        consoleGuard.allow(/status of 404/)
        const overflowing: string[] = []
        for (const [type, paths] of Object.entries(pageTypes)) {
          await page.setViewportSize({ width: widths[0], height: 740 })
          await openPage(page, paths[locale])
          for (const width of widths) {
            await page.setViewportSize({ width, height: 740 })
            const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
            if (scrollWidth > innerWidth) overflowing.push(`${type} ${paths[locale]} at ${width} px: ${scrollWidth} px wide`)
          }
        }
        expect(overflowing).toEqual([])
      },
    )
  }
})

const phone = { width: 390, height: 844 }

test.describe('menu on a phone', () => {
  test.use({ viewport: phone })

  // One page load for the menu's whole life: keyboard, a preloaded language, a wide screen, a link followed.
  test('opens with Enter, reaches its links with Tab, closes with Escape back on the button; a preloaded language leaves the page as it is; wide screens show the navigation without the button; following a link closes it', async ({
    page,
  }) => {
    await openPage(page, '/en')
    const button = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    const languages = page.getByRole('navigation', { name: 'Choose language' })

    await test.step('opens with Enter, reaches its links with Tab, closes with Escape back on the button', async () => {
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
      await expect(panel).toHaveCount(1)
      await expect(menu).toBeHidden()
      await expect(languages).toBeHidden()

      await button.focus()
      await page.keyboard.press('Enter')
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await expect(panel).toBeVisible()
      await expect(menu).toBeVisible()
      await expect(languages).toBeVisible()
      // In reading order: the menu's links, then the languages.
      for (const name of ['About us', 'Locations', 'Contact', 'Careers', 'News']) {
        await page.keyboard.press('Tab')
        await expect(menu.getByRole('link', { name })).toBeFocused()
      }
      await page.keyboard.press('Tab')
      await expect(languages.getByRole('link', { name: 'Nederlands' })).toBeFocused()
      // Within the viewport: nothing to swipe to.
      await expect(menu.getByRole('link', { name: 'News' })).toBeInViewport({ ratio: 1 })
      await expect(languages.getByRole('link', { name: 'Dansk' })).toBeInViewport({ ratio: 1 })
      await expectNoA11yViolations(page)

      await page.keyboard.press('Escape')
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(button).toBeFocused()
      await expect(panel).toBeHidden()

      // Space toggles it as well (it is a button), and the button closes it again.
      await page.keyboard.press('Space')
      await expect(button).toHaveAttribute('aria-expanded', 'true')
      await button.click()
      await expect(button).toHaveAttribute('aria-expanded', 'false')
    })

    await test.step('a language link that is focused or hovered (and so preloaded) leaves the page in its language', async () => {
      const heading = await page.getByRole('heading', { level: 1 }).textContent()
      await button.click()
      // The preload is done when its data and the German catalog have arrived (i18n.ts, preloadLocale).
      const preloaded = Promise.all([
        page.waitForResponse(/\/_serverFn\//).then((response) => response.finished()),
        page.waitForResponse(/\/assets\/messages-[\w-]+\.js$/).then((response) => response.finished()),
      ])
      await languages.getByRole('link', { name: 'Deutsch' }).hover()
      await preloaded
      // A frame later whatever the preload set off has rendered.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      await expect(menu.getByRole('link', { name: 'About us' })).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '')
      await button.click()
      await expect(button).toHaveAttribute('aria-expanded', 'false')
    })

    await test.step('wide screens show the navigation in the header, without the button', async () => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await expect(button).toBeHidden()
      await expect(menu.getByRole('link', { name: 'News' })).toBeVisible()
      await expect(languages.getByRole('link', { name: 'Dansk' })).toBeVisible()
      await page.setViewportSize(phone)
    })

    await test.step('closes when a link in it is followed', async () => {
      await button.click()
      await menu.getByRole('link', { name: 'Contact' }).click()
      await expect(page).toHaveURL(/\/en\/contact$/)
      await expect(button).toHaveAttribute('aria-expanded', 'false')
      await expect(menu).toBeHidden()
      // The current page is marked in the menu, and only links to it are.
      await button.click()
      await expect(menu.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page')
      const current = await page.locator('a[aria-current="page"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      expect(new Set(current)).toEqual(new Set(['/en/contact']))
      // A language from the menu: the menu closes and the page is in that language.
      await languages.getByRole('link', { name: 'Deutsch' }).click()
      await expect(page).toHaveURL(/\/de\/kontakt$/)
      await expect(page.getByRole('button', { name: 'Menü' })).toHaveAttribute('aria-expanded', 'false')
    })
  })
})

test.describe('without JavaScript', () => {
  test('the menu button opens the navigation, and its links work', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: phone })
    const page = await context.newPage()
    await page.goto('/en/news')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu).toBeHidden()
    await page.getByText('Menu', { exact: true }).click()
    await expect(menu).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Choose language' }).getByRole('link', { name: 'Français' })).toBeVisible()
    await menu.getByRole('link', { name: 'Locations' }).click()
    await expect(page).toHaveURL(/\/en\/locations$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Locations')

    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByText('Menu', { exact: true })).toBeHidden()
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' })).toBeVisible()
    await context.close()
  })
})

/**
 * Holds the page's data requests (server functions on client navigation) until `release()`: a
 * navigation as slow as the test needs, without a guess at how long its checks take.
 */
async function holdData(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/_serverFn/**', async (route) => {
    await released
    await route.continue().catch(() => undefined)
  })
  return release
}

test.describe('progress bar', () => {
  test('a slow navigation shows it and says so politely; it goes once the page is there; it stands still for visitors who ask for less motion', async ({
    page,
  }) => {
    await openPage(page, '/en')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    const bar = page.locator('.pending__bar')
    const loading = page.getByRole('status').filter({ hasText: 'Loading page…' })

    await test.step('a slow navigation shows it and says so politely; it goes once the page is there', async () => {
      const release = await holdData(page)
      await menu.getByRole('link', { name: 'About us' }).click()
      await expect(bar).toBeVisible()
      await expect(loading).toHaveCount(1)
      await expect(bar).toHaveCSS('position', 'fixed')
      await expectNoA11yViolations(page)
      release()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Autogroep Horizon')
      await expect(bar).toHaveCount(0)
      await expect(loading).toHaveCount(0)
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })

    await test.step('stands still for visitors who ask for less motion', async () => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      // A page not visited yet, so its data is asked for.
      const release = await holdData(page)
      await menu.getByRole('link', { name: 'News' }).click()
      await expect(bar).toBeVisible()
      await expect(bar).toHaveCSS('animation-name', 'none')
      release()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('News')
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })
  })

  test('a fast navigation never shows it', async ({ page }) => {
    await openPage(page, '/en')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    // Once, so its code and data are in the browser; the second visit needs nothing from the server.
    await menu.getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Autogroep Horizon')
    await menu.getByRole('link', { name: 'News' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News')
    // When the bar first shows, counted from the click: never before the delay, so a navigation
    // that is done sooner never shows it. (How soon this one is done depends on the machine.)
    await page.evaluate(() => {
      Reflect.set(window, '__barAfterMs', null)
      document.addEventListener('click', () => Reflect.set(window, '__clickAt', performance.now()), { capture: true, once: true })
      new MutationObserver(() => {
        if (document.querySelector('.pending__bar') && Reflect.get(window, '__barAfterMs') === null)
          Reflect.set(window, '__barAfterMs', performance.now() - Number(Reflect.get(window, '__clickAt')))
      }).observe(document.body, { childList: true, subtree: true })
    })
    await menu.getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Autogroep Horizon')
    const doneAfterMs = await page.evaluate(() => performance.now() - Number(Reflect.get(window, '__clickAt')))
    await page.waitForTimeout(300)
    const barAfterMs = await page.evaluate(() => Reflect.get(window, '__barAfterMs'))
    if (barAfterMs === null) return
    expect(Number(barAfterMs), 'the bar showed before its delay').toBeGreaterThanOrEqual(150)
    expect(doneAfterMs, 'the bar showed for a navigation done within its delay').toBeGreaterThanOrEqual(150)
  })
})

test.describe('print', () => {
  // The consent banner (shown only with GTM_ID, which this server lacks) is hidden by the same rule.
  test('a news item prints without header, menu, footer or progress bar', async ({ page }) => {
    await openPage(page, pageTypes.newsDetail.en)
    await expect(page.locator('.site-header')).toBeVisible()
    await page.emulateMedia({ media: 'print' })
    for (const chrome of ['.site-header', '.site-footer', '.pending']) await expect(page.locator(chrome)).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sixty years of Autogroep Horizon')
    await expect(page.locator('.news-item__body')).toBeVisible()
    // 11 pt black text, the full width of the paper.
    await expect(page.locator('body')).toHaveCSS('font-size', '14.6667px')
    await expect(page.locator('.news-item__body')).toHaveCSS('color', 'rgb(0, 0, 0)')
    await expect(page.locator('.news-item')).toHaveCSS('max-width', 'none')
  })
})
