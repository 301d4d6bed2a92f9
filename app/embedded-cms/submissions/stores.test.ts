import { createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { engineAvailable, freshDatabase } from '../../../tests/support/store-databases'

/**
 * The stores (submissions, outbox, contact rate limit, readiness) behave the same on SQLite (the
 * default) and PostgreSQL (DATABASE_URL): every test runs on both. CI installs PostgreSQL
 * (.ci/run); elsewhere without it the PostgreSQL half is skipped (tests/support/store-databases.ts).
 */

/** A free port on 127.0.0.1 (nothing listens there until we start the SMTP server). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  return address.port
}

function startSmtp(port: number, received: string[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let body = ''
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()))
      stream.on('end', () => {
        received.push(body)
        callback()
      })
    },
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

function newSubmission(message = 'Graag een offerte.') {
  return { idempotencyKey: crypto.randomUUID(), locale: 'nl_NL', firstName: 'Zoë', surName: 'de Vries', email: 'zoe@example.com', message }
}

describe.each(['sqlite', 'postgres'] as const)('stores on %s', (engine) => {
  const available = () => engineAvailable(engine)

  afterEach(async () => {
    const { closeDatabase } = await import('../../server/platform/db.server')
    await closeDatabase()
  })

  it('stores a submission once per idempotency key', async ({ skip }) => {
    if (!available()) skip()
    await freshDatabase(engine, 'stores')
    const { storeSubmission } = await import('./submissions.server')
    const submission = newSubmission()
    const first = await storeSubmission(submission)
    const again = await storeSubmission(submission)
    expect(first).toEqual({ id: expect.any(Number), duplicate: false })
    expect(again).toEqual({ ...first, duplicate: true })
  })

  it('stores nothing under a key already used for another submission', async ({ skip }) => {
    if (!available()) skip()
    await freshDatabase(engine, 'stores')
    const { storeSubmission } = await import('./submissions.server')
    const submission = { ...newSubmission(), phone: '+31 6 1234 5678', subject: 'service' }
    const first = await storeSubmission(submission)
    // Any field told apart, an optional one left out included.
    for (const other of [
      { message: 'Graag een proefrit.' },
      { email: 'zoe@example.org' },
      { locale: 'en_GB' },
      { phone: null },
      { locationId: 'utrecht' },
    ]) {
      expect(await storeSubmission({ ...submission, ...other }), JSON.stringify(other)).toEqual({ conflict: true })
    }
    expect(await storeSubmission(submission)).toEqual({ ...first, duplicate: true })
    const { databaseWith } = await import('../../server/platform/db.server')
    const { submissionSchema } = await import('./submissions.server')
    const rows = await (await databaseWith(submissionSchema)).query('SELECT message FROM submissions')
    expect(rows).toEqual([{ message: submission.message }])
  })

  /** A fresh database of this engine, SMTP_URL set to a free port (nothing listens yet), the stores' modules. */
  async function outboxSetup() {
    const port = await freePort()
    await freshDatabase(engine, 'stores')
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    return { port, ...(await import('./submissions.server')), ...(await import('./outbox.server')) }
  }

  it('keeps submissions while SMTP is down and mails each once when it is back', async ({ skip }) => {
    if (!available()) skip()
    const { port, storeSubmission, processOutbox } = await outboxSetup()
    const { logger } = await import('../../server/platform/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})

    const stored = await storeSubmission(newSubmission())
    expect(stored).toEqual({ id: expect.any(Number), duplicate: false })

    // SMTP down: nothing sent, the submission stays queued.
    const t0 = Date.now()
    expect(await processOutbox(t0)).toBe(0)
    expect(warn).toHaveBeenCalledOnce()

    const received: string[] = []
    const smtp = await startSmtp(port, received)
    try {
      // Before the backoff has passed nothing is retried.
      expect(await processOutbox(t0 + 1_000)).toBe(0)
      expect(await processOutbox(t0 + 6_000)).toBe(1)
      expect(received).toHaveLength(1)
      expect(received[0]).toContain('Graag een offerte.')
      expect(received[0]).toMatch(/Reply-To: zoe@example\.com/i)
      // Sent once: later runs send nothing more.
      expect(await processOutbox(t0 + 60_000)).toBe(0)
      expect(received).toHaveLength(1)
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      warn.mockRestore()
    }
  })

  it('never sends a message twice when several outbox workers run at once', async ({ skip }) => {
    if (!available()) skip()
    const { port, storeSubmission, processOutbox } = await outboxSetup()
    for (let i = 0; i < 30; i++) await storeSubmission(newSubmission(`Bericht ${i}`))
    const received: string[] = []
    const smtp = await startSmtp(port, received)
    try {
      const sent = await Promise.all([processOutbox(), processOutbox(), processOutbox(), processOutbox()])
      // Each run claims up to 20: together they sent the 30, and each exactly once.
      expect(sent.reduce((a, b) => a + b, 0)).toBe(30)
      expect(received).toHaveLength(30)
      expect(new Set(received.map((mail) => /Bericht \d+/.exec(mail)?.[0])).size).toBe(30)
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })

  it('migrates a database made before the optional fields, then stores and mails them', async ({ skip }) => {
    if (!available()) skip()
    const { port } = await outboxSetup()
    const db = await import('../../server/platform/db.server')
    const { submissionSchema, storeSubmission } = await import('./submissions.server')
    const { processOutbox } = await import('./outbox.server')
    // The database as the previous release left it: the first two steps, one message stored.
    const before = await db.databaseWith({ name: submissionSchema.name, steps: submissionSchema.steps.slice(0, 2) })
    await before.query(
      "INSERT INTO submissions (idempotency_key, created_at, locale, first_name, sur_name, email, message) VALUES ('old', '2026-11-01T00:00:00Z', 'nl_NL', 'Jan', 'Jansen', 'jan@example.com', 'Oud bericht')",
    )
    await db.closeDatabase()

    const stored = await storeSubmission({
      ...newSubmission('Graag een afspraak.'),
      phone: '+31 6 1234 5678',
      locationId: 'utrecht-dealer',
      locationName: 'Horizon Utrecht',
      subject: 'service',
    })
    const rows = await db
      .database()
      .query('SELECT idempotency_key, phone, location_id, location_name, subject FROM submissions ORDER BY id')
    expect(rows.map((row) => [row.phone, row.location_id, row.location_name, row.subject])).toEqual([
      [null, null, null, null],
      ['+31 6 1234 5678', 'utrecht-dealer', 'Horizon Utrecht', 'service'],
    ])
    const received: string[] = []
    const smtp = await startSmtp(port, received)
    try {
      expect(await processOutbox()).toBe(1)
      // Quoted-printable folds long lines: unfold before reading.
      const mail = (received[0] ?? '').replace(/=\r?\n/g, '')
      expect(mail).toContain('Telefoon: +31 6 1234 5678')
      expect(mail).toContain('Onderwerp: Service en onderhoud')
      expect(mail).toContain('Vestiging: Horizon Utrecht (utrecht-dealer)')
      expect(mail).toContain('Graag een afspraak.')
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
    expect(stored).toEqual({ id: expect.any(Number), duplicate: false })
  })

  it('sets a message aside as dead after the last attempt', async ({ skip }) => {
    if (!available()) skip()
    await freshDatabase(engine, 'stores')
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await freePort()}`)
    const { storeSubmission } = await import('./submissions.server')
    const { outboxBackoff, processOutbox } = await import('./outbox.server')
    const { database } = await import('../../server/platform/db.server')
    const { logger } = await import('../../server/platform/logger.server')
    vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    outboxBackoff.maxAttempts = 2
    await storeSubmission(newSubmission())
    const t0 = Date.now()
    await processOutbox(t0)
    await processOutbox(t0 + 60 * 60_000)
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/not mailed after 2 attempts: set aside/))
    const [row] = await database().query('SELECT attempts, dead_at, last_error FROM outbox')
    expect(Number(row?.attempts)).toBe(2)
    expect(row?.dead_at).toEqual(expect.any(String))
    expect(row?.last_error).toEqual(expect.any(String))
    // A dead message is not tried again.
    expect(await processOutbox(t0 + 24 * 60 * 60_000)).toBe(0)
    expect(error).toHaveBeenCalledOnce()
    vi.restoreAllMocks()
  })

  it('shares the contact rate limit between limiters (as between workers and instances)', async ({ skip }) => {
    if (!available()) skip()
    await freshDatabase(engine, 'stores')
    const { databaseRateLimiter } = await import('../../server/contact/rate-limit.server')
    let time = 1_000_000
    const a = databaseRateLimiter(2, 60_000, () => time)
    const b = databaseRateLimiter(2, 60_000, () => time)
    const results = await Promise.all([a.consume('k'), b.consume('k'), a.consume('k'), b.consume('k')])
    expect(results.filter(Boolean)).toHaveLength(2)
    expect(await a.consume('other')).toBe(true)
    time += 60_001
    expect(await b.consume('k')).toBe(true)
  })

  it('gives up on a database that hangs instead of waiting forever', async ({ skip }) => {
    if (engine !== 'postgres' || !available()) skip()
    await freshDatabase(engine, 'stores')
    const { database } = await import('../../server/platform/db.server')
    // A statement that would run for a minute (a lock held elsewhere, an overloaded server).
    await expect(database().query('SELECT pg_sleep(60)')).rejects.toThrow(/statement timeout/)
  }, 15_000)

  it('answers the readiness write check', async ({ skip }) => {
    if (!available()) skip()
    await freshDatabase(engine, 'stores')
    const { databaseWritable } = await import('../../server/platform/db.server')
    expect(await databaseWritable()).toBe(true)
  })
})
