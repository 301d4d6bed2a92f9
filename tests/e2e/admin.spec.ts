import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page } from '@playwright/test'
import { parse } from 'yaml'
import { adminBase, adminContentDir, expect, test, type AdminSite } from './admin-fixture'
import { editIn, field, openBlock, publishEntry, savedNotice, textIn } from './decap-form'

/**
 * The editors' admin: Decap CMS at /admin over the local backend, on the worker's admin server
 * (admin-fixture.ts) with a copy of content/ (the repository's files are never written). An
 * editor's save is live on the public pages within seconds; a save the server's validation
 * refuses is not written and Decap shows the server's message; /admin has its own headers, the
 * pages keep theirs.
 */
test.describe.configure({ mode: 'serial' })
// Decap is a 5 MB script with a 100 KB configuration: on a busy machine loading it takes a
// minute or more, so the tests share the worker's page that loads it once (editor() below).
test.setTimeout(300_000)

const base = adminBase
const liveWithinMs = 5_000

const contentDir = adminContentDir
/** An image under a name of its own (public/media's names are served before the content folder's). */
const upload = join(contentDir, '..', 'showroom-opening.webp')
/** An SVG, which the site does not serve from uploads. */
const svgLogo = join(contentDir, '..', 'logo.svg')

let site: AdminSite
test.beforeAll(async ({ adminSite }) => {
  site = adminSite
  await site.reset()
  copyFileSync('public/media/lease-keys.webp', upload)
  writeFileSync(svgLogo, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
})

/**
 * The worker's admin page, logged in, in English (the tests name Decap's English texts), without
 * the preview pane beside the form (it would render every field a second time on each
 * keystroke). Decap's questions are answered as an editor who moves on would (admin-fixture.ts).
 */
async function editor(_browser: Browser): Promise<Page> {
  return site.editor({ language: 'en' })
}

/** Saves and publishes the open entry (the editorial workflow: decap-form.ts); stops at a refused save. */
const publish = publishEntry

test('/admin has its own headers; the pages keep their policy', async ({ request }) => {
  const admin = await request.get(`${base}/admin`)
  expect(admin.status()).toBe(200)
  const headers = admin.headers()
  expect(headers['x-robots-tag']).toBe('noindex')
  expect(headers['cache-control']).toBe('no-store')
  expect(headers['content-security-policy']).toContain("'unsafe-eval'")
  const html = await admin.text()
  expect(html).toContain('<meta name="robots" content="noindex">')
  expect(html).toMatch(/<title>[^<]+<\/title>/)
  expect(html).toContain(
    '<script src="/admin/editor.js"></script>\n<script src="/admin/problems.js"></script>\n<script src="/admin/session.js"></script>\n<script src="/admin/translation-status.js"></script>\n<script src="/admin/history.js"></script>\n<script src="/admin/links.js"></script>\n<script src="/admin/decap-cms.js"></script>',
  )
  const problems = await request.get(`${base}/admin/problems.js`)
  expect(problems.headers()['content-type']).toMatch(/javascript/)
  expect(await problems.text()).toMatch(/X-Admin-Language/)
  expect(html).toMatch(/<meta name="admin-session" content="[\w.-]+">/)
  const config = parse(await (await request.get(`${base}/admin/config.yml`)).text())
  expect(config.backend).toMatchObject({ name: 'proxy', proxy_url: '/admin/api/v1' })
  expect(config.locale).toBe('nl')
  // Served from the installed package, not a CDN.
  const app = await request.get(`${base}/admin/decap-cms.js`)
  expect(app.status()).toBe(200)
  expect(app.headers()['content-type']).toMatch(/javascript/)
  expect((await request.get(`${base}/robots.txt`)).ok()).toBe(true)
  expect(await (await request.get(`${base}/robots.txt`)).text()).toMatch(/^Disallow: \/admin$/m)

  // A page's policy is the suite's server's (which has no admin), but for the hashes of its inline
  // scripts (one holds the site's address, another port here).
  const withoutHashes = (policy: string | undefined) => policy?.replace(/ 'sha256-[^']+'/g, '')
  for (const path of ['/', '/over-ons', '/nieuws', '/robots.txt']) {
    const mine = (await request.get(`${base}${path}`)).headers()['content-security-policy']
    const suite = (await request.get(path)).headers()['content-security-policy']
    expect(withoutHashes(mine)).toBe(withoutHashes(suite))
    expect(mine).not.toContain('unsafe-eval')
  }
})

test('an editor adds a news item in Dutch and English with an image; it is live within seconds', async ({ browser, request }) => {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/news/new`, { waitUntil: 'commit' })
  await field(page, 'ID').locator('input').fill('showroom-opening')
  await field(page, 'Date').locator('input[type="date"]').fill('2026-11-20')
  const languages = field(page, 'Languages').locator('input')
  for (const code of ['nl', 'en']) {
    await languages.fill(code)
    await languages.press('Enter')
  }

  // The image: uploaded through Decap's media library, into the content folder's media.
  const image = field(page, 'Image')
  await image.getByText('Choose an image').click()
  await page.locator('input[type="file"]').setInputFiles(upload)
  await page.getByRole('button', { name: 'Choose selected' }).click()
  // The texts in Dutch, then in English (the form shows one language at a time, chosen by tab).
  await textIn(image, 'Alternative text', 'Nederlands (nl)').fill('De nieuwe showroom')
  await textIn(page, 'Slug', 'Nederlands (nl)').fill('nieuwe-showroom-geopend')
  await textIn(page, 'Title', 'Nederlands (nl)').fill('Nieuwe showroom geopend')
  await textIn(page, 'Summary', 'Nederlands (nl)').fill('Onze showroom in Utrecht is vernieuwd.')
  await textIn(page, 'Body', 'Nederlands (nl)').fill('Kom langs voor een proefrit.')
  await editIn(page, 'English (en)')
  await textIn(image, 'Alternative text', 'English (en)').fill('The new showroom')
  await textIn(page, 'Slug', 'English (en)').fill('new-showroom-opened')
  await textIn(page, 'Title', 'English (en)').fill('New showroom opened')
  await textIn(page, 'Summary', 'English (en)').fill('Our showroom in Utrecht has been renewed.')
  await textIn(page, 'Body', 'English (en)').fill('Come by for a test drive.')
  await editIn(page, 'Nederlands (nl)')
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })

  const saved = parse(readFileSync(join(contentDir, 'news/showroom-opening.yaml'), 'utf8'))
  expect(saved.image.src).toMatch(/^\/media\/.+\.webp$/)
  const imageUrl: string = saved.image.src

  for (const [list, detail, title] of [
    ['/nieuws', '/nieuws/nieuwe-showroom-geopend', 'Nieuwe showroom geopend'],
    ['/en/news', '/en/news/new-showroom-opened', 'New showroom opened'],
  ] as const) {
    await expect.poll(async () => (await request.get(`${base}${list}`)).text(), { timeout: liveWithinMs }).toContain(title)
    const answer = await request.get(`${base}${detail}`)
    expect(answer.status()).toBe(200)
    expect(await answer.text()).toContain(title)
  }
  expect((await request.get(`${base}${imageUrl}`)).status()).toBe(200)
  expect(await (await request.get(`${base}/sitemap.xml`)).text()).toContain('/nieuws/nieuwe-showroom-geopend')
  expect(await (await request.get(`${base}/nieuws/feed.xml`)).text()).toContain('Nieuwe showroom geopend')
})

/**
 * Opens a page of the pages collection in the editor, as its file is now: by way of the
 * collection's list, so that an entry open before (with a refused edit) is left, not kept.
 */
async function openPage(browser: Browser, id: string): Promise<Page> {
  const page = await editor(browser)
  await page.goto(`${base}/admin#/collections/pages-page`, { waitUntil: 'commit' })
  await expect(field(page, 'ID')).toHaveCount(0, { timeout: 30_000 })
  await page.goto(`${base}/admin#/collections/pages-page/entries/${id}`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input')).toHaveValue(id, { timeout: 120_000 })
  return page
}

const aboutFile = join(contentDir, 'pages/about.yaml')

/**
 * A new page of a kind's collection with what every page needs filled in: its id, the about page
 * as parent (the home page is the one page without one), Dutch only (left empty, a page is in
 * every language and needs its texts in each), its Dutch URL segment and title. The page's script
 * errors are collected.
 */
async function newPage(browser: Browser, collection: string, { id, segment, title }: { id: string; segment: string; title: string }) {
  const page = await editor(browser)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${base}/admin#/collections/${collection}/new`, { waitUntil: 'commit' })
  await field(page, 'ID').locator('input').fill(id)
  await field(page, 'Parent').locator('input').fill('about')
  await page.getByRole('option', { name: 'Over ons', exact: true }).click()
  await field(page, 'Languages').locator('input').fill('nl')
  await field(page, 'Languages').locator('input').press('Enter')
  await textIn(page, 'URL segment', 'Nederlands (nl)').fill(segment)
  await textIn(page, 'Title', 'Nederlands (nl)').fill(title)
  return { page, errors }
}

test('"New Page" makes a page of blocks: its form has its own fields only, and it saves', async ({ browser, request }) => {
  const { page, errors } = await newPage(browser, 'pages-page', {
    id: 'showroom-tour',
    segment: 'rondleiding',
    title: 'Rondleiding door de showroom',
  })
  await expect(field(page, 'Redirect code')).toHaveCount(0)
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })
  const saved = parse(readFileSync(join(contentDir, 'pages/showroom-tour.yaml'), 'utf8'))
  expect(saved).toMatchObject({ id: 'showroom-tour', type: 'Page', parent: 'about', title: { nl: 'Rondleiding door de showroom' } })
  expect(saved).not.toHaveProperty('redirectCode')
  await expect.poll(async () => (await request.get(`${base}/over-ons/rondleiding`)).status(), { timeout: liveWithinMs }).toBe(200)
  expect(errors).toEqual([])
})

test("a redirect's code is chosen from its list, and the redirect saves", async ({ browser, request }) => {
  const { page, errors } = await newPage(browser, 'pages-redirectorpage', {
    id: 'old-offers',
    segment: 'oude-aanbiedingen',
    title: 'Oude aanbiedingen',
  })
  // Decap's select threw on numeric options ("Cannot use 'in' operator to search for 'options' in 301").
  await field(page, 'Redirect code').locator('input').click()
  await page.getByText('302', { exact: true }).click()
  const target = field(page, 'Redirect to')
  await textIn(target, 'Title', 'Nederlands (nl)').fill('Aanbod')
  await field(target, 'URL').locator('input').fill('https://example.com/aanbod')
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })
  expect(parse(readFileSync(join(contentDir, 'pages/old-offers.yaml'), 'utf8'))).toMatchObject({
    type: 'RedirectorPage',
    redirectCode: 302,
  })
  await expect
    .poll(async () => (await request.get(`${base}/over-ons/oude-aanbiedingen`, { maxRedirects: 0 })).status(), { timeout: liveWithinMs })
    .toBe(302)
  expect(errors).toEqual([])
})

