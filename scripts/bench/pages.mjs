import { initialJs } from '../lib/initial-js.mjs'
import { firstLocationPath, measuredPages } from '../lib/site.mjs'
import { get, html, randomPath } from './servers.mjs'

// ---------------------------------------------------------------- pages

/**
 * The measured pages (from the (b) server): the five of scripts/lib/site.mjs, a single location
 * page when the build has one, and the 404 page. Each { name, path, status, random, body } (a
 * random page's path is an example: under load each request gets its own).
 */
export async function findPages(base) {
  const found = await measuredPages(async (path) => (await html(base, path)).body.toString())
  const pages = Object.entries(found).map(([name, path]) => ({ name, path, status: 200 }))
  const notes = []
  const locationsHtml = (await html(base, found.locations)).body.toString()
  const location = firstLocationPath(found.locations, locationsHtml)
  if (location) pages.push({ name: 'location', path: location, status: 200 })
  else notes.push(`single location page: none in this build (no ${found.locations}/{slug} link on ${found.locations}): skipped`)
  pages.push({ name: 'not found', path: randomPath(), status: 404, random: true })
  for (const page of pages) page.body = (await html(base, page.path, page.status)).body
  return { pages, notes }
}

/** The reference app's pages (bench/reference): the floor the site's uncached renders are set against. */
export const referencePages = [
  { name: 'reference hello', path: '/', status: 200 },
  { name: 'reference 600', path: '/content', status: 200 },
]
/** The reference page each page's uncached render is compared with (≤ 4× its CPU per render). */
export const floorPage = 'reference 600'

/** Whether a page's HTML holds the contact form or the locations map (their blocks' markup). */
export function carries(page, js) {
  const text = page.body.toString()
  const what = []
  if (/class="[^"]*\bcontact-form\b/.test(text)) what.push('form')
  if (js.hasMap || /class="[^"]*\blocations-map\b/.test(text)) what.push('map')
  return what
}

/** A page's initial JS (scripts/lib/initial-js.mjs), fetched uncompressed from the server. */
export async function initialJsOf(base, page, cache) {
  const fetchBytes = async (url) => {
    const response = await get(url, { 'accept-encoding': 'identity' })
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`)
    return response.body
  }
  const js = await initialJs(base + page.path, page.body.toString(), fetchBytes, cache)
  return { path: page.path, ...js, carries: carries(page, js) }
}
