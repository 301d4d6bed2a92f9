import { type Browser, type Page } from '@playwright/test'
import { adminBase, expect, test, type AdminSite } from './admin-fixture'
import { editIn, field, languageTab, textIn } from './decap-form'
import { expectNoAdminA11yViolations } from './fixtures'
import { full } from './tiers'

/**
 * Forms an editor can scan (Decap CMS at /admin over the local backend, in Dutch, its default):
 * the home page's form fits in a few screens, texts are edited one language at a time, list
 * rows say what they hold, and the admin works on a phone. Nothing is saved. The worker's admin
 * server and page (admin-fixture.ts).
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script: the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
})

/** The worker's admin page, logged in, at 1400 × 900, in Dutch (the admin's default). */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'nl', viewport: { width: 1400, height: 900 } })
}

async function openHome(browser: Browser): Promise<Page> {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/pages-page/entries/home`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input').first()).toHaveValue('home', { timeout: 120_000 })
  return page
}

/** The height of the form's content: the tallest scrolling area (Decap scrolls the form in a pane of its own). */
const formHeight = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...Array.from(document.querySelectorAll('*'), (element) =>
        /auto|scroll/.test(getComputedStyle(element).overflowY) ? element.scrollHeight : 0,
      ),
    ),
  )

/** The buttons, links and fields shown that stick out of the screen at the sides, by their text. */
const offScreen = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('button, a, input, [contenteditable="true"]')).flatMap((element) => {
      const box = element.getBoundingClientRect()
      const shown = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight
      return shown && (box.left < -1 || box.right > window.innerWidth + 1) ? [element.textContent?.trim() || element.localName] : []
    }),
  )

/** Elements wider than their box that scroll sideways (the page itself included), as tag.class. */
const sidewaysScrolling = (page: Page) =>
  page.evaluate(() => {
    const page = document.scrollingElement
    const wide = page && page.scrollWidth > window.innerWidth + 1 ? ['the page'] : []
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const scrolls = /auto|scroll/.test(getComputedStyle(element).overflowX)
      if (scrolls && element.scrollWidth > element.clientWidth + 1) wide.push(`${element.localName}.${element.className}`)
    }
    return wide
  })

test("the home page's form, every block folded, is at most three screens tall at 1400 × 900", full, async ({ browser }) => {
  const page = await openHome(browser)
  // Its labels are in the admin's language.
  await expect(field(page, 'Titel')).toBeVisible()
  await expect(field(page, 'Blokken')).toBeVisible()
  // Each block's row names it by its title, not its id (the blocks are folded: their fields are hidden).
  await expect(field(field(page, 'Blokken'), 'ID').locator('input').first()).toBeHidden()
  await expect(field(page, 'Blokken').getByText('Uw auto, onze zorg – in heel Europa')).toBeVisible()
  expect(await formHeight(page)).toBeLessThanOrEqual(3 * 900)
})

test('texts are edited one language at a time, chosen by tab; empty languages are marked', full, async ({ browser }) => {
  const page = await openHome(browser)
  const dutch = textIn(page, 'Titel', 'Nederlands (nl)')
  const english = textIn(page, 'Titel', 'English (en)')
  await expect(dutch).toHaveValue('Home')
  await expect(english).toBeHidden()
  await editIn(page, 'English (en)')
  await expect(english).toBeVisible()
  await expect(english).toHaveValue('Home')
  await expect(dutch).toBeHidden()
  // The choice is the form's: every text shows its English now.
  await expect(textIn(page, 'Titel voor zoekmachines', 'English (en)')).toHaveValue('Autogroep Horizon – dealers, body repair and leasing')
  // The home page has no title for menus: each language says it is empty.
  const menuTabs = field(page, "Titel in menu's").getByRole('tab')
  await expect(menuTabs).toHaveCount(5)
  for (const tab of await menuTabs.all()) await expect(tab).toHaveAccessibleDescription('leeg')
  await expect(languageTab(field(page, 'Titel'), 'Deutsch (de)')).toHaveAccessibleDescription('')
  // The tabs are ours (form-script.ts): WCAG 2.2 AA, a language other than the first chosen.
  await expectNoAdminA11yViolations(page, ['.localized-tabs'])
  await editIn(page, 'Nederlands (nl)')
  await expect(dutch).toBeVisible()
})

test('on a 390 px phone nothing scrolls sideways, in the lists or in a form', full, async ({ browser }) => {
  const page = await editor(browser)
  await page.setViewportSize({ width: 390, height: 844 })
  try {
    await page.goto(`${base}/admin#/collections/pages-page`, { waitUntil: 'commit' })
    await expect(page.getByText('Over ons').first()).toBeVisible({ timeout: 60_000 })
    expect(await sidewaysScrolling(page)).toEqual([])
    expect(await offScreen(page)).toEqual([])
    await openHome(browser)
    const title = textIn(page, 'Titel', 'Nederlands (nl)')
    await expect(title).toBeVisible()
    const box = await title.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(390)
    expect(await sidewaysScrolling(page)).toEqual([])
    // The toolbar's actions (back, status, delete, view live) are on the screen, not cut off.
    await expect(page.getByRole('button', { name: 'Item verwijderen' })).toBeVisible()
    expect(await offScreen(page)).toEqual([])
    // The tabs on a phone: above their field, big enough to tap (WCAG 2.5.8).
    await title.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath('admin-form-phone.png') })
    await expectNoAdminA11yViolations(page, ['.localized-tabs'])
  } finally {
    await page.setViewportSize({ width: 1400, height: 900 })
  }
})
