import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ContactOutcome } from './submit.server'

// The checks themselves (acceptContactSubmission) have their own tests and the e2e specs; here:
// what the plain form post hands them and what it makes of their answer.
const acceptContactSubmission = vi.hoisted(() => vi.fn<(data: unknown) => Promise<ContactOutcome>>())
vi.mock('./submit.server', () => ({ acceptContactSubmission }))

beforeEach(() => {
  vi.resetModules()
  vi.stubEnv('ALTCHA_HMAC_KEY', 'a-test-key-of-sufficient-length')
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'form-post-')))
})

afterEach(() => {
  vi.unstubAllEnvs()
  acceptContactSubmission.mockReset()
})

const submitter = { ip: '203.0.113.1', requestId: 'req-1' }

function formPost(path: string, fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded'): Request {
  return new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(fields).toString(),
  })
}

const fill = { contactForm: 'contact-form', firstName: 'Zoë', surName: 'de Vries', email: 'zoe@example.com', message: 'Hallo' }

describe('isFormPost', () => {
  it('takes the two bodies a plain form sends, nothing else', async () => {
    const { isFormPost } = await import('./form-post.server')
    const post = (type: string, method = 'POST') => new Request('http://x/', { method, headers: { 'content-type': type } })
    expect(isFormPost(post('application/x-www-form-urlencoded'))).toBe(true)
    expect(isFormPost(post('Application/X-WWW-Form-Urlencoded; charset=UTF-8'))).toBe(true)
    expect(isFormPost(post('multipart/form-data; boundary=x'))).toBe(true)
    expect(isFormPost(post('application/json'))).toBe(false)
    expect(isFormPost(post('text/plain'))).toBe(false)
    expect(isFormPost(post('application/x-www-form-urlencoded', 'PUT'))).toBe(false)
    expect(isFormPost(new Request('http://x/', { method: 'POST' }))).toBe(false)
  })
})

