import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import * as v from 'valibot'
import { initialJs } from '../../scripts/lib/initial-js.mjs'
import { demoPages, legalPages } from './demo-pages'
import { expect, openPage, test, withoutInlineStylesheet } from './fixtures'

/**
 * Size budgets per page type (bench/budgets.json): the initial JS and the HTML of each kind of
 * page, so that a change that makes pages heavier fails here with the numbers, not months later
 * in a Lighthouse run. Sizes, not timings: they hold on any machine.
 */
const budgetsSchema = v.object({
  initialJsGzipKb: v.record(v.string(), v.number()),
  htmlKb: v.record(v.string(), v.number()),
  inlineCssKb: v.number(),
})
const budgets = v.parse(budgetsSchema, JSON.parse(readFileSync('bench/budgets.json', 'utf8')))

async function newsDetailPath(request: APIRequestContext): Promise<string> {
  const list = await (await request.get('/nieuws', { headers: { accept: 'text/html' } })).text()
  const path = /href="(\/nieuws\/[^"?#/]+)"/.exec(list)?.[1]
  expect(path, 'a news article linked from /nieuws').toBeDefined()
  return path ?? ''
}

/** One page of each kind the site serves (nl), by the names the budgets use. */
async function pageTypes(request: APIRequestContext): Promise<Record<string, string>> {
  return {
    home: demoPages.home.nl,
    'content page': demoPages.about.nl,
    'timeline page': demoPages.history.nl,
    'news list': '/nieuws',
    'news detail': await newsDetailPath(request),
    contact: demoPages.contact.nl,
    locations: demoPages.locations.nl,
    'location page': `${demoPages.locations.nl}/utrecht-dealer`,
    'cookie policy': legalPages.cookie.nl,
    privacy: legalPages.privacy.nl,
    'not found': '/deze-pagina-bestaat-niet',
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

test('every page type stays within its initial JS and HTML budgets', async ({ request, baseURL }) => {
  const cache = new Map<string, unknown>()
  const getBytes = async (url: string) => {
    const response = await request.get(url, { headers: { 'accept-encoding': 'identity' } })
    expect(response.status(), url).toBe(200)
    return response.body()
  }
  const rows: string[] = []
  const overBudget: string[] = []
  for (const [name, path] of Object.entries(await pageTypes(request))) {
    const response = await request.get(path, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } })
    expect([200, 404], path).toContain(response.status())
    const body = await response.body()
    const js = await initialJs(new URL(path, baseURL).href, body.toString(), getBytes, cache)
    const css = body.length - Buffer.byteLength(withoutInlineStylesheet(body.toString()))
    const html = { length: body.length - css }
    const jsBudget = budgets.initialJsGzipKb[name]
    const htmlBudget = budgets.htmlKb[name]
    rows.push(
      `${name} (${path}): initial JS ${kb(js.gzipBytes)} KB gzip (budget ${jsBudget}), HTML ${kb(html.length)} KB without the inline CSS (budget ${htmlBudget}), inline CSS ${kb(css)} KB (budget ${budgets.inlineCssKb})`,
    )
    if (css === 0) overBudget.push(`${name}: no inline stylesheet`)
    if (css > budgets.inlineCssKb * 1024) overBudget.push(`${name}: inline CSS ${kb(css)} KB > ${budgets.inlineCssKb} KB`)
    if (jsBudget === undefined || htmlBudget === undefined) overBudget.push(`${name}: no budget in bench/budgets.json`)
    if (jsBudget !== undefined && js.gzipBytes > jsBudget * 1024)
      overBudget.push(`${name}: initial JS ${kb(js.gzipBytes)} KB > ${jsBudget} KB`)
    if (htmlBudget !== undefined && html.length > htmlBudget * 1024)
      overBudget.push(`${name}: HTML ${kb(html.length)} KB > ${htmlBudget} KB`)
  }
  console.log(rows.join('\n'))
  expect(overBudget, rows.join('\n')).toEqual([])
})

/**
 * Every script the page loads once it has hydrated and the network is quiet: URL, and
 * whether it holds TanStack Form (its field state's `fieldInfo`: property names survive minifying);
 * and every request for the map's code or styles (Leaflet's, or our LocationsMap chunk).
 */
