import { createHash, timingSafeEqual } from 'node:crypto'

/** Whether the request's `Authorization: Bearer …` is `secret`, compared in constant time. */
export function hasBearer(request: Request, secret: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!given) return false
  // Hashing first gives equal lengths, which timingSafeEqual needs.
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(secret).digest())
}
