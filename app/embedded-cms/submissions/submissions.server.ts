import { getRuntimeConfig } from '../../server/platform/env.server'
import { databaseWith, type Schema } from '../../server/platform/db.server'

/** Submissions and the mail outbox: stored together, so a message is never stored without its mail queued. */
export const submissionSchema: Schema = {
  name: 'submissions',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS submissions (
                 id INTEGER PRIMARY KEY AUTOINCREMENT, idempotency_key TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
                 locale TEXT NOT NULL, first_name TEXT NOT NULL, sur_name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL);
               CREATE TABLE IF NOT EXISTS outbox (
                 submission_id INTEGER PRIMARY KEY REFERENCES submissions(id), attempts INTEGER NOT NULL DEFAULT 0,
                 next_attempt_at INTEGER NOT NULL, last_error TEXT, sent_at TEXT)`,
      postgres: `CREATE TABLE IF NOT EXISTS submissions (
                   id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
                   locale TEXT NOT NULL, first_name TEXT NOT NULL, sur_name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL);
                 CREATE TABLE IF NOT EXISTS outbox (
                   submission_id BIGINT PRIMARY KEY REFERENCES submissions(id), attempts INTEGER NOT NULL DEFAULT 0,
                   next_attempt_at BIGINT NOT NULL, last_error TEXT, sent_at TEXT)`,
    },
    {
      // A worker claims mail for a while (no other worker or instance sends it meanwhile); mail
      // that keeps failing is set aside as dead (npm run submissions shows it).
      sqlite: `ALTER TABLE outbox ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;
               ALTER TABLE outbox ADD COLUMN dead_at TEXT`,
      postgres: `ALTER TABLE outbox ADD COLUMN IF NOT EXISTS claimed_until BIGINT NOT NULL DEFAULT 0;
                 ALTER TABLE outbox ADD COLUMN IF NOT EXISTS dead_at TEXT`,
    },
    {
      // The optional fields a dealer asks for (NULL when not given): a phone number, the
      // location the visitor prefers (its id, and its name at the time), what it is about.
      sqlite: `ALTER TABLE submissions ADD COLUMN phone TEXT;
               ALTER TABLE submissions ADD COLUMN location_id TEXT;
               ALTER TABLE submissions ADD COLUMN location_name TEXT;
               ALTER TABLE submissions ADD COLUMN subject TEXT`,
      postgres: `ALTER TABLE submissions ADD COLUMN IF NOT EXISTS phone TEXT;
                 ALTER TABLE submissions ADD COLUMN IF NOT EXISTS location_id TEXT;
                 ALTER TABLE submissions ADD COLUMN IF NOT EXISTS location_name TEXT;
                 ALTER TABLE submissions ADD COLUMN IF NOT EXISTS subject TEXT`,
    },
    {
      // The retention sweep finds what is past the retention period by its date (retention.server.ts).
      sqlite: 'CREATE INDEX IF NOT EXISTS submissions_created_at ON submissions (created_at)',
      postgres: 'CREATE INDEX IF NOT EXISTS submissions_created_at ON submissions (created_at)',
    },
  ],
}

export interface NewSubmission {
  idempotencyKey: string
  locale: string
  firstName: string
  surName: string
  email: string
  message: string
  phone?: string | null
  locationId?: string | null
  locationName?: string | null
  subject?: string | null
}

/** The columns that make two submissions the same one (the location's name is looked up, not sent). */
const sameColumns = [
  ['locale', 'locale'],
  ['first_name', 'firstName'],
  ['sur_name', 'surName'],
  ['email', 'email'],
  ['message', 'message'],
  ['phone', 'phone'],
  ['location_id', 'locationId'],
  ['subject', 'subject'],
] as const satisfies ReadonlyArray<readonly [string, keyof NewSubmission]>

/** What became of a submission: stored now, stored before under its key, or its key taken by another one (nothing stored). */
export type StoreOutcome = { id: number; duplicate: boolean } | { conflict: true }

/**
 * Stores a submission durably before returning. The same idempotency key
 * stores once: a double submit answers with the first one's id. A key that
 * was stored with another submission stores nothing (a client that reused
 * it must not be thanked for a message that was dropped).
 */
export async function storeSubmission(submission: NewSubmission): Promise<StoreOutcome> {
  const sql = await databaseWith(submissionSchema)
  // One transaction: the submission and its queued notification are stored together or not at all.
  return sql.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO submissions (idempotency_key, created_at, locale, first_name, sur_name, email, message, phone, location_id, location_name, subject)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        submission.idempotencyKey,
        new Date().toISOString(),
        submission.locale,
        submission.firstName,
        submission.surName,
        submission.email,
        submission.message,
        submission.phone ?? null,
        submission.locationId ?? null,
        submission.locationName ?? null,
        submission.subject ?? null,
      ],
    )
    if (inserted.length === 0) {
      const [first] = await tx.query(
        `SELECT id, ${sameColumns.map(([column]) => column).join(', ')} FROM submissions WHERE idempotency_key = $1`,
        [submission.idempotencyKey],
      )
      const same = first !== undefined && sameColumns.every(([column, field]) => first[column] === (submission[field] ?? null))
      return same ? { id: Number(first.id), duplicate: true } : { conflict: true }
    }
    const id = Number(inserted[0]?.id)
    // The notification is queued with the submission; the outbox worker mails it (and retries).
    if (getRuntimeConfig().SMTP_URL) {
      await tx.query('INSERT INTO outbox (submission_id, next_attempt_at) VALUES ($1, $2) ON CONFLICT (submission_id) DO NOTHING', [
        id,
        Date.now(),
      ])
    }
    return { id, duplicate: false }
  })
}
