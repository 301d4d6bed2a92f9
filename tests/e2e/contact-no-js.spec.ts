import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { solvedCaptcha } from '../../scripts/lib/contact-client.mjs'
import { expect, expectNoA11yViolations, openPage, test } from './fixtures'

/**
 * The contact form without JavaScript (not loaded yet, or failed): the browser posts the form to
 * its page and the server answers it (app/server/contact/form-post.server.ts). Nothing typed is
 * lost; a post with a solved captcha is stored once and redirected (303) to the thank-you.
 */

interface StoredRow {
  n: number
  idempotency_key: string | null
  phone: string | null
  subject: string | null
  location_id: string | null
  location_name: string | null
  message: string | null
}

function stored(email: string): StoredRow {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'site.sqlite')
  if (!existsSync(file))
    return { n: 0, idempotency_key: null, phone: null, subject: null, location_id: null, location_name: null, message: null }
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const row = db
      .prepare(
        'SELECT COUNT(*) AS n, MAX(idempotency_key) AS idempotency_key, MAX(phone) AS phone, MAX(subject) AS subject, MAX(location_id) AS location_id, MAX(location_name) AS location_name, MAX(message) AS message FROM submissions WHERE email = ?',
      )
      .get(email)
    const text = (value: unknown) => (typeof value === 'string' ? value : null)
    return {
      n: Number(row?.n ?? 0),
      idempotency_key: text(row?.idempotency_key),
      phone: text(row?.phone),
      subject: text(row?.subject),
      location_id: text(row?.location_id),
      location_name: text(row?.location_name),
      message: text(row?.message),
    }
  } finally {
    db.close()
  }
}

let visitors = 0
/** Each test is its own visitor: its own address for the rate limit (the server trusts one proxy hop). */
function visitorAddress(): string {
  visitors += 1
  return `198.18.${process.pid % 250}.${visitors}`
}

/** A browser with JavaScript off, or with the site's scripts failing to load (`scriptsFail`: JavaScript itself runs, so axe can). */
async function visitorWithoutScripts(browser: Browser, baseURL: string | undefined, how: 'disabled' | 'scriptsFail') {
  const context = await browser.newContext({
    baseURL,
    locale: 'nl-NL',
    javaScriptEnabled: how === 'scriptsFail',
    extraHTTPHeaders: { 'X-Forwarded-For': visitorAddress() },
  })
  await context.addCookies([{ name: 'consent', value: 'denied', url: baseURL ?? '' }])
  if (how === 'scriptsFail') await context.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort())
  return context
}

const labels = {
  en: { first: 'First name', sur: 'Last name', email: 'Email address', phone: 'Phone number (optional)', subject: 'Subject (optional)' },
  de: { first: 'Vorname', sur: 'Nachname', email: 'E-Mail-Adresse', phone: 'Telefonnummer (optional)', subject: 'Betreff (optional)' },
  nl: { first: 'Voornaam', sur: 'Achternaam', email: 'E-mailadres', phone: 'Telefoonnummer (optioneel)', subject: 'Onderwerp (optioneel)' },
} as const
const message = { en: 'Your message', de: 'Ihre Nachricht', nl: 'Uw bericht' } as const
const send = { en: 'Send', de: 'Senden', nl: 'Versturen' } as const
const location = {
  en: 'Preferred location (optional)',
  de: 'Bevorzugter Standort (optional)',
  nl: 'Voorkeursvestiging (optioneel)',
} as const

async function fillAll(page: Page, locale: keyof typeof labels, email: string) {
  const l = labels[locale]
  await page.getByLabel(l.first, { exact: true }).fill('Zoë')
  await page.getByLabel(l.sur, { exact: true }).fill('Łukasz-Søren')
  await page.getByLabel(l.email, { exact: true }).fill(email)
  await page.getByLabel(l.phone, { exact: true }).fill('+31 6 1234 5678')
  await page.getByLabel(l.subject, { exact: true }).selectOption('damage')
  await page.getByLabel(location[locale], { exact: true }).selectOption('utrecht-dealer')
  await page.getByLabel(message[locale], { exact: true }).fill('Schade aan de voorbumper.\nWanneer kan ik langskomen? </script><b>x</b>')
}

/**
 * Adds a solved captcha to the context's form posts, as the widget would have (it needs
 * JavaScript). Returns the last body posted, captcha included.
 */
async function solveCaptchaFor(context: BrowserContext, baseURL: string): Promise<() => string> {
  const token = await solvedCaptcha(baseURL)
  let posted = ''
  await context.route(
    (url) => url.origin === new URL(baseURL).origin,
    (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      posted = `${route.request().postData() ?? ''}&altcha=${encodeURIComponent(token)}`
      return route.continue({ postData: posted })
    },
  )
  return () => posted
}

