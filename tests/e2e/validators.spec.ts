import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { XMLParser } from 'fast-xml-parser'
import * as v from 'valibot'
import { solvedCaptcha } from '../../scripts/lib/contact-client.mjs'
import { demoPages, locales } from './demo-pages'
import { expect, test } from './fixtures'
import { tier } from './tiers'

/**
 * The site's markup as the standard validators see it: every page the sitemap lists (plus an
 * error page and a second news page) through the Nu HTML Checker, the sitemap through xmllint
 * with the sitemaps.org schema. Each run also checks a known-bad sample, so a validator that
 * silently checks nothing fails here too.
 */

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const sitemapSchema = resolve('tests/xsd/sitemap-hreflang.xsd')

/** Pages that are not in the sitemap but are served as HTML all the same. */
const extraPaths = ['/en/this-page-does-not-exist', '/nieuws?page=2']

/** `sizes` without `srcset`: an error the checker must report. */
const knownBadHtml = '<!DOCTYPE html><html lang="en"><title>x</title><img src="/a.webp" sizes="100vw" alt="">'
/** An article without a heading: a warning the checker must report. */
const knownWarningHtml = '<!DOCTYPE html><html lang="en"><title>x</title><article><p>x</p></article>'

const vnuOutput = v.object({
  messages: v.array(
    v.object({
      type: v.string(),
      subType: v.optional(v.string()),
      url: v.optional(v.string()),
      message: v.string(),
      extract: v.optional(v.string()),
    }),
  ),
})

/**
 * Runs the Nu HTML Checker on files; its errors and warnings, by file path. Plain information
 * messages (such as "trailing slash on void elements", which React writes) are not findings.
 */
function nuErrors(files: ReadonlyArray<string>): Map<string, string[]> {
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error) throw run.error
  // The checker writes its JSON report on stderr.
  const report = v.parse(vnuOutput, JSON.parse(run.stderr))
  const errors = new Map<string, string[]>()
  for (const message of report.messages) {
    if (message.type !== 'error' && message.subType !== 'warning') continue
    // It names files as `file:/tmp/…`.
    const file = message.url ? new URL(message.url).pathname : '(no file)'
    errors.set(file, [...(errors.get(file) ?? []), `${message.type}: ${message.message} [${message.extract ?? ''}]`])
  }
  return errors
}

/**
 * The contact form's answers to a plain post (no JavaScript): the page again with the values and
 * their errors, and the thank-you the stored post is redirected to. Names and HTML, by label.
 */
async function contactPostAnswers(request: APIRequestContext, base: string): Promise<Array<[string, string]>> {
  const headers = { origin: new URL(base).origin, 'x-forwarded-for': '198.18.250.1' }
  const fill = {
    contactForm: 'contact-form',
    firstName: 'Zoë',
    surName: '',
    email: 'nope',
    phone: 'x',
    subject: 'damage',
    message: 'a\r\nb',
  }
  const refused = await request.post('/en/contact', { form: fill, headers, maxRedirects: 0 })
  expect(refused.status()).toBe(400)
  const sent = await request.post('/en/contact', {
    form: { ...fill, surName: 'de Vries', email: 'validators@example.com', phone: '', altcha: await solvedCaptcha(base) },
    headers,
    maxRedirects: 0,
  })
  expect(sent.status()).toBe(303)
  const thanks = await request.get(sent.headers().location ?? '')
  expect(await thanks.text()).toContain('contact-form__thanks')
  return [
    ['POST /en/contact (refused)', await refused.text()],
    ['the thank-you after POST /en/contact', await thanks.text()],
  ]
}

async function sitemapLocs(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text()
  const doc = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml)
  return v.parse(v.array(v.object({ loc: v.string() })), doc.urlset.url).map((url) => url.loc)
}

let workDir = ''
test.beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'site-validators-'))
})
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }))

/** The news list of each language: its items are one page type. */
const newsLists = ['/nieuws', '/en/news', '/de/nachricht', '/fr/actualites', '/da/nyheder']