describe('idempotencyKeyOf', () => {
  it('keeps the key a refused page handed out', async () => {
    const { idempotencyKeyOf } = await import('./form-post.server')
    const key = crypto.randomUUID()
    expect(idempotencyKeyOf(key, 'captcha', ['a'])).toBe(key)
    expect(idempotencyKeyOf(key.toUpperCase(), '', [])).toBe(key)
  })

  it('derives the same key for the same post, another for another fill or captcha', async () => {
    const { idempotencyKeyOf } = await import('./form-post.server')
    const uuid = /^[\da-f]{8}-[\da-f]{4}-8[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/
    const key = idempotencyKeyOf('', 'solved', ['nl', 'Zoë', 'Hallo'])
    expect(key).toMatch(uuid)
    expect(idempotencyKeyOf('not-a-uuid', 'solved', ['nl', 'Zoë', 'Hallo'])).toBe(key)
    expect(idempotencyKeyOf('', 'solved', ['nl', 'Zoë', 'Hallo!'])).not.toBe(key)
    expect(idempotencyKeyOf('', 'other', ['nl', 'Zoë', 'Hallo'])).not.toBe(key)
    // Fields are kept apart: moving text from one field to the next is another fill.
    expect(idempotencyKeyOf('', 'solved', ['nl', 'ZoëHallo', ''])).not.toBe(idempotencyKeyOf('', 'solved', ['nl', 'Zoë', 'Hallo']))
  })

  it('without a captcha gives a new key each time (nothing can be stored anyway)', async () => {
    const { idempotencyKeyOf } = await import('./form-post.server')
    expect(idempotencyKeyOf('', '', ['a'])).not.toBe(idempotencyKeyOf('', '', ['a']))
  })
})

describe('thank-you references', () => {
  afterEach(async () => {
    const { closeDatabase } = await import('../platform/db.server')
    await closeDatabase()
  })

  it('stand for the block and the name they were kept for, until they expire, and hold neither', async () => {
    const { rememberThanks, thanksOf, thanksLifetimeMs } = await import('./thanks.server')
    const now = Date.now()
    const reference = await rememberThanks({ blockId: 'contact-form', firstName: 'Zoë' }, now)
    expect(reference).toMatch(/^[\w-]{22}$/)
    const bytes = Buffer.from(reference, 'base64url')
    expect(bytes.includes(Buffer.from('Zoë')) || bytes.includes(Buffer.from('contact-form'))).toBe(false)
    expect(await thanksOf(reference, now)).toEqual({ blockId: 'contact-form', firstName: 'Zoë' })
    expect(await thanksOf(reference, now + thanksLifetimeMs + 1)).toBeUndefined()
    // Each thank-you its own reference.
    expect(await rememberThanks({ blockId: 'contact-form', firstName: 'Zoë' }, now)).not.toBe(reference)
  })

  it('are found by every worker on the database, and junk by none', async () => {
    const first = await import('./thanks.server')
    const reference = await first.rememberThanks({ blockId: 'contact-form', firstName: 'Søren' })
    // Another module instance: another connection to the same file, as another worker has.
    vi.resetModules()
    const second = await import('./thanks.server')
    expect(await second.thanksOf(reference)).toEqual({ blockId: 'contact-form', firstName: 'Søren' })
    for (const bad of [`${reference.slice(1)}A`, '', 'a.b', '%%%', `${reference}x`, 'eyJuIjoiWm/DqyJ9.AAAA'])
      expect(await second.thanksOf(bad), bad).toBeUndefined()
    const { closeDatabase } = await import('../platform/db.server')
    await closeDatabase()
  })
})

describe('answerContactFormPost', () => {
  const render = vi.fn(async (_state: unknown, status: number) => new Response('page', { status }))
  afterEach(() => render.mockClear())

  it('hands the checks the posted fields, the page language and the captcha', async () => {
    const { answerContactFormPost } = await import('./form-post.server')
    acceptContactSubmission.mockResolvedValue({ status: 403, result: { ok: false, reason: 'captcha' } })
    await answerContactFormPost(formPost('/de/kontakt', { ...fill, phone: '+49 30 1234567', altcha: 'solved' }), submitter, render)
    expect(acceptContactSubmission).toHaveBeenCalledWith(
      expect.objectContaining({
        firstName: 'Zoë',
        phone: '+49 30 1234567',
        subject: '',
        location: '',
        locale: 'de',
        captcha: 'solved',
        website: '',
        idempotencyKey: expect.stringMatching(/^[\da-f-]{36}$/),
      }),
      submitter,
    )
  })

  it('renders a refusal with every value as posted, its field errors, the status and the key for the next try', async () => {
    const { answerContactFormPost } = await import('./form-post.server')
    acceptContactSubmission.mockResolvedValue({ status: 400, result: { ok: false, reason: 'invalid', fields: { email: 'invalidEmail' } } })
    const response = await answerContactFormPost(
      formPost('/contact', { ...fill, email: 'nope', message: ' Hallo\r\nDaar ' }),
      submitter,
      render,
    )
    expect(response.status).toBe(400)
    const [state, status] = render.mock.calls[0] ?? []
    expect(status).toBe(400)
    expect(state).toEqual({
      kind: 'refused',
      blockId: 'contact-form',
      reason: 'invalid',
      // Line breaks as typed (the browser posts CRLF), spaces as typed.
      values: { firstName: 'Zoë', surName: 'de Vries', email: 'nope', phone: '', subject: '', location: '', message: ' Hallo\nDaar ' },
      fields: { email: 'invalidEmail' },
      idempotencyKey: expect.stringMatching(/^[\da-f-]{36}$/),
    })
  })

  it('redirects a stored submission (303) to a thank-you link that greets the visitor without naming them', async () => {
    const { answerContactFormPost, thanksStateOfUrl } = await import('./form-post.server')
    acceptContactSubmission.mockResolvedValue({ status: 200, result: { ok: true, firstName: 'Zoë' } })
    const response = await answerContactFormPost(formPost('/en/contact', { ...fill, altcha: 'solved' }), submitter, render)
    expect(response.status).toBe(303)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const location = response.headers.get('location') ?? ''
    expect(location).toMatch(/^\/en\/contact\?sent=[\w-]{22}#contact-form-thanks$/)
    // 16 random bytes: the name is in neither the link's characters nor the token's bytes. (Not
    // `not.toContain('Zo')`: a random token holds those two characters about once in a hundred runs.)
    const token = new URL(location, 'http://127.0.0.1').searchParams.get('sent') ?? ''
    expect(Buffer.from(token, 'base64url').includes(Buffer.from('Zoë'))).toBe(false)
    expect(await thanksStateOfUrl(new URL(location, 'http://127.0.0.1'))).toEqual({
      kind: 'sent',
      blockId: 'contact-form',
      firstName: 'Zoë',
    })
    expect(render).not.toHaveBeenCalled()
  })

  it('without the database to keep the thank-you, thanks in the answer itself (it was stored)', async () => {
    // A file where the folder should be: the database cannot be opened.
    const file = join(mkdtempSync(join(tmpdir(), 'form-post-')), 'file')
    writeFileSync(file, '')
    vi.stubEnv('DATA_DIR', join(file, 'data'))
    const { logger } = await import('../platform/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const { answerContactFormPost } = await import('./form-post.server')
    acceptContactSubmission.mockResolvedValue({ status: 200, result: { ok: true, firstName: 'Zoë' } })
    const response = await answerContactFormPost(formPost('/en/contact', { ...fill, altcha: 'solved' }), submitter, render)
    expect(response.status).toBe(200)
    expect(render).toHaveBeenCalledWith({ kind: 'sent', blockId: 'contact-form', firstName: 'Zoë' }, 200)
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('answers what is not the contact form as before: 405, and a broken body 400, checking nothing', async () => {
    const { answerContactFormPost } = await import('./form-post.server')
    expect((await answerContactFormPost(formPost('/over-ons', { firstName: 'x' }), submitter, render)).status).toBe(405)
    expect((await answerContactFormPost(formPost('/over-ons', { contactForm: '<b>' }), submitter, render)).status).toBe(405)
    const broken = new Request('http://127.0.0.1/contact', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    })
    expect((await answerContactFormPost(broken, submitter, render)).status).toBe(400)
    expect(acceptContactSubmission).not.toHaveBeenCalled()
  })
})