/** The page as the file held it before one edit, with the `lastEdited` the server set on the save (within the last two minutes). */
function unchangedBut<T extends { lastEdited?: unknown }>(before: T, after: { lastEdited?: unknown }): T {
  const expected = structuredClone(before)
  // The server sets a changed page's lastEdited to the time of the save.
  const is = after.lastEdited
  expect(typeof is === 'string' && Date.now() - Date.parse(is) < 120_000).toBe(true)
  expected.lastEdited = is
  return expected
}

test("a duplicate URL segment is refused with the server's message, and nothing is written", async ({ browser, request }) => {
  const before = readFileSync(aboutFile, 'utf8')
  const page = await openPage(browser, 'about')
  await textIn(page, 'URL segment', 'Nederlands (nl)').fill('contact')
  await publish(page)
  // Named as the form names the field (ADR 095), in a panel that stays.
  await expect(page.locator('[data-admin-problems]')).toContainText(/URL segment \(nl\): the link \/contact is also the link of/, {
    timeout: 20_000,
  })
  expect(readFileSync(aboutFile, 'utf8')).toBe(before)
  expect((await request.get(`${base}/over-ons`)).status()).toBe(200)
})

test('a page without a Dutch title cannot be saved', async ({ browser }) => {
  const before = readFileSync(aboutFile, 'utf8')
  const page = await openPage(browser, 'about')
  await textIn(page, 'Title', 'Nederlands (nl)').fill('')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/missed a required field/i)).toBeVisible({ timeout: 20_000 })
  expect(readFileSync(aboutFile, 'utf8')).toBe(before)
})

