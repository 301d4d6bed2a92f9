import { afterEach, describe, expect, it, vi } from 'vitest'

// The CMS, the captcha and the rate limit answered by each test: what is checked here is the
// order of the checks and what reaches the CMS mutation.
const cms = vi.hoisted(() => ({
  readLocationOptions: vi.fn(async () => ({
    readLocations: [{ id: 'utrecht-dealer', name: 'Horizon Utrecht', address: { city: 'Utrecht', country: 'NL' } }],
  })),
  submitContactForm: vi.fn(async (_variables: { input: Record<string, string> }) => ({
    submitContactForm: { success: true, id: '1' as string | null },
  })),
}))
const verifyCaptcha = vi.hoisted(() => vi.fn(async () => true))
const consume = vi.hoisted(() => vi.fn(async () => true))
vi.mock('../cms-client/operations.server', () => ({ cms }))
vi.mock('./captcha.server', () => ({ verifyCaptcha }))
vi.mock('../http/client-key', () => ({ rateLimitKey: (ip: string) => ip }))
vi.mock('./rate-limit.server', () => ({
  databaseRateLimiter: () => ({ consume }),
  redisRateLimiter: () => ({ consume }),
  fallingBackRateLimiter: () => ({ consume }),
}))

afterEach(() => vi.clearAllMocks())

const submitter = { ip: '203.0.113.1', requestId: 'req-1' }
const valid = {
  firstName: 'Zoë',
  surName: 'de Vries',
  email: 'zoe@example.com',
  message: 'Hallo',
  locale: 'nl',
  website: '',
  captcha: 'solved',
  idempotencyKey: crypto.randomUUID(),
}

