import { getRuntimeConfig } from '../../server/env.server'
import { databaseWith } from '../../server/db.server'

/** Submissions and the mail outbox: stored together, so a message is never stored without its mail queued. */
export const submissionTables = `
  CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    locale TEXT NOT NULL,
    first_name TEXT NOT NULL,
    sur_name TEXT NOT NULL,
    email TEXT NOT NULL,
    message TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS outbox (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions(id),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    last_error TEXT,
    sent_at TEXT
  );
`

export interface NewSubmission {
  idempotencyKey: string
  locale: string
  firstName: string
  surName: string
  email: string
  message: string
}

/**
 * Stores a submission durably before returning. The same idempotency key
 * stores once: a double submit answers with the first one's id.
 */
export function storeSubmission(submission: NewSubmission): { id: number; duplicate: boolean } {
  const db = databaseWith(submissionTables)
  const insert = db.prepare(
    `INSERT INTO submissions (idempotency_key, created_at, locale, first_name, sur_name, email, message)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(idempotency_key) DO NOTHING`,
  )
  const result = insert.run(
    submission.idempotencyKey,
    new Date().toISOString(),
    submission.locale,
    submission.firstName,
    submission.surName,
    submission.email,
    submission.message,
  )
  const row = db.prepare('SELECT id FROM submissions WHERE idempotency_key = ?').get(submission.idempotencyKey)
  const id = Number(row?.id)
  const duplicate = Number(result.changes) === 0
  // The notification is queued with the submission; the outbox worker mails it (and retries).
  if (!duplicate && getRuntimeConfig().SMTP_URL) {
    db.prepare('INSERT OR IGNORE INTO outbox (submission_id, next_attempt_at) VALUES (?, ?)').run(id, Date.now())
  }
  return { id, duplicate }
}
