import { createHash } from 'node:crypto'

/** A UUID (RFC 9562 version 8, custom) derived from `parts`: the same parts always give the same key. */
export function derivedIdempotencyKey(parts: ReadonlyArray<string>): string {
  const hex = createHash('sha256').update(JSON.stringify(parts)).digest('hex')
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