describe('acceptContactSubmission', () => {
  it('stores the optional fields when given and leaves them out when not', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    expect(
      await acceptContactSubmission({ ...valid, phone: ' +31 6 1234 5678 ', subject: 'service', location: 'utrecht-dealer' }, submitter),
    ).toEqual({ status: 200, result: { ok: true, firstName: 'Zoë' } })
    expect(cms.submitContactForm).toHaveBeenLastCalledWith({
      input: expect.objectContaining({ phone: '+31 6 1234 5678', subject: 'service', locationId: 'utrecht-dealer', locale: 'nl_NL' }),
    })
    await acceptContactSubmission(valid, submitter)
    expect(cms.submitContactForm).toHaveBeenLastCalledWith({
      input: {
        firstName: 'Zoë',
        surName: 'de Vries',
        email: 'zoe@example.com',
        message: 'Hallo',
        locale: 'nl_NL',
        idempotencyKey: valid.idempotencyKey,
      },
    })
  })

  it('refuses bad optional fields with a code per field, before the captcha is spent', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    expect(await acceptContactSubmission({ ...valid, phone: 'call me', subject: 'complaint', location: '<x>' }, submitter)).toEqual({
      status: 400,
      result: { ok: false, reason: 'invalid', fields: { phone: 'invalidPhone', subject: 'invalidOption', location: 'invalidOption' } },
    })
    expect(verifyCaptcha).not.toHaveBeenCalled()
    expect(cms.submitContactForm).not.toHaveBeenCalled()
  })

  it('refuses a location the CMS does not have (any more)', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    expect(await acceptContactSubmission({ ...valid, location: 'closed-dealer' }, submitter)).toEqual({
      status: 400,
      result: { ok: false, reason: 'invalid', fields: { location: 'invalidOption' } },
    })
    expect(cms.readLocationOptions).toHaveBeenCalledWith({ locale: 'nl_NL' })
    expect(cms.submitContactForm).not.toHaveBeenCalled()
  })

  it('answers 503 when the locations cannot be read, storing nothing', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    const { logger } = await import('../platform/logger.server')
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    cms.readLocationOptions.mockRejectedValueOnce(new Error('CMS down'))
    expect(await acceptContactSubmission({ ...valid, location: 'utrecht-dealer' }, submitter)).toEqual({
      status: 503,
      result: { ok: false, reason: 'error' },
    })
    expect(cms.submitContactForm).not.toHaveBeenCalled()
    error.mockRestore()
  })

  it('stores an edit sent under a used key under a key derived from both; never thanks for nothing stored', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    const { derivedIdempotencyKey } = await import('./idempotency-key')
    const conflict = { submitContactForm: { success: false, id: null } }
    cms.submitContactForm.mockResolvedValueOnce(conflict)
    const edited = { ...valid, message: 'Toch liever een proefrit.' }
    expect(await acceptContactSubmission(edited, submitter)).toEqual({ status: 200, result: { ok: true, firstName: 'Zoë' } })
    const [first, second] = cms.submitContactForm.mock.calls.map(([{ input }]) => input)
    expect(first?.idempotencyKey).toBe(valid.idempotencyKey)
    expect(second).toEqual({
      ...first,
      idempotencyKey: expect.stringMatching(/^[\da-f]{8}-[\da-f]{4}-8[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/),
    })
    // The same edit sent again gets the same derived key (so it is stored once); another text another.
    expect(derivedIdempotencyKey(['edit', valid.idempotencyKey, JSON.stringify(first)])).toBe(second?.idempotencyKey)
    expect(derivedIdempotencyKey(['edit', valid.idempotencyKey, JSON.stringify({ ...first, message: 'x' })])).not.toBe(
      second?.idempotencyKey,
    )

    const { logger } = await import('../platform/logger.server')
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    cms.submitContactForm.mockResolvedValueOnce(conflict).mockResolvedValueOnce(conflict)
    expect(await acceptContactSubmission(edited, submitter)).toEqual({ status: 503, result: { ok: false, reason: 'error' } })
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })

  it('keeps the order: honeypot, captcha, rate limit', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    expect((await acceptContactSubmission({ ...valid, website: 'https://spam.example' }, submitter)).status).toBe(400)
    expect(verifyCaptcha).not.toHaveBeenCalled()
    verifyCaptcha.mockResolvedValueOnce(false)
    expect((await acceptContactSubmission(valid, submitter)).result).toEqual({ ok: false, reason: 'captcha' })
    expect(consume).not.toHaveBeenCalled()
    consume.mockResolvedValueOnce(false)
    expect((await acceptContactSubmission(valid, submitter)).status).toBe(429)
    expect(cms.submitContactForm).not.toHaveBeenCalled()
  })

  it('logs and counts each refusal with its reason, never what was typed', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    const { logger } = await import('../platform/logger.server')
    const { contactRefusals } = await import('../platform/metrics.server')
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined)
    const count = async (reason: string) =>
      (await contactRefusals.get()).values.find((value) => value.labels.reason === reason)?.value ?? Number.NaN
    const before = Object.fromEntries(
      await Promise.all(['invalid', 'unknown_location', 'honeypot', 'captcha', 'rate_limited'].map(async (r) => [r, await count(r)])),
    )
    await acceptContactSubmission({ ...valid, email: 'zoe-at-example' }, submitter)
    await acceptContactSubmission({ ...valid, location: 'closed-dealer' }, submitter)
    await acceptContactSubmission({ ...valid, website: 'https://spam.example' }, submitter)
    verifyCaptcha.mockResolvedValueOnce(false)
    await acceptContactSubmission(valid, submitter)
    consume.mockResolvedValueOnce(false)
    await acceptContactSubmission(valid, submitter)
    await acceptContactSubmission(valid, submitter)
    expect(info.mock.calls).toEqual([
      [{ reqId: 'req-1', reason: 'invalid', fields: { email: 'invalidEmail' } }, '[contact] submission refused: invalid'],
      [
        { reqId: 'req-1', reason: 'unknown_location', fields: { location: 'invalidOption' } },
        '[contact] submission refused: unknown_location',
      ],
      [{ reqId: 'req-1', reason: 'honeypot' }, '[contact] submission refused: honeypot'],
      [{ reqId: 'req-1', reason: 'captcha' }, '[contact] submission refused: captcha'],
      [{ reqId: 'req-1', reason: 'rate_limited' }, '[contact] submission refused: rate_limited'],
    ])
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/zoe|Zoë|Vries|Hallo|spam|203\.0\.113/i)
    for (const reason of Object.keys(before)) expect(await count(reason), reason).toBe(before[reason] + 1)
    info.mockRestore()
  })

  it('counts the submissions stored and those that failed (the visitor got a 503)', async () => {
    const { acceptContactSubmission } = await import('./submit.server')
    const { logger } = await import('../platform/logger.server')
    const { contactSubmissions } = await import('../platform/metrics.server')
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const count = async (outcome: string) =>
      (await contactSubmissions.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? Number.NaN
    const [stored, failed] = [await count('stored'), await count('failed')]
    await acceptContactSubmission(valid, submitter)
    cms.submitContactForm.mockRejectedValueOnce(new Error('CMS down'))
    expect((await acceptContactSubmission(valid, submitter)).status).toBe(503)
    expect([await count('stored'), await count('failed')]).toEqual([stored + 1, failed + 1])
    error.mockRestore()
  })
})