test('an optional text typed and then cleared does not block the save', async ({ browser }) => {
  const page = await openPage(browser, 'about')
  const menuTitle = textIn(page, 'Title in menus', 'Nederlands (nl)')
  await menuTitle.fill('Wie we zijn')
  await menuTitle.fill('')
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })
  const saved = parse(readFileSync(aboutFile, 'utf8'))
  expect(saved).not.toHaveProperty('menuTitle')
})

test('an entry opened by its address shows that entry; a refused upload is forgotten once it is replaced', async ({ browser }) => {
  const page = await editor(browser)
  // Straight from the page open before (Decap kept showing that one under this address).
  await page.goto(`${base}/admin#/collections/news/entries/jubileum`, { waitUntil: 'commit' })
  await expect(field(page, 'ID').locator('input')).toHaveValue('jubileum', { timeout: 120_000 })
  const image = field(page, 'Image')
  const choose = async (file: string) => {
    await image.getByText(/Choose (?:an|different) image/).click()
    await page.locator('input[type="file"]').setInputFiles(file)
    await page.getByRole('button', { name: 'Choose selected' }).click()
  }
  await choose(svgLogo)
  await publish(page)
  await expect(page.getByText(/logo\.svg: the site serves only/)).toBeVisible({ timeout: 20_000 })
  await choose(upload)
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })
  expect(parse(readFileSync(join(contentDir, 'news/jubileum.yaml'), 'utf8')).image.src).toBe('/media/showroom-opening.webp')
  expect(existsSync(join(contentDir, 'media/logo.svg'))).toBe(false)
})

