import { afterEach, describe, expect, it, vi } from 'vitest'

// The CMS knows one token; counting its calls shows a verdict is kept. `undefined`: no clear answer.
const cms = vi.hoisted(() => ({
  cmsKnowsToken: vi.fn(async (token: string): Promise<boolean | undefined> => token === 'known-token'),
}))
vi.mock('../cms-client/client.server', () => cms)

const { checkLimit, checkShare, isSignedIn, maxTokenLength, mayBeSignedIn, signedInToken, withoutAuthCookie } =
  await import('./signed-in.server')

afterEach(() => {
  cms.cmsKnowsToken.mockReset()
  cms.cmsKnowsToken.mockImplementation(async (token: string) => token === 'known-token')
})

/** A CMS read that answers when told. */
function heldAnswer() {
  let answer: (verdict: boolean | undefined) => void = () => undefined
  const promise = new Promise<boolean | undefined>((resolve) => (answer = resolve))
  return { promise, answer }
}

describe('who is signed in', () => {
  it('is only a visitor whose auth cookie the CMS knows, asked once per token', async () => {
    expect(await isSignedIn('auth_token=known-token', 'a')).toBe(true)
    expect(await isSignedIn('auth_token=x', 'a')).toBe(false)
    expect(await isSignedIn('auth_token=x; consent=granted', 'a')).toBe(false)
    expect(await isSignedIn('consent=granted', 'a')).toBe(false)
    expect(await isSignedIn(null, 'a')).toBe(false)
    expect(cms.cmsKnowsToken.mock.calls.map(([token]) => token)).toEqual(['known-token', 'x'])
  })

  it('does not ask about a token too long or of characters no token has', async () => {
    expect(await isSignedIn(`auth_token=${'a'.repeat(maxTokenLength + 1)}`, 'a')).toBe(false)
    expect(await isSignedIn('auth_token=a"b', 'a')).toBe(false)
    expect(await isSignedIn('auth_token=a%00b', 'a')).toBe(false)
    expect(cms.cmsKnowsToken).not.toHaveBeenCalled()
    // A JWT is asked about.
    expect(await isSignedIn('auth_token=eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl-_', 'a')).toBe(false)
    expect(cms.cmsKnowsToken).toHaveBeenCalledTimes(1)
  })

  it('keeps no verdict after a timeout or an outage: the next request asks again', async () => {
    cms.cmsKnowsToken.mockResolvedValueOnce(undefined)
    expect(await isSignedIn('auth_token=blip-token', 'a')).toBe(false)
    cms.cmsKnowsToken.mockResolvedValueOnce(true)
    expect(await isSignedIn('auth_token=blip-token', 'a')).toBe(true)
    expect(await isSignedIn('auth_token=blip-token', 'a')).toBe(true)
    expect(cms.cmsKnowsToken).toHaveBeenCalledTimes(2)
  })

  it('asks about a few tokens at a time, each client its share; the rest are anonymous, nothing kept', async () => {
    const held = heldAnswer()
    cms.cmsKnowsToken.mockImplementation(() => held.promise)
    // One client: its share of checks, then anonymous at once without asking.
    const flood = Array.from({ length: 20 }, (_, i) => isSignedIn(`auth_token=flood-${i}`, 'flooder'))
    expect(cms.cmsKnowsToken).toHaveBeenCalledTimes(checkShare)
    const later = new Promise((resolve) => setTimeout(() => resolve('waiting'), 100))
    expect(await Promise.race([Promise.all(flood.slice(checkShare)), later])).toEqual(Array(20 - checkShare).fill(false))
    // Others up to the limit in all; one request of a token under way waits for that same check.
    const others = Array.from({ length: checkLimit }, (_, i) => isSignedIn(`auth_token=other-${i}`, `client-${i}`))
    expect(cms.cmsKnowsToken).toHaveBeenCalledTimes(checkLimit)
    const again = isSignedIn('auth_token=other-0', 'client-0')
    expect(cms.cmsKnowsToken).toHaveBeenCalledTimes(checkLimit)
    held.answer(true)
    expect(await Promise.all(flood.slice(0, checkShare))).toEqual([true, true])
    expect(await again).toBe(true)
    await Promise.all(others)
    // A token refused for lack of room was not remembered as anonymous.
    cms.cmsKnowsToken.mockResolvedValue(true)
    expect(await isSignedIn(`auth_token=flood-${checkShare}`, 'flooder')).toBe(true)
  })

  it('gives the CMS reads of server functions only a token the CMS knows', async () => {
    expect(await signedInToken('consent=granted; auth_token=known-token', 'a')).toBe('known-token')
    // A made-up token is no token: the read is an anonymous one, from the shared cache.
    expect(await signedInToken('auth_token=made-up', 'a')).toBeUndefined()
    expect(await signedInToken('consent=granted', 'a')).toBeUndefined()
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
