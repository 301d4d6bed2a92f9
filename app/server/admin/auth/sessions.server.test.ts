import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { closeDatabase } from '../../platform/db.server'
import { audit, pruneAudit } from './audit.server'
import { endSession, rememberSignIn, sessionOf, signInMs, startSession, takeSignIn } from './sessions.server'

vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'admin-sessions-')))
afterAll(async () => {
  await closeDatabase()
  vi.unstubAllEnvs()
})

const times = { idleMinutes: 30, maxHours: 8 }
const anna = { subject: 'a-1', name: 'Anna', email: 'anna@example.com', role: 'editor' as const }
const minute = 60_000

describe('admin sessions', () => {
  it('live while used, end after the idle time or the lifetime, and are touched as they are used', async () => {
    const start = 1_800_000_000_000
    const { token, csrf } = await startSession(anna, undefined, start)
    expect(token).not.toBe(csrf)
    expect(await sessionOf(token, times, start + 29 * minute)).toMatchObject({ ...anna, csrf })
    // Used at minute 29: alive at minute 58, though 58 minutes have passed since sign-in.
    expect(await sessionOf(token, times, start + 58 * minute)).toMatchObject({ name: 'Anna' })
    expect(await sessionOf(token, times, start + 88 * minute)).toEqual({
      expired: { subject: 'a-1', email: 'anna@example.com', role: 'editor' },
    })
    // Gone: the next look finds nothing.
    expect(await sessionOf(token, times, start + 89 * minute)).toBeUndefined()

    const busy = await startSession(anna, undefined, start)
    for (let at = 20; at < 8 * 60; at += 20) expect(await sessionOf(busy.token, times, start + at * minute)).toHaveProperty('csrf')
    expect(await sessionOf(busy.token, times, start + 8 * 60 * minute)).toHaveProperty('expired')
  })

  it('are rotated at sign-in and ended at sign-out', async () => {
    const now = Date.now()
    const first = await startSession(anna, undefined, now)
    const second = await startSession(anna, first.token, now)
    expect(await sessionOf(first.token, times, now)).toBeUndefined()
    expect(await sessionOf(second.token, times, now)).toHaveProperty('csrf', second.csrf)
    expect(await endSession(second.token)).toBe(true)
    expect(await endSession(second.token)).toBe(false)
    expect(await sessionOf(second.token, times, now)).toBeUndefined()
    for (const made of [undefined, '', 'x', `${second.token}x`, "' OR 1=1 --"]) expect(await sessionOf(made, times, now)).toBeUndefined()
  })

  it('take a sign-in under way once, and not after ten minutes', async () => {
    const now = Date.now()
    const id = await rememberSignIn({ state: 's', nonce: 'n', verifier: 'v' }, now)
    expect(await takeSignIn(id, now + 1000)).toEqual({ state: 's', nonce: 'n', verifier: 'v' })
    expect(await takeSignIn(id, now + 2000)).toBeUndefined()
    const late = await rememberSignIn({ state: 's', nonce: 'n', verifier: 'v' }, now)
    expect(await takeSignIn(late, now + signInMs)).toBeUndefined()
  })
})

describe('the audit log', () => {
  it('keeps events for the retention period', async () => {
    const now = Date.now()
    await audit({ actor: 'anna@example.com', role: 'editor', event: 'sign-in', outcome: 'ok' }, now - 40 * 24 * 60 * minute)
    await audit(
      { actor: 'anna@example.com', role: 'editor', event: 'persistEntry', target: 'content/pages/about.yaml', outcome: 'ok' },
      now,
    )
    expect(await pruneAudit(30, now)).toBe(1)
    expect(await pruneAudit(30, now)).toBe(0)
  })
})