test("editing a Hero's title changes that field alone, in its line of the file, and the public page shows it", async ({
  browser,
  request,
}) => {
  const text = readFileSync(aboutFile, 'utf8')
  const before = parse(text)
  const page = await openPage(browser, 'about')
  const heroTitle = textIn(await openBlock(page, 'Over Autogroep Horizon', 'about-hero'), 'Title', 'Nederlands (nl)')
  await heroTitle.fill('Over de Horizon-familie')
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })

  const after = parse(readFileSync(aboutFile, 'utf8'))
  const expected = unchangedBut(before, after)
  expected.elements[0].title.nl = 'Over de Horizon-familie'
  expect(after).toEqual(expected)
  // The file keeps its comments and style: only the title's line and lastEdited differ.
  const oldLines = text.split('\n')
  const newLines = readFileSync(aboutFile, 'utf8').split('\n')
  const changed = newLines.filter((line) => !oldLines.includes(line))
  expect(changed.filter((line) => !line.startsWith('lastEdited: '))).toHaveLength(1)
  expect(changed.join('\n')).toContain('Over de Horizon-familie')
  expect(oldLines.filter((line) => !newLines.includes(line)).filter((line) => !line.startsWith('lastEdited: '))).toHaveLength(1)
  await expect
    .poll(async () => (await request.get(`${base}/over-ons`)).text(), { timeout: liveWithinMs })
    .toMatch(/<h1[^>]*>Over de Horizon-familie<\/h1>/)
})