const postAnswer = (page: Page) => page.waitForResponse((response) => response.request().method() === 'POST')

test.describe('contact form without JavaScript', () => {
  test('what was typed comes back with the post, and the page says what is still needed', async ({ browser, baseURL }) => {
    const context = await visitorWithoutScripts(browser, baseURL, 'disabled')
    const page = await context.newPage()
    await page.goto('/en/contact')
    // The shared page carries no key (it is the same for every visitor).
    await expect(page.locator('input[name="idempotencyKey"]')).toHaveValue('')
    const email = `nojs-kept-${Date.now()}@example.com`
    await fillAll(page, 'en', email)
    const answer = postAnswer(page)
    await page.getByRole('button', { name: send.en }).click()
    expect((await answer).status()).toBe(403)
    // Back at the form, not the top of the page.
    expect(new URL(page.url()).hash).toBe('#contact-form-form')
    await expect(page.getByRole('alert')).toHaveText(
      'Your message has not been sent yet: the security check had not finished. Everything you entered is still here. This check only works with JavaScript. Turn on JavaScript and send the form again, or call or email us.',
    )
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Zoë')
    await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Łukasz-Søren')
    await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email)
    await expect(page.getByLabel('Phone number (optional)', { exact: true })).toHaveValue('+31 6 1234 5678')
    await expect(page.getByLabel('Subject (optional)', { exact: true })).toHaveValue('damage')
    await expect(page.getByLabel(location.en, { exact: true })).toHaveValue('utrecht-dealer')
    // Line breaks and markup come back as typed (text, never markup).
    await expect(page.getByLabel('Your message', { exact: true })).toHaveValue(
      'Schade aan de voorbumper.\nWanneer kan ik langskomen? </script><b>x</b>',
    )
    await expect(page.locator('b', { hasText: /^x$/ })).toHaveCount(0)
    await expect(page.locator('.form-field__error')).toHaveCount(0)
    // The next try of this fill carries a key of its own.
    await expect(page.locator('input[name="idempotencyKey"]')).toHaveValue(/^[0-9a-f-]{36}$/)
    // (Inside <noscript>, which text locators skip.)
    await expect(page.locator('.contact-form__noscript')).toHaveText('Turn on JavaScript to send this form, or call or email us.')
    await expect(page.locator('.contact-form__noscript')).toBeVisible()
    expect(stored(email).n).toBe(0)
    await context.close()
  })

  test('errors are shown per field in the page’s language, with every value kept', async ({ browser, baseURL }) => {
    const context = await visitorWithoutScripts(browser, baseURL, 'disabled')
    const page = await context.newPage()
    await page.goto('/de/kontakt')
    await page.getByLabel('Vorname', { exact: true }).fill('Zoë')
    await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('zoe@example')
    await page.getByLabel('Telefonnummer (optional)', { exact: true }).fill('bitte anrufen')
    const answer = postAnswer(page)
    await page.getByRole('button', { name: send.de }).click()
    expect((await answer).status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText(
      'Ihre Nachricht wurde noch nicht gesendet. Korrigieren Sie die markierten Felder und senden Sie das Formular erneut.',
    )
    const errorOf = (label: string) =>
      page.locator('.form-field', { has: page.getByLabel(label, { exact: true }) }).locator('.form-field__error')
    await expect(errorOf('Vorname')).toHaveCount(0)
    await expect(errorOf('Nachname')).toHaveText('Dieses Feld ist erforderlich.')
    await expect(errorOf('E-Mail-Adresse')).toHaveText('Geben Sie eine gültige E-Mail-Adresse ein, zum Beispiel name@beispiel.de.')
    await expect(errorOf('Telefonnummer (optional)')).toHaveText('Geben Sie eine gültige Telefonnummer ein, zum Beispiel +31 30 123 45 67.')
    await expect(errorOf('Ihre Nachricht')).toHaveText('Dieses Feld ist erforderlich.')
    await expect(page.locator('.form-field__error')).toHaveCount(4)
    await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toHaveAttribute('aria-describedby', 'contact-form-email-error')
    await expect(page.getByLabel('Vorname', { exact: true })).toHaveValue('Zoë')
    await expect(page.getByLabel('Telefonnummer (optional)', { exact: true })).toHaveValue('bitte anrufen')
    await context.close()
  })

  test('with a solved captcha the post is stored once, even sent again, and redirected (303) to the thank-you', async ({
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? ''
    const context = await visitorWithoutScripts(browser, base, 'disabled')
    const page = await context.newPage()
    await page.goto('/contact')
    const email = `nojs-sent-${Date.now()}@example.com`
    await fillAll(page, 'nl', email)
    const postedBody = await solveCaptchaFor(context, base)
    const answer = postAnswer(page)
    await page.getByRole('button', { name: send.nl }).click()
    const redirect = await answer
    expect(redirect.status()).toBe(303)
    // A random reference only: no name, nothing to decode (it was base64 JSON with the first name).
    expect(redirect.headers().location).toMatch(/^\/contact\?sent=[\w-]{22}#contact-form-thanks$/)
    const reference = new URL(redirect.headers().location ?? '', base).searchParams.get('sent') ?? ''
    // 128 random bits, none of the post in it (a check for `{` or `"` in random bytes failed one run in eight).
    expect(Buffer.from(reference, 'base64url')).toHaveLength(16)
    expect(Buffer.from(reference, 'base64url').toString('utf8')).not.toContain('Zoë')
    await expect(page).toHaveURL(/\/contact\?sent=.+#contact-form-thanks$/)
    const thanks = page.getByRole('main').getByRole('status')
    await expect(thanks).toContainText('Beste Zoë,')
    await expect(thanks).toContainText('Autogroep Horizon')
    await expect(page.locator('form.contact-form')).toHaveCount(0)
    expect(stored(email)).toMatchObject({
      n: 1,
      phone: '+31 6 1234 5678',
      subject: 'damage',
      location_id: 'utrecht-dealer',
      location_name: 'Horizon Utrecht',
      message: 'Schade aan de voorbumper.\nWanneer kan ik langskomen? </script><b>x</b>',
    })

    // The thank-you is this visitor's: never cached, and shown again on a reload.
    const reload = await page.reload()
    expect(reload?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('main').getByRole('status')).toContainText('Beste Zoë,')

    // The same post again (the browser's resubmit, a double click that got through): stored once.
    const again = await page.request.post('/contact', {
      data: postedBody(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin },
      maxRedirects: 0,
    })
    expect(again.status()).toBe(303)
    expect(stored(email).n).toBe(1)

    // The key that post was stored under, handed out again (as a refused post's page does, when
    // the refusal came after the store), with an edited text: the edit is stored too, once.
    const firstKey = stored(email).idempotency_key ?? ''
    const edited = new URLSearchParams(postedBody())
    edited.set('idempotencyKey', firstKey)
    edited.set('message', 'Toch liever een proefrit.')
    for (let send = 0; send < 2; send++) {
      const answer = await page.request.post('/contact', {
        data: edited.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(base).origin },
        maxRedirects: 0,
      })
      expect(answer.status(), `send ${send}`).toBe(303)
    }
    expect(stored(email)).toMatchObject({ n: 2, message: 'Toch liever een proefrit.' })

    // A made-up or altered thank-you link is just the page with its form.
    await page.goto(`/contact?sent=${new URL(page.url()).searchParams.get('sent')?.replace(/.$/, '0')}`)
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0)
    await expect(page.locator('form.contact-form')).toHaveCount(1)

    // Operators see the new fields in `npm run submissions` and its CSV.
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, ['--no-warnings', 'scripts/submissions.mjs', ...args], {
        env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
        maxBuffer: 64 * 1024 * 1024,
      })
    expect((await run([])).stdout).toContain(
      `<${email}>  (no mail)\n    phone: +31 6 1234 5678  subject: damage  location: Horizon Utrecht (utrecht-dealer)\n`,
    )
    const csv = (await run(['--csv'])).stdout
    expect(csv.split('\r\n')[0]).toBe(
      '"id","created_at","locale","first_name","sur_name","email","phone","subject","location_id","location_name","message","mail"',
    )
    expect(csv).toContain(`,"${email}","'+31 6 1234 5678","damage","utrecht-dealer","Horizon Utrecht","Schade aan de voorbumper.`)
    await context.close()
  })

  test('a cross-site post is refused before anything is checked or stored', async ({ request, baseURL }) => {
    const email = `nojs-csrf-${Date.now()}@example.com`
    const response = await request.post('/contact', {
      form: {
        contactForm: 'contact-form',
        firstName: 'Zoë',
        surName: 'de Vries',
        email,
        message: 'Hallo',
        altcha: await solvedCaptcha(baseURL ?? ''),
      },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'x-forwarded-for': visitorAddress() },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect(stored(email).n).toBe(0)
  })
})

test.describe('preferred location from the link (?location=)', () => {
  test('preselects a known location with and without JavaScript; an unknown one preselects nothing', async ({ page, browser, baseURL }) => {
    await openPage(page, '/en/contact?location=utrecht-dealer')
    await expect(page.getByLabel(location.en, { exact: true })).toHaveValue('utrecht-dealer')
    await openPage(page, '/en/contact?location=no-such-location')
    await expect(page.getByLabel(location.en, { exact: true })).toHaveValue('')
    await openPage(page, '/en/contact?location=%3Cscript%3E')
    await expect(page.getByLabel(location.en, { exact: true })).toHaveValue('')

    const context = await visitorWithoutScripts(browser, baseURL, 'disabled')
    const plain = await context.newPage()
    await plain.goto('/contact?location=amsterdam-dealer')
    await expect(plain.getByLabel(location.nl, { exact: true })).toHaveValue('amsterdam-dealer')
    // Grouped by country, in the page's language.
    await expect(plain.getByLabel(location.nl, { exact: true }).locator('optgroup').first()).toHaveAttribute('label', 'Nederland')
    await context.close()
  })
})

test('typed before the JavaScript ran: the post keeps it, and the hydrated form sends it once', async ({ page, consoleGuard, baseURL }) => {
  // The site's scripts fail to load for the first page only (a slow or broken network).
  consoleGuard.allow(/ERR_FAILED|Failed to fetch dynamically imported module|error loading dynamically imported module|status of 403/)
  await page.context().addCookies([{ name: 'consent', value: 'denied', url: baseURL ?? '' }])
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress() })
  const scripts = /\/assets\/.*\.js(\?.*)?$/
  await page.route(scripts, (route) => route.abort())
  await page.goto('/en/contact')
  const email = `early-${Date.now()}@example.com`
  await fillAll(page, 'en', email)
  await page.unroute(scripts)
  const answer = postAnswer(page)
  await page.getByRole('button', { name: send.en }).click()
  expect((await answer).status()).toBe(403)
  // The answer's page loads its scripts and takes the posted values over (no hydration mismatch: the console guard).
  // Waited for as long as the captcha below: a page load and hydration took over the default 5 s under load.
  await expect(page.locator('form.contact-form')).toHaveAttribute('data-hydrated', 'true', { timeout: 20_000 })
  await expect(page.getByRole('alert')).toHaveText(
    'Your message has not been sent yet: the security check had not finished. Everything you entered is still here. Send the form again as soon as the check below has finished.',
  )
  await expect(page.getByLabel('Email address', { exact: true })).toHaveValue(email)
  const key = await page.locator('input[name="idempotencyKey"]').inputValue()
  await page.locator('altcha-widget [data-state="verified"]').waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: send.en }).click()
  // The server function checks the captcha and stores the message: its own bound, not the default 5 s.
  await expect(page.locator('.contact-form__thanks')).toContainText('Dear Zoë,', { timeout: 20_000 })
  expect(stored(email)).toMatchObject({ n: 1, idempotency_key: key, subject: 'damage', location_id: 'utrecht-dealer' })
})

