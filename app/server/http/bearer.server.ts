import { sameSecret } from '../platform/same-secret.server'

/** Whether the request's `Authorization: Bearer …` is `secret`, compared in constant time. */
export function hasBearer(request: Request, secret: string): boolean {
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1]
  return sameSecret(given, secret)
}
