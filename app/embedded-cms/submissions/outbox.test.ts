import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterEach, describe, expect, it, vi } from 'vitest'

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

describe('contact notification outbox', () => {
  it('keeps submissions while SMTP is down and mails each once when it is back', async () => {
    const port = await freePort()
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'outbox-')))
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    const { storeSubmission } = await import('./submissions.server')
    const { processOutbox } = await import('./outbox.server')
    const { logger } = await import('../../server/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})

    const stored = storeSubmission({
      idempotencyKey: crypto.randomUUID(),
      locale: 'nl_NL',
      firstName: 'Zoë',
      surName: 'de Vries',
      email: 'zoe@example.com',
      message: 'Graag een offerte.',
    })
    expect(stored.duplicate).toBe(false)

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
})
