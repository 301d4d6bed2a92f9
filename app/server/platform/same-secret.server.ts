import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest()

/**
 * Whether `given` equals `secret`, in time that does not depend on where they differ: the one
 * comparison for secrets, tokens and signatures. Hashing both first gives equal lengths (which
 * timingSafeEqual needs) and hides the secret's length. Missing or empty never matches.
 */
export function sameSecret(given: string | Uint8Array | null | undefined, secret: string | Uint8Array): boolean {
  if (!given || given.length === 0 || secret.length === 0) return false
  return timingSafeEqual(digest(given), digest(secret))
}