test('a save over a newer save by someone else is refused, and the editor is told so', async ({ browser, request }) => {
  const page = await openPage(browser, 'about')
  // Another editor saves the page meanwhile (through the API, as their tab would).
  const token = /<meta name="admin-session" content="([^"]+)">/.exec(await (await request.get(`${base}/admin`)).text())?.[1] ?? ''
  const headers = { 'Content-Type': 'application/json; charset=utf-8', Origin: base, 'X-Admin-Session': token }
  const opened = await (
    await request.post(`${base}/admin/api/v1`, { headers, data: { action: 'getEntry', params: { path: 'content/pages/about.yaml' } } })
  ).json()
  const theirs = readFileSync(aboutFile, 'utf8').replace(/^(sort: )\d+$/m, '$142')
  const saved = await request.post(`${base}/admin/api/v1`, {
    headers,
    data: {
      action: 'persistEntry',
      params: { dataFiles: [{ path: 'content/pages/about.yaml', raw: theirs }], base: { 'content/pages/about.yaml': opened.file.id } },
    },
  })
  expect(saved.status()).toBe(200)
  const written = readFileSync(aboutFile, 'utf8')

  // The title the test before saved, or the file's when this test runs alone.
  const hero = await openBlock(page, /^Over (?:Autogroep Horizon|de Horizon-familie)$/, 'about-hero')
  const heroTitle = textIn(hero, 'Title', 'Nederlands (nl)')
  await heroTitle.fill('Mijn titel')
  await publish(page)
  await expect(page.getByText(/was changed by someone else after you opened it/)).toBeVisible({ timeout: 20_000 })
  expect(readFileSync(aboutFile, 'utf8')).toBe(written)
})

test("rich text written in the admin's Markdown editor (bold, a list, a link) is that HTML on the public page", async ({
  browser,
  request,
}) => {
  const before = parse(readFileSync(aboutFile, 'utf8'))
  const page = await openPage(browser, 'about')
  const block = await openBlock(page, 'In het kort', 'about-facts')
  const left = textIn(block, 'Left', 'Nederlands (nl)')
  const button = (name: string) => field(block, 'Left').getByTitle(name, { exact: true }).first()

  // Replace the Dutch text: select all inside the editor, then write with the toolbar.
  await left.click()
  await left.press('ControlOrMeta+a')
  await left.press('Backspace')
  await expect(left).toHaveText('')
  await left.pressSequentially('Wij zijn een ')
  await button('Bold').click()
  await left.pressSequentially('familiebedrijf')
  await button('Bold').click()
  await left.pressSequentially(' met een ')
  // The link button opens the site's link picker (ADR 109); a typed web address, around the selected text.
  await left.pressSequentially('lange geschiedenis')
  for (let i = 0; i < 'lange geschiedenis'.length; i++) await left.press('Shift+ArrowLeft')
  await button('Link').click()
  const picker = page.getByRole('dialog', { name: 'Link to…' })
  await picker.getByRole('textbox', { name: 'Or a web address' }).fill('https://example.com/geschiedenis')
  await picker.getByRole('button', { name: 'Link', exact: true }).click()
  await expect(picker).toHaveCount(0)
  await left.press('End')
  await left.pressSequentially('.')
  await left.press('Enter')
  await button('Bulleted List').click()
  await left.pressSequentially('Dealers')
  await left.press('Enter')
  await left.pressSequentially('Schadeherstel')
  await publish(page)
  await expect(savedNotice(page)).toBeVisible({ timeout: 20_000 })

  // The file differs only in that text, which is Markdown.
  const after = parse(readFileSync(aboutFile, 'utf8'))
  const markdown: unknown = after.elements[1].left.nl
  expect(markdown).toMatch(/\*\*familiebedrijf\*\*/)
  expect(markdown).toMatch(/\[lange geschiedenis\]\(https:\/\/example\.com\/geschiedenis\)/)
  expect(markdown).toMatch(/^[-*+] Dealers$/m)
  const expected = unchangedBut(before, after)
  expected.elements[1].left.nl = markdown
  expect(after).toEqual(expected)

  await expect
    .poll(async () => (await request.get(`${base}/over-ons`)).text(), { timeout: liveWithinMs })
    .toContain('<strong>familiebedrijf</strong>')
  const html = await (await request.get(`${base}/over-ons`)).text()
  expect(html).toMatch(
    /Wij zijn een <strong>familiebedrijf<\/strong> met een <a href="https:\/\/example\.com\/geschiedenis"[^>]*>lange geschiedenis<\/a>\./,
  )
  expect(html).toMatch(/<ul>\s*<li>Dealers<\/li>\s*<li>Schadeherstel<\/li>\s*<\/ul>/)
})