async function scriptsLoaded(page: Page, path: string, waitFor?: string): Promise<{ scripts: Map<string, boolean>; map: string[] }> {
  const urls = new Set<string>()
  const map: string[] = []
  page.on('request', (request) => {
    if (/LocationsMap|leaflet/i.test(request.url())) map.push(new URL(request.url()).pathname)
  })
  page.on('response', (response) => {
    // Scripts from the server (the captcha's worker comes from a blob: URL).
    if (response.request().resourceType() === 'script' && /^https?:/.test(response.url())) urls.add(response.url())
  })
  await openPage(page, path)
  // A block that hydrates when seen loads its code after the page's own hydration.
  if (waitFor) await page.locator(waitFor).first().waitFor()
  await page.waitForLoadState('networkidle')
  // Read again rather than from the response: a chunk fetched by a preload link and then
  // imported has no body of its own to give.
  const bodies = await Promise.all(
    [...urls].map(async (url) => [new URL(url).pathname, (await (await page.request.get(url)).text()).includes('fieldInfo')] as const),
  )
  return { scripts: new Map(bodies), map }
}

test('the contact form and the map (Leaflet) load their code only on pages that show them', async ({ browser }) => {
  // Six page loads one after the other, each until the network is quiet: over a minute under load.
  test.setTimeout(120_000)
  const load = async (path: string, waitFor?: string) => {
    const context = await browser.newContext()
    try {
      return await scriptsLoaded(await context.newPage(), path, waitFor)
    } finally {
      await context.close()
    }
  }
  const pages = {
    home: demoPages.home.nl,
    news: '/nieuws',
    about: demoPages.about.nl,
    history: demoPages.history.nl,
    contact: demoPages.contact.nl,
    locations: demoPages.locations.nl,
  }
  // The map hydrates when seen, after the page: wait for Leaflet's own markup (openPage already
  // waits for the contact form, which marks itself hydrated).
  const shown: Record<string, string> = { locations: '.leaflet-container' }
  // One page after the other: six browsers loading at once on a busy machine took longer than
  // the waits for hydration allow.
  const loaded: Record<string, Awaited<ReturnType<typeof scriptsLoaded>>> = {}
  for (const [name, path] of Object.entries(pages)) loaded[name] = await load(path, shown[name])
  const formOn = Object.keys(pages).filter((name) => [...(loaded[name]?.scripts.values() ?? [])].some(Boolean))
  const mapOn = Object.keys(pages).filter((name) => [...(loaded[name]?.scripts.keys() ?? [])].some((url) => /LocationsMap/.test(url)))
  expect(formOn, 'pages that load TanStack Form').toEqual(['contact'])
  expect(mapOn, 'pages that load the map').toEqual(['locations'])
  // Nothing of the map, script or stylesheet, on any other page; its code on the list page.
  const mapRequestsOn = Object.keys(pages).filter((name) => (loaded[name]?.map.length ?? 0) > 0)
  expect(mapRequestsOn, 'pages that ask for anything of the map').toEqual(['locations'])
  expect(loaded.locations?.map.some((path) => path.endsWith('.js'))).toBe(true)
})

test('a page paints before it asks for any JavaScript or stylesheet', async ({ page }) => {
  await openPage(page, demoPages.home.nl)
  const timing = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource')
    const startsOf = (extension: string) =>
      resources.filter((entry) => new URL(entry.name).pathname.endsWith(extension)).map((entry) => entry.startTime)
    return {
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: startsOf('.js'),
      stylesheets: startsOf('.css'),
    }
  })
  expect(timing.firstPaint, 'first-contentful-paint').toBeLessThan(Infinity)
  expect(timing.scripts.length).toBeGreaterThan(0)
  // The entry loader (app/server/pages/deferred-entry.ts) starts the downloads after the first paint;
  // the page's styles are inline, and the view-transition styles come after it.
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint)
  expect(Math.min(...timing.stylesheets, Infinity)).toBeGreaterThanOrEqual(timing.firstPaint)
  // And the app did take over (openPage waits for hydration): the loader added the chunks the
  // head no longer preloads, and the client loaded the page-transition styles.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0)
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.querySelector('main') ?? document.body).getPropertyValue('view-transition-name')),
    )
    .toBe('page')
})
