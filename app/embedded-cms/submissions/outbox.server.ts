import type { Transporter } from 'nodemailer'
import { getRuntimeConfig } from '../../server/platform/env.server'
import { databaseWith } from '../../server/platform/db.server'
import { logger } from '../../server/platform/logger.server'
import { retryingLoad } from '../../server/platform/retrying-load'
import { submissionSchema } from './submissions.server'

/**
 * Mails stored contact submissions through SMTP. Submissions are stored first
 * and queued in the outbox table; a failed send is retried with exponential
 * backoff (5 s, 10 s, 20 s … up to 15 min), so a down mail server loses nothing.
 * After `maxAttempts` (about a day of retries) a message is set aside as dead:
 * `npm run submissions` lists it with its last error.
 *
 * Several workers and instances run this loop. Each claims its batch first
 * (claimed_until; on PostgreSQL `FOR UPDATE SKIP LOCKED`), so no message is
 * sent by two of them; a claim that outlives its sender (a crash) expires.
 */
export const outboxBackoff = { firstMs: 5_000, maxMs: 15 * 60_000, maxAttempts: 100, claimMs: 5 * 60_000 }

function backoffMs(attempts: number): number {
  return Math.min(outboxBackoff.firstMs * 2 ** Math.max(0, attempts - 1), outboxBackoff.maxMs)
}

