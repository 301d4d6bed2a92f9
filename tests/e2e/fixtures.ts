import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

const blankTile = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPo6OgAAAMCAYFzAgoAAAAASUVORK5CYII=', 'base64')

interface ConsoleGuard {
  /** Console errors matching this pattern are expected in the current test. */
  allow(pattern: RegExp): void
}

interface GuardState {
  problems: string[]
  allowed: RegExp[]
}

/** Each guarded page's state: `consoleGuard.allow` adds to the page's list. */
const guards = new WeakMap<Page, GuardState>()

/**
 * Every test that opens `page` fails on console errors, uncaught page errors or React hydration
 * warnings, unless the test explicitly allows a message. The guard rides on the `page` fixture, so
 * a test that only asks the server (`request`) opens no browser page: about a second per test on
 * the 2-core machine. (Playwright calls a fixture's callback `use`; it is `provide` here, which
 * React's hook rule leaves alone.)
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  page: async ({ page }, provide) => {
    const state: GuardState = { problems: [], allowed: [] }
    guards.set(page, state)
    const { problems, allowed } = state
    // Tests never leave this machine: map tiles are answered with a blank image.
    await page.context().route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ body: blankTile, contentType: 'image/png' }))
    page.on('console', (message) => {
      const text = message.text()
      const isProblem = message.type() === 'error' || /hydrat/i.test(text)
      if (isProblem && !allowed.some((pattern) => pattern.test(text))) problems.push(`${message.type()}: ${text}`)
    })
    page.on('pageerror', (error) => {
      if (!allowed.some((pattern) => pattern.test(error.message))) problems.push(`pageerror: ${error.message}`)
    })
    await provide(page)
    expect(problems, 'console errors / hydration warnings').toEqual([])
  },
  consoleGuard: async ({ page }, provide) => {
    await provide({ allow: (pattern) => guards.get(page)?.allowed.push(pattern) })
  },
})

export { expect }

/**
 * Opens a path and waits until React has hydrated the page. The root marks `<html>` when it
 * has; parts of a page may hydrate after it (a route's Suspense boundary), so elements that say
 * `data-hydrated="false"` (the contact form) are waited for too: a click before they switch
 * would be the browser's own form post.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path)
  await page.locator('html[data-hydrated="true"]').waitFor()
  await expect(page.locator('[data-hydrated="false"]')).toHaveCount(0)
  return response
}

/**
 * Opens a page with the locations block and waits until the block, which hydrates on its own
 * once in view (ADR 014), has: its "near me" button exists only then.
 */
export async function openLocationsList(page: Page, path: string) {
  const response = await openPage(page, path)
  await page.locator('.locations-filter__near-me button').waitFor()
  return response
}

/** The site's bar: WCAG 2.2 AA (axe-core's tags for each level and version). */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Zero WCAG 2.2 AA violations (axe-core). */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    // Map markers may sit close together when zoomed out; WCAG 2.5.8's "equivalent" exception
    // applies: every marker has a full-size "Show on map" button in the list next to the map.
    .exclude('.leaflet-marker-pane')
    .analyze()
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, 'axe violations').toEqual([])
}

/** axe's summary of its results: each rule with the elements it found, and why. */
const axeSummary = (results: Array<{ id: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }>) =>
  results
    .filter((result) => result.nodes.length > 0)
    .map((result) => `${result.id}: ${result.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`).join(', ')}`)

/**
 * Zero WCAG 2.2 AA violations in the admin's own additions (ADR 112): only within `roots`, the
 * selectors of the elements our scripts put on Decap's page; Decap's own markup around them is
 * not ours to fix. Each root must be on the page (axe refuses an include that matches nothing),
 * so a check cannot pass by looking at nothing.
 *
 * Contrast is measured a second time, and what axe could not decide counts too, or text would
 * pass unmeasured: over Decap's page axe finds our fixed panels "overlapped" (by Decap's
 * transparent layers) and cannot see the top layer of a modal `<dialog>`. So the second time
 * everything but our elements and the elements around them is hidden: what paints behind our
 * text is then what axe measures. (That the elements are not covered, the journeys' clicks show.)
 */
export async function expectNoAdminA11yViolations(page: Page, roots: string[]) {
  for (const root of roots) await expect(page.locator(root).first(), `${root} is on the page`).toBeAttached()
  const axe = () => roots.reduce((builder, root) => builder.include(root), new AxeBuilder({ page }).withTags(wcagTags))
  const all = await axe().disableRules(['color-contrast']).analyze()
  await page.evaluate((selectors) => {
    for (const root of document.querySelectorAll(selectors.join(','))) {
      root.setAttribute('data-axe-root', '')
      for (let up = root.parentElement; up; up = up.parentElement) up.setAttribute('data-axe-around', '')
    }
    const style = document.createElement('style')
    style.id = 'axe-ours-only'
    style.textContent = 'body *:not([data-axe-around], [data-axe-root], [data-axe-root] *) { visibility: hidden !important; }'
    document.head.append(style)
  }, roots)
  try {
    const contrast = await axe().withRules(['color-contrast']).analyze()
    const undecided = contrast.incomplete.map((result) => ({
      ...result,
      // Left undecided: an empty input (no text to measure) and a row cut by the edge of its
      // scrolling list (its siblings, styled alike, are measured).
      nodes: result.nodes.filter(
        (node) => !node.any.some((check) => ['emptyValue', 'elmPartiallyObscured'].includes(check.data?.messageKey)),
      ),
    }))
    expect(axeSummary([...all.violations, ...contrast.violations, ...undecided]), 'axe violations').toEqual([])
  } finally {
    await page.evaluate(() => {
      document.getElementById('axe-ours-only')?.remove()
      for (const element of document.querySelectorAll('[data-axe-root], [data-axe-around]')) {
        element.removeAttribute('data-axe-root')
        element.removeAttribute('data-axe-around')
      }
    })
  }
}

/** The stylesheet the build inlines into every page (ADR 020): `<style data-tsr-inline-css>`. */
const inlineStylesheet = /<style\b[^>]*\bdata-tsr-inline-css[^>]*>[\s\S]*?<\/style>/g

/** A page's HTML without its inlined stylesheet: the page's own markup, which size checks are about. */
export function withoutInlineStylesheet(html: string): string {
  return html.replace(inlineStylesheet, '')
}
