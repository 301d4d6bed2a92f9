import type { ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { solvedCaptcha, submissionFields, submitContact } from '../../scripts/lib/contact-client.mjs'
import { expect, test } from './fixtures'
import { startServer, stopServer } from './server-process'

/**
 * What the privacy page promises, on a running server (docs/decisions/036): nothing a visitor
 * typed reaches a log line, whichever way the form is sent or refused; a submission past the
 * retention period is deleted by the server itself, logged with counts and counted in /metrics.
 */

const port = Number(process.env.E2E_PORT ?? 3210) + 145
const base = `http://127.0.0.1:${port}`
const token = 'privacy-e2e-metrics-token-01'
const dataDir = mkdtempSync(join(tmpdir(), 'site-privacy-'))
const env = {
  DATA_DIR: dataDir,
  METRICS_TOKEN: token,
  // Every line the server can write, and a mail server that is down: the outbox's retries log too.
  LOG_LEVEL: 'trace',
  SMTP_URL: 'smtp://127.0.0.1:9',
}

test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let output = ''

test.beforeAll(async () => {
  server = await startServer(port, env, { onOutput: (text) => (output += text) })
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

/** What the visitor types: distinctive, so any trace of it in the log is found. */
const visitor = {
  firstName: 'Wilhelmina',
  surName: 'Quispel-Ødegaard',
  email: 'w.quispel.privacy@example.org',
  phone: '+31 6 9876 5432',
  message: 'Mijn kenteken is XK-123-Q en ik wil een proefrit.',
}

/** Any piece of it, as typed or as a log might write it (JSON escapes, digits without spaces). */
const traces = [
  visitor.firstName,
  visitor.surName,
  'Quispel',
  'Ødegaard',
  JSON.stringify(visitor.surName).slice(1, -1),
  visitor.email,
  'w.quispel.privacy',
  visitor.phone,
  '9876 5432',
  '98765432',
  'XK-123-Q',
  'proefrit',
]

function logLines(): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): Record<string, unknown> => JSON.parse(line))
}

test('no log line holds what a visitor typed, stored, refused or sent again', async ({ browser }) => {
  // With JavaScript: the server function, all fields.
  const fields = { ...submissionFields(1, await solvedCaptcha(base)), ...visitor, subject: 'sales', location: 'utrecht-dealer' }
  expect((await submitContact(base, fields, { 'X-Request-Id': 'privacy-stored' })).thanked).toBe(true)
  // The same key with another text: stored under a derived key (a line of its own in the log).
  const edited = { ...fields, message: `${visitor.message} Graag op zaterdag.`, captcha: await solvedCaptcha(base) }
  expect((await submitContact(base, edited)).thanked).toBe(true)
  // Refused for a field: the refusal is logged with the field's name and error code only.
  const refused = await submitContact(base, { ...fields, phone: `${visitor.phone} ext <b>`, idempotencyKey: crypto.randomUUID() })
  expect(refused.status).toBe(400)

  // Without JavaScript: the browser posts the form itself (a solved captcha added, as the widget would).
  const context = await browser.newContext({ baseURL: base, javaScriptEnabled: false, locale: 'nl-NL' })
  try {
    await context.addCookies([{ name: 'consent', value: 'denied', url: base }])
    const captcha = await solvedCaptcha(base)
    await context.route(
      (url) => url.origin === base,
      (route) =>
        route.request().method() === 'POST'
          ? route.continue({ postData: `${route.request().postData() ?? ''}&altcha=${encodeURIComponent(captcha)}` })
          : route.fallback(),
    )
    const page = await context.newPage()
    await page.goto('/contact')
    await page.getByLabel('Voornaam', { exact: true }).fill(visitor.firstName)
    await page.getByLabel('Achternaam', { exact: true }).fill(visitor.surName)
    await page.getByLabel('E-mailadres', { exact: true }).fill(visitor.email)
    await page.getByLabel('Telefoonnummer (optioneel)', { exact: true }).fill(visitor.phone)
    await page.getByLabel('Uw bericht', { exact: true }).fill(`${visitor.message} Zonder JavaScript.`)
    const answer = page.waitForResponse((response) => response.request().method() === 'POST')
    await page.getByRole('button', { name: 'Versturen' }).click()
    expect((await answer).status()).toBe(303)
  } finally {
    await context.close()
  }

  // Stored, all three, and the outbox has tried to mail them (the mail server is down).
  const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { readOnly: true })
  try {
    expect(db.prepare('SELECT COUNT(*) AS n FROM submissions WHERE email = ?').get(visitor.email)).toEqual({ n: 3 })
  } finally {
    db.close()
  }
  await expect.poll(() => output, { timeout: 15_000 }).toMatch(/\[outbox\] submission \d+ not mailed/)
  await expect.poll(() => logLines().some((line) => line.msg === '[contact] submission refused: invalid')).toBe(true)
  // The scan reads the lines about these requests (the access log's among them).
  expect(logLines().some((line) => line.reqId === 'privacy-stored')).toBe(true)
  for (const trace of traces) expect(output, `the log holds "${trace}"`).not.toContain(trace)
})

test('a submission past the retention period is deleted at start-up, logged with counts and counted', async () => {
  // The server stopped (gracefully: its workers close the database), a submission of 400 days
  // ago put in, its notification dead; started again.
  const running = server
  server = undefined
  if (running && running.exitCode === null) {
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await exited
  }
  const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { timeout: 5_000 })
  try {
    const created = new Date(Date.now() - 400 * 24 * 60 * 60_000).toISOString()
    const { id } = db
      .prepare(
        "INSERT INTO submissions (idempotency_key, created_at, locale, first_name, sur_name, email, message, phone) VALUES ('old-one', ?, 'nl_NL', ?, ?, ?, 'Oud bericht.', ?) RETURNING id",
      )
      .get(created, visitor.firstName, visitor.surName, visitor.email, visitor.phone) ?? { id: 0 }
    db.prepare("INSERT INTO outbox (submission_id, next_attempt_at, attempts, dead_at) VALUES (?, 0, 100, '2025-10-24T00:00:00.000Z')").run(
      Number(id),
    )
  } finally {
    db.close()
  }
  server = await startServer(port, env, { onOutput: (text) => (output += text) })

  await expect
    .poll(() => logLines().find((line) => line.msg === '[retention] deleted 1 submission(s) older than 365 days'), { timeout: 15_000 })
    .toMatchObject({ level: 'info', submissions: 1, outbox: 0, deadLetters: 1, retentionDays: 365 })
  const check = new DatabaseSync(join(dataDir, 'site.sqlite'), { readOnly: true })
  try {
    expect(check.prepare("SELECT COUNT(*) AS n FROM submissions WHERE idempotency_key = 'old-one'").get()).toEqual({ n: 0 })
    // The recent ones stay.
    expect(check.prepare('SELECT COUNT(*) AS n FROM submissions WHERE email = ?').get(visitor.email)).toEqual({ n: 3 })
  } finally {
    check.close()
  }
  const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } })).text()
  expect(metrics).toMatch(/^site_retention_deleted_total\{kind="submission",worker="1"\} 1$/m)
  expect(metrics).toMatch(/^site_retention_deleted_total\{kind="dead_letter",worker="1"\} 1$/m)
  expect(metrics).toMatch(/^site_retention_runs_total\{outcome="done",worker="1"\} 1$/m)
  for (const trace of traces) expect(output, `the log holds "${trace}"`).not.toContain(trace)
})