// Loaded with the first mail: a site without SMTP_URL never carries nodemailer in memory.
// A failed load is tried again with the next mail.
const transporter = retryingLoad(async (): Promise<Transporter> => {
  const { createTransport } = await import('nodemailer')
  // Bounded waits: a tarpitting mail server must not hold a batch past its claim.
  return createTransport({ url: getRuntimeConfig().SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
})

interface DueMessage {
  submissionId: number
  attempts: number
  firstName: string
  surName: string
  email: string
  message: string
  locale: string
  createdAt: string
  phone: string | null
  locationId: string | null
  locationName: string | null
  subject: string | null
}

/** The subject as the staff reading the mail call it (the mail is in the group's language, Dutch). */
const subjectNames: Record<string, string> = { sales: 'Verkoop', service: 'Service en onderhoud', damage: 'Schade', other: 'Anders' }

/** The notification mail: who wrote, how to reach them, what about, where they prefer, then the message. */
export function notificationMail(item: Omit<DueMessage, 'submissionId' | 'attempts'>): { subject: string; text: string } {
  const topic = item.subject ? (subjectNames[item.subject] ?? item.subject) : undefined
  const details = [
    item.phone ? `Telefoon: ${item.phone}` : '',
    topic ? `Onderwerp: ${topic}` : '',
    item.locationId ? `Vestiging: ${item.locationName ? `${item.locationName} (${item.locationId})` : item.locationId}` : '',
  ].filter(Boolean)
  return {
    subject: `Contactformulier${topic ? ` (${topic})` : ''}: ${item.firstName} ${item.surName}`,
    text: `${item.firstName} ${item.surName} <${item.email}> (${item.locale}, ${item.createdAt}):\n${details.length ? `${details.join('\n')}\n` : ''}\n${item.message}\n`,
  }
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** Claims up to 20 due messages for this worker, until `claim` (a time in ms). */
async function claimDueMessages(now: number, claim: number): Promise<DueMessage[]> {
  const sql = await databaseWith(submissionSchema)
  return sql.transaction(async (tx) => {
    // PostgreSQL: rows another instance is claiming right now are skipped, not waited for.
    // SQLite: the transaction holds the database's write lock already.
    const lock = tx.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : ''
    const claimed = await tx.query(
      `UPDATE outbox SET claimed_until = $1 WHERE submission_id IN (
         SELECT submission_id FROM outbox
         WHERE sent_at IS NULL AND dead_at IS NULL AND next_attempt_at <= $2 AND claimed_until <= $2
         ORDER BY submission_id LIMIT 20 ${lock})
       RETURNING submission_id`,
      [claim, now],
    )
    if (claimed.length === 0) return []
    const ids = claimed.map((row) => Number(row.submission_id))
    const rows = await tx.query(
      `SELECT o.submission_id, o.attempts, s.first_name, s.sur_name, s.email, s.message, s.locale, s.created_at,
         s.phone, s.location_id, s.location_name, s.subject
       FROM outbox o JOIN submissions s ON s.id = o.submission_id
       WHERE o.submission_id IN (${ids.map((_, index) => `$${index + 1}`).join(', ')}) ORDER BY o.submission_id`,
      ids,
    )
    return rows.map((row) => ({
      submissionId: Number(row.submission_id),
      attempts: Number(row.attempts),
      firstName: String(row.first_name),
      surName: String(row.sur_name),
      email: String(row.email),
      message: String(row.message),
      locale: String(row.locale),
      createdAt: String(row.created_at),
      phone: optionalText(row.phone),
      locationId: optionalText(row.location_id),
      locationName: optionalText(row.location_name),
      subject: optionalText(row.subject),
    }))
  })
}

/** Set by a graceful stop: the mail being sent finishes, the rest of the batch is released. */
let stopping = false

/** Sends what is due; returns how many were sent. Throws only when the database fails. */
export async function processOutbox(now: number = Date.now()): Promise<number> {
  const { SMTP_URL, CONTACT_NOTIFY_TO, MAIL_FROM } = getRuntimeConfig()
  if (!SMTP_URL) return 0
  let sent = 0
  const sql = await databaseWith(submissionSchema)
  const claim = now + outboxBackoff.claimMs
  const items = await claimDueMessages(now, claim)
  // Real time, whatever `now` says: sending stops well before the claim could expire and let
  // another worker claim (and send) the same messages.
  const sendUntil = Date.now() + outboxBackoff.claimMs / 2
  let next = 0
  for (; next < items.length && !stopping && Date.now() < sendUntil; next++) {
    const item = items[next]
    if (!item) break
    let failure: { message: string } | undefined
    try {
      await (await transporter.get()).sendMail({ from: MAIL_FROM, to: CONTACT_NOTIFY_TO, replyTo: item.email, ...notificationMail(item) })
    } catch (error) {
      failure = { message: error instanceof Error ? error.message : String(error) }
    }
    // Only the send decides sent or failed (a failed write after a sent mail must not resend it),
    // and only a row this run still holds is written (AND claimed_until = its claim).
    if (!failure) {
      await sql.query(
        'UPDATE outbox SET sent_at = $1, attempts = attempts + 1, last_error = NULL, claimed_until = 0 WHERE submission_id = $2 AND claimed_until = $3',
        [new Date(now).toISOString(), item.submissionId, claim],
      )
      sent += 1
      continue
    }
    const attempts = item.attempts + 1
    const dead = attempts >= outboxBackoff.maxAttempts
    await sql.query(
      'UPDATE outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, claimed_until = 0, dead_at = $4 WHERE submission_id = $5 AND claimed_until = $6',
      [attempts, now + backoffMs(attempts), failure.message, dead ? new Date(now).toISOString() : null, item.submissionId, claim],
    )
    if (dead)
      logger.error(`[outbox] submission ${item.submissionId} not mailed after ${attempts} attempts: set aside (npm run submissions)`)
    else logger.warn(`[outbox] submission ${item.submissionId} not mailed (attempt ${attempts}), retrying later`)
  }
  // What this run did not get to goes back to the queue at once, for the next run or worker.
  for (const item of items.slice(next)) {
    await sql.query('UPDATE outbox SET claimed_until = 0 WHERE submission_id = $1 AND claimed_until = $2', [item.submissionId, claim])
  }
  return sent
}

/** Notifications waiting to be mailed, and those set aside as dead (the /metrics gauges). */
export async function outboxCounts(): Promise<{ backlog: number; dead: number }> {
  const sql = await databaseWith(submissionSchema)
  const [row] = await sql.query(
    'SELECT COUNT(*) FILTER (WHERE sent_at IS NULL AND dead_at IS NULL) AS backlog, COUNT(*) FILTER (WHERE dead_at IS NOT NULL) AS dead FROM outbox',
  )
  return { backlog: Number(row?.backlog ?? 0), dead: Number(row?.dead ?? 0) }
}

let timer: NodeJS.Timeout | undefined
let currentRun: Promise<unknown> | undefined

/** Starts the outbox worker (once per process); it does nothing without SMTP_URL. */
export function startOutboxWorker(intervalMs = 2_000): void {
  if (timer || !getRuntimeConfig().SMTP_URL) return
  stopping = false
  timer = setInterval(() => {
    if (currentRun) return
    currentRun = processOutbox()
      .catch((error: unknown) => logger.error({ err: error }, '[outbox] run failed'))
      .finally(() => {
        currentRun = undefined
      })
  }, intervalMs)
  timer.unref()
}

/** Stops the worker and waits for a mail being sent right now (graceful shutdown); unsent mail waits in the outbox. */
export async function stopOutboxWorker(): Promise<void> {
  stopping = true
  clearInterval(timer)
  timer = undefined
  await currentRun
}
