import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { engineAvailable, freshDatabase } from '../../../tests/support/store-databases'

/**
 * What the privacy page promises (docs/decisions/036), on SQLite and PostgreSQL alike:
 * submissions, their outbox rows and dead letters past the retention period are deleted, once,
 * however many sweeps run; `npm run submissions -- --email` lists, exports and erases one
 * person's data. CI installs PostgreSQL (.ci/run); elsewhere without it that half is skipped
 * (tests/support/store-databases.ts).
 */

afterEach(async () => {
  const { closeDatabase } = await import('../../server/platform/db.server')
  await closeDatabase()
  vi.unstubAllEnvs()
  vi.resetModules()
  vi.restoreAllMocks()
})

function submission(email: string, message: string) {
  return {
    idempotencyKey: crypto.randomUUID(),
    locale: 'nl_NL',
    firstName: 'Zoë',
    surName: 'de Vries',
    email,
    message,
    phone: '+31 6 1234 5678',
    subject: 'service',
    locationId: 'utrecht-dealer',
    locationName: 'Horizon Utrecht',
  }
}

const dayMs = 24 * 60 * 60_000

/** The stores with SMTP_URL set (every submission gets an outbox row), on a fresh database. */
async function setup(engine: 'sqlite' | 'postgres') {
  const env = await freshDatabase(engine, 'privacy')
  // The sweeps' info lines are read through a spy where a test wants them, not printed.
  vi.stubEnv('LOG_LEVEL', 'warn')
  // Nothing listens there: no test here sends mail.
  vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9')
  const { storeSubmission, submissionSchema } = await import('./submissions.server')
  const { databaseWith } = await import('../../server/platform/db.server')
  const sql = await databaseWith(submissionSchema)
  /** Stores a submission made `daysAgo` days ago; returns its id. */
  const storeAged = async (daysAgo: number, email = 'zoe@example.com', message = 'Graag een offerte.') => {
    const stored = await storeSubmission(submission(email, message))
    if (!('id' in stored)) throw new Error('not stored')
    await sql.query('UPDATE submissions SET created_at = $1 WHERE id = $2', [
      new Date(Date.now() - daysAgo * dayMs).toISOString(),
      stored.id,
    ])
    return stored.id
  }
  return { env, sql, storeAged }
}

