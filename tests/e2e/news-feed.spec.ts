import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { parseFeed } from '@rowanmanning/feed-parser'
import * as v from 'valibot'
import { expect, test } from './fixtures'

/**
 * The Atom feed of the news per language, read as a feed reader reads it, on the
 * embedded CMS and through the remote-GraphQL path (the suite's second server).
 */
const port = Number(process.env.E2E_PORT ?? 3210)
const servers = { embedded: `http://127.0.0.1:${port}`, remote: `http://127.0.0.1:${port + 1}` }

const feeds = [
  { locale: 'nl', iso: 'nl_NL', list: '/nieuws', title: 'Nieuws – Autogroep Horizon' },
  { locale: 'en', iso: 'en_US', list: '/en/news', title: 'News – Autogroep Horizon' },
  { locale: 'de', iso: 'de_DE', list: '/de/nachricht', title: 'Nachrichten – Autogroep Horizon' },
  { locale: 'fr', iso: 'fr_FR', list: '/fr/actualites', title: 'Actualités – Autogroep Horizon' },
  { locale: 'da', iso: 'da_DK', list: '/da/nyheder', title: 'Nyheder – Autogroep Horizon' },
] as const

const newsSchema = v.object({
  data: v.object({
    readNewsItems: v.object({ totalCount: v.number(), nodes: v.array(v.object({ title: v.string(), slug: v.string() })) }),
  }),
})

/** The language's news as the CMS has it (the embedded CMS's own GraphQL, independent of the feed's code). */
async function cmsNews(request: APIRequestContext, iso: string) {
  const response = await request.post(`${servers.embedded}/graphql`, {
    data: {
      query: 'query N($locale: String!) { readNewsItems(locale: $locale, limit: 1000, offset: 0) { totalCount nodes { title slug } } }',
      variables: { locale: iso },
    },
  })
  return v.parse(newsSchema, await response.json()).data.readNewsItems
}

let workDir = ''
test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'site-feeds-'))
})
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }))

function xmllint(file: string) {
  const run = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' })
  if (run.error) throw run.error
  return run
}

for (const [name, origin] of Object.entries(servers)) {
  test(`${name} CMS: every language's feed lists that language's news, with links that open`, async ({ request }) => {
    test.setTimeout(90_000)
    for (const feed of feeds) {
      const url = `${origin}${feed.list}/feed.xml`
      const response = await request.get(url)
      expect(response.status(), url).toBe(200)
      expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8')
      const xml = await response.text()

      const file = join(workDir, `${name}-${feed.locale}.xml`)
      writeFileSync(file, xml)
      const lint = xmllint(file)
      expect(lint.stderr, url).toBe('')
      expect(lint.status, url).toBe(0)

      const parsed = parseFeed(xml)
      const news = await cmsNews(request, feed.iso)
      expect(parsed.meta).toMatchObject({ type: 'atom', version: '1.0' })
      expect(parsed.title).toBe(feed.title)
      expect(parsed.language).toBe(feed.locale)
      expect(parsed.self).toBe(url)
      expect(parsed.url).toBe(`${origin}${feed.list}`)
      expect(news.totalCount).toBeGreaterThan(0)
      expect(parsed.items).toHaveLength(Math.min(news.totalCount, 50))
      expect(parsed.items.map((item) => item.title)).toEqual(news.nodes.slice(0, 50).map((node) => node.title))
      for (const item of parsed.items) {
        expect(item.id).toMatch(new RegExp(`^tag:127\\.0\\.0\\.1,\\d{4}-\\d{2}-\\d{2}:news:[^:]+:${feed.locale}$`))
        expect(item.published).toBeInstanceOf(Date)
        expect(item.updated).toBeInstanceOf(Date)
        expect(item.description).toBeTruthy()
        expect(item.url?.startsWith(`${origin}${feed.list}/`), item.url ?? '').toBe(true)
        const page = await request.get(item.url ?? '', { maxRedirects: 0 })
        expect(page.status(), item.url ?? '').toBe(200)
      }
      // Every entry has an id of its own.
      expect(new Set(parsed.items.map((item) => item.id)).size).toBe(parsed.items.length)
    }
  })

  test(`${name} CMS: every news page links its language's feed`, async ({ request }) => {
    for (const feed of feeds) {
      const news = await cmsNews(request, feed.iso)
      for (const path of [feed.list, `${feed.list}/${news.nodes[0]?.slug ?? ''}`]) {
        const html = await (await request.get(`${origin}${path}`)).text()
        const links = [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)"/g)]
        expect(
          links.map(([, title, href]) => [title, href]),
          path,
        ).toEqual([[feed.title, `${origin}${feed.list}/feed.xml`]])
      }
    }
    // Other pages have no feed.
    expect(await (await request.get(`${origin}/over-ons`)).text()).not.toContain('application/atom+xml')
  })
}

test('the feed answers like the sitemap: ETag and 304, compression, HEAD, GET only', async ({ request }) => {
  const url = `${servers.embedded}/en/news/feed.xml`
  const first = await request.get(url, { headers: { 'Accept-Encoding': 'br' } })
  expect(first.headers()['content-encoding']).toBe('br')
  expect(first.headers()['cache-control']).toBe('public, max-age=300')
  expect(first.headers()['vary']).toBe('Accept-Encoding')
  const etag = first.headers()['etag'] ?? ''
  expect(etag).toMatch(/^".+-br"$/)
  const again = await request.get(url, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag } })
  expect(again.status()).toBe(304)
  const head = await request.head(url)
  expect(head.status()).toBe(200)
  expect(head.headers()['content-type']).toBe('application/atom+xml; charset=utf-8')
  expect((await request.post(url)).status()).toBe(405)
  // Not a feed: another language's segment, a path below it.
  expect((await request.get(`${servers.embedded}/en/nieuws/feed.xml`)).status()).toBe(404)
  expect((await request.get(`${servers.embedded}/nieuws/feed.xml/x`)).status()).toBe(404)
})

test('xmllint itself fails on a feed that is not well-formed', () => {
  const file = join(workDir, 'broken.xml')
  writeFileSync(file, '<feed xmlns="http://www.w3.org/2005/Atom"><title>A & B</title></feed>')
  expect(xmllint(file).status).not.toBe(0)
})
