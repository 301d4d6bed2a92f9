import { describe, expect, it, vi } from 'vitest'

// The CMS knows one token; counting its calls shows a verdict is kept.
const cms = vi.hoisted(() => ({ cmsKnowsToken: vi.fn(async (token: string) => token === 'known-token') }))
vi.mock('./cms/client.server', () => cms)

const { isSignedIn, mayBeSignedIn, withoutAuthCookie } = await import('./signed-in.server')

describe('who is signed in', () => {
  it('is only a visitor whose auth cookie the CMS knows, asked once per token', async () => {
    expect(await isSignedIn('auth_token=known-token')).toBe(true)
    expect(await isSignedIn('auth_token=x')).toBe(false)
    expect(await isSignedIn('auth_token=x; consent=granted')).toBe(false)
    expect(await isSignedIn('consent=granted')).toBe(false)
    expect(await isSignedIn(null)).toBe(false)
    expect(cms.cmsKnowsToken.mock.calls.map(([token]) => token)).toEqual(['known-token', 'x'])
  })

  it('takes away every pair that could be read as the auth cookie, and only those', () => {
    for (const cookies of ['auth_token=x', 'AUTH_TOKEN=y', 'auth_token =z; auth_token=w']) {
      expect(mayBeSignedIn(cookies)).toBe(true)
      expect(withoutAuthCookie(cookies)).toBeNull()
    }
    const kept = withoutAuthCookie('consent=granted; auth_token=x;lang=en; Auth_Token = y')
    expect(kept).toBe('consent=granted; lang=en')
    expect(mayBeSignedIn(kept)).toBe(false)
  })
})
