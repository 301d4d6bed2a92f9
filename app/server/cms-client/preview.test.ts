import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cmsPreviewTokenSeconds, createCmsPreviewToken, isValidCmsPreviewToken } from '../../cms/preview-token.server'
import { createPreviewToken, previewMaxAgeSeconds, safeReturnPath, signedPreviewToken } from './preview.server'

const secret = 'a-preview-secret-of-some-length'

describe('preview tokens (the editor’s cookie)', () => {
  const now = Date.UTC(2026, 10, 23, 12)
  const token = createPreviewToken(secret, now)

  it('are valid with their secret until they expire, each with an id of its own', () => {
    expect(token).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/)
    const expires = Math.floor(now / 1000) + previewMaxAgeSeconds
    expect(signedPreviewToken(token, secret, now)).toEqual({ id: token.split('.')[0], expires })
    expect(signedPreviewToken(token, secret, now + (previewMaxAgeSeconds - 1) * 1000)).toBeDefined()
    expect(signedPreviewToken(token, secret, now + previewMaxAgeSeconds * 1000)).toBeUndefined()
    expect(createPreviewToken(secret, now).split('.')[0]).not.toBe(token.split('.')[0])
  })

  it('are refused when forged, altered, signed with another secret or when preview is off', () => {
    const [id = '', expires = '', signature = ''] = token.split('.')
    expect(signedPreviewToken(`${id}.${Number(expires) + 3600}.${signature}`, secret, now)).toBeUndefined()
    expect(signedPreviewToken(`${'A'.repeat(22)}.${expires}.${signature}`, secret, now)).toBeUndefined()
    expect(signedPreviewToken(`${id}.${expires}.${'A'.repeat(43)}`, secret, now)).toBeUndefined()
    expect(signedPreviewToken(token, 'another-secret-of-some-length', now)).toBeUndefined()
    expect(signedPreviewToken(token, undefined, now)).toBeUndefined()
    for (const junk of ['', '1', 'x.y', `${expires}.${signature}`, `${token}.x`, undefined, null])
      expect(signedPreviewToken(junk, secret, now)).toBeUndefined()
  })
})

describe('CMS preview tokens (what the site sends its CMS)', () => {
  const now = Date.UTC(2026, 10, 23, 12)
  const cookieExpires = Math.floor(now / 1000) + previewMaxAgeSeconds

  it('last minutes, never past the cookie, and only a holder of the secret makes one', () => {
    const token = createCmsPreviewToken(secret, cookieExpires, now)
    expect(isValidCmsPreviewToken(token, secret, now)).toBe(true)
    expect(isValidCmsPreviewToken(token, secret, now + cmsPreviewTokenSeconds * 1000)).toBe(false)
    expect(createCmsPreviewToken(secret, Math.floor(now / 1000) + 10, now)).toMatch(new RegExp(`^${Math.floor(now / 1000) + 10}\\.`))
    expect(isValidCmsPreviewToken(token, 'another-secret-of-some-length', now)).toBe(false)
    expect(isValidCmsPreviewToken(token, undefined, now)).toBe(false)
  })

  it('are never an editor’s cookie: a copied cookie shows no draft at the CMS', () => {
    expect(isValidCmsPreviewToken(createPreviewToken(secret, now), secret, now)).toBe(false)
    // Nor the other way round.
    const cms = createCmsPreviewToken(secret, cookieExpires, now)
    expect(signedPreviewToken(cms, secret, now)).toBeUndefined()
    expect(signedPreviewToken(`${'A'.repeat(22)}.${cms}`, secret, now)).toBeUndefined()
  })
})

describe('leaving preview', () => {
  afterEach(async () => {
    const { closeDatabase } = await import('../platform/db.server')
    await closeDatabase()
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('revokes the token for every worker on the database; other editors keep theirs', async () => {
    vi.resetModules()
    vi.stubEnv('PREVIEW_SECRET', secret)
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'preview-')))
    const first = await import('./preview.server')
    const cookie = `lang=nl; preview=${first.createPreviewToken(secret)}`
    const colleague = `preview=${first.createPreviewToken(secret)}`
    expect(isValidCmsPreviewToken(await first.cmsPreviewTokenOf(cookie), secret)).toBe(true)
    // Another module instance: another connection to the same database, as another worker has.
    vi.resetModules()
    const second = await import('./preview.server')
    expect(await second.cmsPreviewTokenOf(cookie)).toBeDefined()

    await first.revokePreview(cookie)
    expect(await first.cmsPreviewTokenOf(cookie)).toBeUndefined()
    expect(await second.cmsPreviewTokenOf(cookie)).toBeUndefined()
    expect(await second.cmsPreviewTokenOf(colleague)).toBeDefined()
    // Still signed: it keeps a page out of the shared cache, nothing more.
    expect(second.hasSignedPreviewCookie(cookie)).toBe(true)
    // Leaving twice, or without a (valid) cookie, is no error.
    await second.revokePreview(cookie)
    await second.revokePreview('preview=junk')
    await second.revokePreview(null)
  })

  it('shows no draft when the revocations cannot be read', async () => {
    vi.resetModules()
    vi.stubEnv('PREVIEW_SECRET', secret)
    vi.stubEnv('DATABASE_URL', 'postgres://nobody@127.0.0.1:1/none')
    const { logger } = await import('../platform/logger.server')
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
    const preview = await import('./preview.server')
    expect(await preview.cmsPreviewTokenOf(`preview=${preview.createPreviewToken(secret)}`)).toBeUndefined()
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('safeReturnPath', () => {
  it.each([
    ['/over-ons', '/over-ons'],
    ['/en/about-us?x=1', '/en/about-us?x=1'],
    [null, '/'],
    ['', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/a b', '/'],
    // Decoded by the query string: encoded again, as a header must be ASCII.
    ['/de/über-uns', '/de/%C3%BCber-uns'],
    ['/日', '/%E6%97%A5'],
    ['/de/%C3%BCber-uns', '/de/%C3%BCber-uns'],
    ['/\u0000', '/'],
    ['/\u0001x', '/'],
    ['/\u007f', '/'],
    ['/.//evil.example', '/'],
    ['/a/..//evil.example', '/'],
  ])('%j → %j', (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected)
  })
})