/**
 * npm test's sample (ADR 037): one page of each type, every Dutch page but one location and one
 * news item (the other locations and items render the same route), and the home page of every
 * other language. test:full checks the rest of the sitemap.
 */
function inNuSample(url: string, index: number, urls: ReadonlyArray<string>): boolean {
  const path = new URL(url, 'http://x').pathname
  const kind = (candidate: string) => {
    const at = new URL(candidate, 'http://x').pathname
    const list = [...locales.map((locale) => demoPages.locations[locale]), ...newsLists].find((prefix) => at.startsWith(`${prefix}/`))
    return list ? `${list}/*` : at
  }
  const home = locales.some((locale) => path === demoPages.home[locale])
  const dutch = !locales.some(
    (locale) => locale !== 'nl' && (path === demoPages.home[locale] || path.startsWith(`${demoPages.home[locale]}/`)),
  )
  // The first of its kind only: one location, one news item. The error page and page 2 are types of their own.
  return home || extraPaths.includes(url) || (dutch && urls.findIndex((other) => kind(other) === kind(url)) === index)
}

for (const sample of [true, false]) {
  const which = sample ? 'one page of each type (and the post answers)' : 'every other page the sitemap lists'
  test(`${which} is valid HTML for the Nu HTML Checker (zero errors and warnings)`, tier(sample), async ({ request, baseURL }) => {
    // One checker run for all pages: the JVM starts once. ~420 pages in all since every location
    // has its own page in every language.
    test.setTimeout(480_000)
    const every = [...(await sitemapLocs(request)), ...extraPaths]
    expect(every.length).toBeGreaterThan(50)
    const urls = every.filter((url, index) => inNuSample(url, index, every) === sample)
    const fileOf = new Map<string, string>()
    for (const [index, url] of urls.entries()) {
      const response = await request.get(url)
      expect(response.headers()['content-type'], url).toContain('text/html')
      const file = join(workDir, `page-${sample}-${String(index).padStart(3, '0')}.html`)
      writeFileSync(file, await response.text())
      fileOf.set(file, url)
    }
    if (sample) {
      for (const [index, [label, html]] of (await contactPostAnswers(request, baseURL ?? '')).entries()) {
        const file = join(workDir, `contact-post-${index}.html`)
        writeFileSync(file, html)
        fileOf.set(file, label)
      }
    }
    const bad = join(workDir, `known-bad-${sample}.html`)
    writeFileSync(bad, knownBadHtml)
    const warned = join(workDir, `known-warning-${sample}.html`)
    writeFileSync(warned, knownWarningHtml)

    const errors = nuErrors([...fileOf.keys(), bad, warned])
    expect(errors.get(bad)?.join('\n'), 'the checker reports a known error').toMatch(/sizes/)
    expect(errors.get(warned)?.join('\n'), 'the checker reports a known warning').toMatch(/Article lacks heading/)
    const pageErrors = [...errors].flatMap(([file, messages]) => {
      const url = fileOf.get(file)
      return url ? messages.map((message) => `${url}: ${message}`) : []
    })
    expect(pageErrors).toEqual([])
  })
}

test('the sitemap validates against the sitemaps.org schema with xhtml:link alternates', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text()
  const file = join(workDir, 'sitemap.xml')
  writeFileSync(file, xml)
  const valid = spawnSync('xmllint', ['--noout', '--schema', sitemapSchema, file], { encoding: 'utf8' })
  if (valid.error) throw valid.error
  expect(valid.stderr).toContain('validates')
  expect(valid.status).toBe(0)

  // The schema check can fail: a change frequency the protocol does not know does not pass.
  const broken = join(workDir, 'broken-sitemap.xml')
  writeFileSync(broken, xml.replace('</loc>', '</loc><changefreq>sometimes</changefreq>'))
  const invalid = spawnSync('xmllint', ['--noout', '--schema', sitemapSchema, broken], { encoding: 'utf8' })
  expect(invalid.status).not.toBe(0)
})