test("the save API refuses what the server's validation refuses, and writes nothing", async ({ request }) => {
  const before = readFileSync(aboutFile, 'utf8')
  // The bodies start from the repository's file: the admin tests before this one saved the copy
  // in Decap's own YAML style, which the text replacements below would not find.
  const original = readFileSync('content/pages/about.yaml', 'utf8')
  // As the admin's tab sends them: its Origin, the session token of its page, the version it opened.
  const token = /<meta name="admin-session" content="([^"]+)">/.exec(await (await request.get(`${base}/admin`)).text())?.[1] ?? ''
  const headers = { 'Content-Type': 'application/json; charset=utf-8', Origin: base, 'X-Admin-Session': token }
  const opened = await (
    await request.post(`${base}/admin/api/v1`, { headers, data: { action: 'getEntry', params: { path: 'content/pages/about.yaml' } } })
  ).json()
  const call = (raw: string) =>
    request.post(`${base}/admin/api/v1`, {
      headers,
      data: {
        action: 'persistEntry',
        params: {
          dataFiles: [{ path: 'content/pages/about.yaml', slug: 'about', raw }],
          assets: [],
          base: { 'content/pages/about.yaml': opened.file.id },
        },
      },
    })
  const duplicate = await call(original.replace('urlSegment: { nl: over-ons,', 'urlSegment: { nl: contact,'))
  expect(duplicate.status()).toBe(422)
  // Named as the form names the field (ADR 095), the field's path beside it.
  const duplicateAnswer = await duplicate.json()
  expect(duplicateAnswer.error).toMatch(/^Not saved: (?:Contact — )?URL segment \(nl\): the link \/contact is also the link of /)
  expect(duplicateAnswer.problems[0]).toMatchObject({
    file: expect.stringMatching(/^content\/pages\/(?:about|contact)\.yaml$/),
    path: ['urlSegment', 'nl'],
  })
  const noDutchTitle = await call(original.replace('title: { nl: Over ons, ', 'title: { '))
  expect(noDutchTitle.status()).toBe(422)
  expect((await noDutchTitle.json()).error).toMatch(/^Not saved: Title \(nl\): /)
  const svg = await request.post(`${base}/admin/api/v1`, {
    headers,
    data: {
      action: 'persistMedia',
      params: { asset: { path: 'content/media/logo.svg', content: 'PHN2Zz48L3N2Zz4=', encoding: 'base64' } },
    },
  })
  expect(svg.status()).toBe(422)
  expect((await svg.json()).error).toMatch(/^logo\.svg: the site serves only /)
  expect(readFileSync(aboutFile, 'utf8')).toBe(before)
  expect((await request.get(`${base}/over-ons`)).status()).toBe(200)
})
