import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

/** A local stand-in for Turnstile's siteverify endpoint. */
let server: Server
let verifyUrl = ''
const seen: URLSearchParams[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const form = new URLSearchParams(body)
      seen.push(form)
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good-token'
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('no port')
  verifyUrl = `http://127.0.0.1:${address.port}/siteverify`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('hosted captcha provider (Turnstile)', () => {
  it('verifies tokens server-side against the configured verify URL', async () => {
    vi.resetModules()
    vi.stubEnv('CAPTCHA_PROVIDER', 'turnstile')
    vi.stubEnv('TURNSTILE_SECRET', 'test-secret')
    vi.stubEnv('TURNSTILE_VERIFY_URL', verifyUrl)
    const { verifyCaptcha } = await import('./captcha.server')
    expect(await verifyCaptcha('good-token', '203.0.113.5')).toBe(true)
    expect(await verifyCaptcha('forged', '203.0.113.5')).toBe(false)
    expect(await verifyCaptcha('', undefined)).toBe(false)
    expect(seen[0]?.get('remoteip')).toBe('203.0.113.5')
    vi.unstubAllEnvs()
  })

  it('refuses everything when the provider cannot be reached', async () => {
    vi.resetModules()
    vi.stubEnv('CAPTCHA_PROVIDER', 'turnstile')
    vi.stubEnv('TURNSTILE_SECRET', 'test-secret')
    vi.stubEnv('TURNSTILE_VERIFY_URL', 'http://127.0.0.1:9/siteverify')
    const { logger } = await import('../platform/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const { verifyCaptcha } = await import('./captcha.server')
    expect(await verifyCaptcha('good-token', undefined)).toBe(false)
    warn.mockRestore()
    vi.unstubAllEnvs()
  })
})

describe('self-hosted captcha (ALTCHA)', () => {
  it('is used once, except by a retry of the same submission', async () => {
    vi.resetModules()
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'captcha-')))
    const { logger } = await import('../platform/logger.server')
    vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const { newChallenge, verifyCaptcha } = await import('./captcha.server')
    const challenge = await newChallenge()
    const solution = await solveChallenge({ challenge, deriveKey })
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    expect(await verifyCaptcha(payload, undefined, 'submission-a')).toBe(true)
    // The answer was lost and the visitor sends the same submission again: accepted.
    expect(await verifyCaptcha(payload, undefined, 'submission-a')).toBe(true)
    // Another submission with the same solution, or one without a key: a replay.
    expect(await verifyCaptcha(payload, undefined, 'submission-b')).toBe(false)
    expect(await verifyCaptcha(payload, undefined)).toBe(false)
    expect(await verifyCaptcha(Buffer.from('{"challenge":{}}').toString('base64'), undefined, 'submission-a')).toBe(false)
    const { closeDatabase } = await import('../platform/db.server')
    await closeDatabase()
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
  })
})
