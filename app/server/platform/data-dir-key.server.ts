import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A random key kept in DATA_DIR as `name`, made by whichever worker needs it first (readable by
 * this user only): every worker of the cluster reads the same one, and a restart keeps it. The
 * local admin signs its session tokens with one, and its preview cookies with another (ADR 099).
 */

const keys = new Map<string, Buffer>()

export function dataDirKey(dataDir: string, name: string): Buffer {
  const file = join(dataDir, name)
  let key = keys.get(file)
  if (key) return key
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': only one worker makes it; the others read what it wrote.
    const fd = openSync(file, 'wx', 0o600)
    try {
      writeSync(fd, randomBytes(32).toString('base64url'))
    } finally {
      closeSync(fd)
    }
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error
  }
  const text = readFileSync(file, 'utf8').trim()
  // A key still being written by another worker reads short: not kept, the next call reads again.
  if (text.length < 43) throw new Error(`${file}: the key is incomplete`)
  key = Buffer.from(text, 'base64url')
  keys.set(file, key)
  return key
}