describe.each(['sqlite', 'postgres'] as const)('privacy on %s', (engine) => {
  const available = () => engineAvailable(engine)

  it('deletes submissions, outbox rows and dead letters past the retention period, logs and counts them', async ({ skip }) => {
    if (!available()) skip()
    const { sql, storeAged } = await setup(engine)
    const old = await storeAged(400)
    const dead = await storeAged(366)
    const recent = await storeAged(364)
    await sql.query("UPDATE outbox SET dead_at = '2025-11-01T00:00:00.000Z' WHERE submission_id = $1", [dead])
    const { logger } = await import('../../server/platform/logger.server')
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {})
    const { deleteExpiredSubmissions } = await import('./retention.server')

    expect(await deleteExpiredSubmissions(Date.now(), 365)).toEqual({ swept: true, submissions: 2, outbox: 1, deadLetters: 1 })
    expect((await sql.query('SELECT id FROM submissions')).map((row) => Number(row.id))).toEqual([recent])
    expect((await sql.query('SELECT submission_id FROM outbox')).map((row) => Number(row.submission_id))).toEqual([recent])
    expect(old).not.toBe(recent)

    // Logged with the counts, and nothing of what was deleted.
    expect(info).toHaveBeenCalledOnce()
    const [fields, text] = info.mock.calls[0] ?? []
    expect(fields).toMatchObject({ submissions: 2, outbox: 1, deadLetters: 1, retentionDays: 365 })
    expect(JSON.stringify([fields, text])).not.toMatch(/zoe@example|Zoë|offerte|1234 5678/)

    const { registry } = await import('../../server/platform/metrics.server')
    const metrics = await registry.metrics()
    expect(metrics).toContain('site_retention_deleted_total{kind="submission"} 2')
    expect(metrics).toContain('site_retention_deleted_total{kind="outbox"} 1')
    expect(metrics).toContain('site_retention_deleted_total{kind="dead_letter"} 1')
    expect(metrics).toContain('site_retention_runs_total{outcome="done"} 1')

    // A second sweep finds nothing left; a shorter setting deletes the rest.
    expect(await deleteExpiredSubmissions(Date.now(), 365)).toMatchObject({ submissions: 0, outbox: 0, deadLetters: 0 })
    expect(await deleteExpiredSubmissions(Date.now() + 2 * dayMs, 365)).toMatchObject({ submissions: 1, outbox: 1 })
    expect(await sql.query('SELECT id FROM submissions')).toEqual([])
  })

  it('deletes each row once when several sweeps run at once, in batches', async ({ skip }) => {
    if (!available()) skip()
    const { sql, storeAged } = await setup(engine)
    for (let i = 0; i < 23; i++) await storeAged(400, `person${i}@example.com`)
    const { deleteExpiredSubmissions, retentionSweep } = await import('./retention.server')
    retentionSweep.batchSize = 4
    // As several instances would: concurrent transactions on the one database.
    const results = await Promise.all(Array.from({ length: 4 }, () => deleteExpiredSubmissions(Date.now(), 365)))
    expect(results.reduce((sum, result) => sum + result.submissions, 0)).toBe(23)
    expect(results.reduce((sum, result) => sum + result.outbox, 0)).toBe(23)
    expect(results.some((result) => result.swept)).toBe(true)
    expect(await sql.query('SELECT id FROM submissions')).toEqual([])
    expect(await sql.query('SELECT submission_id FROM outbox')).toEqual([])
  })

  it('keeps everything when the retention period is the default and nothing is older', async ({ skip }) => {
    if (!available()) skip()
    const { sql, storeAged } = await setup(engine)
    await storeAged(0)
    await storeAged(300)
    const { deleteExpiredSubmissions } = await import('./retention.server')
    // CONTACT_RETENTION_DAYS unset: 365.
    expect(await deleteExpiredSubmissions()).toMatchObject({ swept: true, submissions: 0 })
    expect(await sql.query('SELECT id FROM submissions')).toHaveLength(2)
    // A shorter period set: the settings are read anew by fresh modules.
    await (await import('../../server/platform/db.server')).closeDatabase()
    vi.stubEnv('CONTACT_RETENTION_DAYS', '200')
    vi.resetModules()
    const again = await import('./retention.server')
    expect(await again.deleteExpiredSubmissions()).toMatchObject({ submissions: 1 })
  })

  /** `npm run submissions -- …args` on this test's database: its output and exit code. */
  async function submissionsScript(env: Record<string, string>, args: string[]) {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--no-warnings', 'scripts/submissions.mjs', ...args], {
        env: { ...process.env, ...env },
        timeout: 15_000,
      })
      return { code: 0, stdout, stderr }
    } catch (error) {
      if (error instanceof Error && 'code' in error && 'stdout' in error && 'stderr' in error)
        return { code: Number(error.code), stdout: String(error.stdout), stderr: String(error.stderr) }
      throw error
    }
  }

  it('lists, exports and erases one person’s data (npm run submissions -- --email)', async ({ skip }) => {
    if (!available()) skip()
    const { env, storeAged } = await setup(engine)
    await storeAged(1, 'zoe@example.com', 'Eerste bericht.')
    await storeAged(0, 'Zoe@Example.com', 'Tweede bericht.')
    const other = await storeAged(0, 'jan@example.com', 'Van Jan.')
    const { closeDatabase } = await import('../../server/platform/db.server')
    // The script opens the database itself, as an operator's shell next to a running server.
    await closeDatabase()

    const listed = await submissionsScript(env, ['--email', 'ZOE@example.com'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('Eerste bericht.')
    expect(listed.stdout).toContain('Tweede bericht.')
    expect(listed.stdout).toContain('phone: +31 6 1234 5678')
    expect(listed.stdout).not.toContain('Van Jan.')
    expect(listed.stdout).toMatch(/^2 submission\(s\) in /m)

    const exported = await submissionsScript(env, ['--email', 'zoe@example.com', '--export'])
    expect(exported.code).toBe(0)
    const document: unknown = JSON.parse(exported.stdout)
    expect(document).toMatchObject({
      email: 'zoe@example.com',
      submissions: [
        {
          firstName: 'Zoë',
          surName: 'de Vries',
          email: 'zoe@example.com',
          phone: '+31 6 1234 5678',
          subject: 'service',
          locationId: 'utrecht-dealer',
          locationName: 'Horizon Utrecht',
          message: 'Eerste bericht.',
          locale: 'nl_NL',
          notification: { status: 'queued', attempts: 0 },
        },
        { email: 'Zoe@Example.com', message: 'Tweede bericht.' },
      ],
    })

    // No terminal to confirm on (as in CI) and no --yes: nothing erased.
    const unconfirmed = await submissionsScript(env, ['--email', 'zoe@example.com', '--erase'])
    expect(unconfirmed.code).toBe(1)
    expect(unconfirmed.stderr).toContain('Nothing erased')
    const { databaseWith } = await import('../../server/platform/db.server')
    const { submissionSchema } = await import('./submissions.server')
    const reopened = await databaseWith(submissionSchema)
    expect(await reopened.query('SELECT id FROM submissions')).toHaveLength(3)
    await closeDatabase()

    const erased = await submissionsScript(env, ['--email', 'zoe@example.com', '--erase', '--yes'])
    expect(erased.code).toBe(0)
    expect(erased.stdout).toMatch(/^Erased 2 submission\(s\) and 2 notification\(s\) in the mail outbox of zoe@example\.com from /m)
    const after = await databaseWith(submissionSchema)
    expect((await after.query('SELECT id FROM submissions')).map((row) => Number(row.id))).toEqual([other])
    expect((await after.query('SELECT submission_id FROM outbox')).map((row) => Number(row.submission_id))).toEqual([other])
    await closeDatabase()

    const none = await submissionsScript(env, ['--email', 'zoe@example.com'])
    expect(none.stderr).toContain('No submissions of zoe@example.com')
    const emptyExport = await submissionsScript(env, ['--email', 'zoe@example.com', '--export'])
    expect(JSON.parse(emptyExport.stdout)).toMatchObject({ email: 'zoe@example.com', submissions: [] })

    // Erasing or exporting needs the person.
    expect((await submissionsScript(env, ['--erase', '--yes'])).code).toBe(2)
  }, 60_000)
})
