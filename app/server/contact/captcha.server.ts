import { randomBytes } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import * as v from 'valibot'
import { getRuntimeConfig } from '../platform/env.server'
import { databaseWith, type Schema } from '../platform/db.server'
import { logger } from '../platform/logger.server'

/** Solved challenges, kept until they expire (one use each), and the fallback signing key. */
export const captchaSchema: Schema = {
  name: 'captcha',
  steps: [
    {
      sqlite: `CREATE TABLE IF NOT EXISTS captcha_used (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
               CREATE TABLE IF NOT EXISTS site_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      postgres: `CREATE TABLE IF NOT EXISTS captcha_used (id TEXT PRIMARY KEY, expires_at BIGINT NOT NULL);
                 CREATE TABLE IF NOT EXISTS site_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    },
    {
      // Which submission used a challenge (its retry may use it again), and an index for the
      // clean-up of expired rows (a flood of solved challenges must not make each check a scan).
      sqlite: `ALTER TABLE captcha_used ADD COLUMN idempotency_key TEXT;
               CREATE INDEX IF NOT EXISTS captcha_used_expires_at ON captcha_used (expires_at)`,
      postgres: `ALTER TABLE captcha_used ADD COLUMN IF NOT EXISTS idempotency_key TEXT;
                 CREATE INDEX IF NOT EXISTS captcha_used_expires_at ON captcha_used (expires_at)`,
    },
  ],
}

/**
 * Self-hosted proof of work (ALTCHA): challenges signed with a secret,
 * verified on submit, each usable once (replays are refused).
 */
const challengeLifetimeMs = 10 * 60 * 1000
let fallbackSecret: Promise<string> | undefined

/**
 * The site's signing secret for captcha challenges: ALTCHA_HMAC_KEY, or a random key kept in
 * the database.
 */
export function signingSecret(): Promise<string> {
  const configured = getRuntimeConfig().ALTCHA_HMAC_KEY
  if (configured) return Promise.resolve(configured)
  if (!fallbackSecret) {
    fallbackSecret = storedSecret()
    // Not kept when reading it failed: the next challenge tries again.
    fallbackSecret.catch(() => (fallbackSecret = undefined))
    logger.warn('[captcha] ALTCHA_HMAC_KEY is not set: using a random key kept in the database (shared by every worker and instance on it)')
  }
  return fallbackSecret
}

/**
 * A random key made once and kept in the database: every worker signs and checks challenges
 * with the same key (a challenge fetched from one worker is submitted to another), and a
 * restart does not invalidate the challenges visitors are solving.
 */
async function storedSecret(): Promise<string> {
  const sql = await databaseWith(captchaSchema)
  const name = 'altcha-hmac-key'
  await sql.query('INSERT INTO site_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('hex'),
  ])
  const [row] = await sql.query('SELECT value FROM site_secrets WHERE name = $1', [name])
  return String(row?.value)
}

export async function newChallenge(): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(5_000, 50_000),
    deriveKey,
    expiresAt: new Date(Date.now() + challengeLifetimeMs),
    hmacSignatureSecret: await signingSecret(),
  })
}

/** The widget's payload: base64 of { challenge, solution }. Validated before it reaches the verifier. */
const payloadSchema = v.object({
  challenge: v.object({
    parameters: v.object({
      algorithm: v.string(),
      nonce: v.pipe(v.string(), v.maxLength(200)),
      salt: v.string(),
      cost: v.number(),
      keyLength: v.number(),
      keyPrefix: v.string(),
      keySignature: v.optional(v.string()),
      expiresAt: v.optional(v.number()),
      data: v.optional(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null()]))),
    }),
    signature: v.optional(v.string()),
  }),
  solution: v.object({ counter: v.number(), derivedKey: v.string(), time: v.optional(v.number()) }),
})

/**
 * The captcha behind the contact form, chosen by CAPTCHA_PROVIDER. Both
 * answer one question: is this payload a valid, unused proof of a human (or
 * of work)? An ALTCHA solution may be used again by the same submission
 * (`idempotencyKey`): a retry after a lost answer must reach the idempotent store.
 */
export function verifyCaptcha(payload: string, clientIp: string | undefined, idempotencyKey?: string): Promise<boolean> {
  return getRuntimeConfig().CAPTCHA_PROVIDER === 'turnstile' ? verifyTurnstile(payload, clientIp) : verifyAltcha(payload, idempotencyKey)
}

const turnstileAnswer = v.object({ success: v.boolean() })

/** Cloudflare Turnstile: the token is checked by the provider's verify endpoint (tokens are single-use there). */
async function verifyTurnstile(token: string, clientIp: string | undefined): Promise<boolean> {
  const { TURNSTILE_SECRET, TURNSTILE_VERIFY_URL } = getRuntimeConfig()
  if (!TURNSTILE_SECRET || !token) return false
  const form = new URLSearchParams({ secret: TURNSTILE_SECRET, response: token })
  if (clientIp) form.set('remoteip', clientIp)
  try {
    const response = await fetch(TURNSTILE_VERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(5_000) })
    const parsed = v.safeParse(turnstileAnswer, await response.json())
    return parsed.success && parsed.output.success
  } catch (error) {
    logger.warn({ err: error }, '[captcha] Turnstile verification failed')
    return false
  }
}

/** ALTCHA: true for a valid, unexpired solution not used by another submission; marks it used. */
async function verifyAltcha(payload: string, idempotencyKey: string | undefined): Promise<boolean> {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
  } catch {
    return false
  }
  const parsed = v.safeParse(payloadSchema, decoded)
  if (!parsed.success) return false
  const result = await verifySolution({
    challenge: parsed.output.challenge,
    solution: parsed.output.solution,
    deriveKey,
    hmacSignatureSecret: await signingSecret(),
  }).catch(() => null)
  if (!result?.verified) return false
  // Replay protection: the first use wins (atomic insert); a later use counts only as a retry
  // of that same submission.
  const sql = await databaseWith(captchaSchema)
  const nonce = parsed.output.challenge.parameters.nonce
  await sql.query('DELETE FROM captcha_used WHERE expires_at < $1', [Date.now()])
  const inserted = await sql.query(
    'INSERT INTO captcha_used (id, expires_at, idempotency_key) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
    [nonce, Date.now() + challengeLifetimeMs, idempotencyKey ?? null],
  )
  if (inserted.length === 1) return true
  if (!idempotencyKey) return false
  const [first] = await sql.query('SELECT idempotency_key FROM captcha_used WHERE id = $1', [nonce])
  return first?.idempotency_key === idempotencyKey
}