test('the states a post without scripts leads to have no WCAG 2.2 AA violations', async ({ browser, baseURL }) => {
  const base = baseURL ?? ''
  const context = await visitorWithoutScripts(browser, base, 'scriptsFail')
  const page = await context.newPage()
  await page.goto('/fr/contact')
  await page.getByLabel('Prénom', { exact: true }).fill('Zoë')
  await page.getByLabel('Numéro de téléphone (facultatif)', { exact: true }).fill('abc')
  const answer = postAnswer(page)
  await page.getByRole('button', { name: 'Envoyer' }).click()
  expect((await answer).status()).toBe(400)
  await expect(page.locator('.form-field__error')).toHaveCount(4)
  await expectNoA11yViolations(page)

  await page.getByLabel('Nom', { exact: true }).fill('de Vries')
  await page.getByLabel('Adresse e-mail', { exact: true }).fill(`nojs-a11y-${Date.now()}@example.com`)
  await page.getByLabel('Numéro de téléphone (facultatif)', { exact: true }).fill('')
  await page.getByLabel('Votre message', { exact: true }).fill('Bonjour')
  await solveCaptchaFor(context, base)
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(page.getByRole('main').getByRole('status')).toContainText('Zoë')
  await expectNoA11yViolations(page)
  await context.close()
})

test('the thank-you link hydrates as it was rendered, and stays on its URL', async ({ page, baseURL }) => {
  const base = baseURL ?? ''
  const address = visitorAddress()
  const sent = await page.request.post('/da/kontakt', {
    form: {
      contactForm: 'contact-form',
      firstName: 'Søren',
      surName: 'Kierkegaard',
      email: `thanks-js-${Date.now()}@example.com`,
      message: 'Hej',
      altcha: await solvedCaptcha(base),
    },
    headers: { origin: new URL(base).origin, 'x-forwarded-for': address },
    maxRedirects: 0,
  })
  expect(sent.status()).toBe(303)
  const link = sent.headers().location ?? ''
  // The console guard fails the test on any hydration warning.
  await openPage(page, link)
  await expect(page.getByRole('main').getByRole('status')).toContainText('Søren')
  await expect(page.locator('form.contact-form')).toHaveCount(0)
  expect(new URL(page.url()).search).toBe(new URL(link, base).search)
})
