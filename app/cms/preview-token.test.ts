import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * Which secret signs previews (ADR 080, 099, 108): PREVIEW_SECRET when set; otherwise the
 * admin's data-folder key, so an editor of the admin (local or signed in) enters preview mode
 * without one; without an admin, preview is off.
 */

const siteAdmin = {
  CMS_ADMIN: 'site',
  SITE_URL: 'https://www.dealer.example',
  ADMIN_OIDC_ISSUER: 'https://login.dealer.example',
  ADMIN_OIDC_CLIENT_ID: 'site',
  ADMIN_OIDC_CLIENT_SECRET: 'a-client-secret',
  ADMIN_EDITOR_GROUPS: 'marketing',
}

/** previewSecret as a fresh process with `env` reads it (the runtime configuration is read once per module load). */
async function secretWith(env: Record<string, string>): Promise<string | undefined> {
  vi.resetModules()
  vi.stubEnv('NODE_ENV', 'production')
  vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'preview-secret-')))
  for (const name of ['CMS_ADMIN', 'PREVIEW_SECRET', 'CMS_GRAPHQL_URL']) vi.stubEnv(name, '')
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
  const { previewSecret } = await import('./preview-token.server')
  const first = previewSecret()
  expect(previewSecret()).toBe(first)
  return first
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('previewSecret', () => {
  it('is PREVIEW_SECRET when set, whatever the admin', async () => {
    expect(await secretWith({ PREVIEW_SECRET: 'a-secret-of-sixteen' })).toBe('a-secret-of-sixteen')
    expect(await secretWith({ ...siteAdmin, PREVIEW_SECRET: 'a-secret-of-sixteen' })).toBe('a-secret-of-sixteen')
  })

  it("is the data folder's key for signed-in editors and the local admin, without PREVIEW_SECRET", async () => {
    expect(await secretWith(siteAdmin)).toMatch(/^[\w-]{43}$/)
    expect(await secretWith({ CMS_ADMIN: 'local' })).toMatch(/^[\w-]{43}$/)
  })

  it('is none without an admin: preview is off', async () => {
    expect(await secretWith({})).toBeUndefined()
  })
})
