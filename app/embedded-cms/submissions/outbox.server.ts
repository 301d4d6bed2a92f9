import { createTransport, type Transporter } from 'nodemailer'
import { getRuntimeConfig } from '../../server/env.server'
import { databaseWith } from '../../server/db.server'
import { submissionTables } from './submissions.server'
import { logger } from '../../server/logger.server'

/**
 * Mails stored contact submissions through SMTP. Submissions are stored first
 * and queued in the outbox table; a failed send is retried with exponential
 * backoff (5 s, 10 s, 20 s … up to 15 min), so a down mail server loses nothing.
 */
export const outboxBackoff = { firstMs: 5_000, maxMs: 15 * 60_000 }

function backoffMs(attempts: number): number {
  return Math.min(outboxBackoff.firstMs * 2 ** Math.max(0, attempts - 1), outboxBackoff.maxMs)
}

let transporter: Transporter | undefined

function transport(url: string): Transporter {
  transporter ??= createTransport(url)
  return transporter
}

interface DueMessage {
  submissionId: number
  attempts: number
  firstName: string
  surName: string
  email: string
  message: string
  locale: string
  createdAt: string
}

function dueMessages(now: number): DueMessage[] {
  const rows = databaseWith(submissionTables)
    .prepare(
      `SELECT o.submission_id, o.attempts, s.first_name, s.sur_name, s.email, s.message, s.locale, s.created_at
       FROM outbox o JOIN submissions s ON s.id = o.submission_id
       WHERE o.sent_at IS NULL AND o.next_attempt_at <= ? ORDER BY o.submission_id LIMIT 20`,
    )
    .all(now)
  return rows.map((row) => ({
    submissionId: Number(row.submission_id),
    attempts: Number(row.attempts),
    firstName: String(row.first_name),
    surName: String(row.sur_name),
    email: String(row.email),
    message: String(row.message),
    locale: String(row.locale),
    createdAt: String(row.created_at),
  }))
}

/** Sends what is due; returns how many were sent. Never throws. */
export async function processOutbox(now: number = Date.now()): Promise<number> {
  const { SMTP_URL, CONTACT_NOTIFY_TO, MAIL_FROM } = getRuntimeConfig()
  if (!SMTP_URL) return 0
  let sent = 0
  for (const item of dueMessages(now)) {
    try {
      await transport(SMTP_URL).sendMail({
        from: MAIL_FROM,
        to: CONTACT_NOTIFY_TO,
        replyTo: item.email,
        subject: `Contactformulier: ${item.firstName} ${item.surName}`,
        text: `${item.firstName} ${item.surName} <${item.email}> (${item.locale}, ${item.createdAt}):\n\n${item.message}\n`,
      })
      databaseWith(submissionTables).prepare('UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE submission_id = ?').run(new Date(now).toISOString(), item.submissionId)
      sent += 1
    } catch (error) {
      const attempts = item.attempts + 1
      databaseWith(submissionTables)
        .prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE submission_id = ?')
        .run(attempts, now + backoffMs(attempts), error instanceof Error ? error.message : String(error), item.submissionId)
      logger.warn(`[outbox] submission ${item.submissionId} not mailed (attempt ${attempts}), retrying later`)
    }
  }
  return sent
}

/** Submissions whose mail has not gone out yet (a failed send stays here and is retried, there is no dead-letter state). */
export function outboxBacklog(): number {
  const row = databaseWith(submissionTables).prepare('SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL').get()
  return Number(row?.n ?? 0)
}

let timer: NodeJS.Timeout | undefined
let currentRun: Promise<unknown> | undefined

/** Starts the outbox worker (once per process); it does nothing without SMTP_URL. */
export function startOutboxWorker(intervalMs = 2_000): void {
  if (timer || !getRuntimeConfig().SMTP_URL) return
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
  clearInterval(timer)
  timer = undefined
  await currentRun
}
