import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { servicesInstalled, startRedis, type Service } from '../../../tests/support/services'

/**
 * The admin's writes announced to every worker and instance (ADR 107): over Redis when REDIS_URL
 * is set, else through the cluster primary; the save lock announces only when files changed.
 */

const original = process.send
let sent: unknown[] = []

beforeEach(() => {
  vi.resetModules()
  sent = []
  // Under the cluster primary a worker has an IPC channel; a test thread has none.
  process.send = (message: unknown) => {
    sent.push(message)
    return true
  }
})
afterEach(() => {
  process.send = original
  vi.unstubAllEnvs()
})

describe('without Redis: through the cluster primary', () => {
  it('a process that serves no content (a script, a check) announces nothing', async () => {
    const { announceContentWritten } = await import('./content-written.server')
    await announceContentWritten()
    expect(sent).toEqual([])
  })

  it('reloads this worker, asks the primary to tell the others, and reloads when the primary relays another’s', async () => {
    vi.stubEnv('REDIS_URL', '')
    const { announceContentWritten, listenForContentWrites } = await import('./content-written.server')
    const reload = vi.fn()
    await listenForContentWrites(reload)
    await announceContentWritten()
    expect(reload).toHaveBeenCalledTimes(1)
    expect(sent).toEqual([{ type: 'site:content-written' }])
    process.emit('message', { type: 'site:content-written' }, undefined)
    expect(reload).toHaveBeenCalledTimes(2)
    // A purge is not a write: its own listener empties the caches (content-caches.server.ts).
    process.emit('message', { type: 'site:content-changed' }, undefined)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('the save lock announces once after a change, not after a refusal that wrote nothing', async () => {
    vi.stubEnv('REDIS_URL', '')
    const { listenForContentWrites } = await import('./content-written.server')
    const { underSaveLock } = await import('../admin/local-save.server')
    const { writeInFolder } = await import('../admin/content-folder.server')
    const root = join(mkdtempSync(join(tmpdir(), 'content-written-')), 'content')
    mkdirSync(join(root, 'news'), { recursive: true })
    const folder = {
      root,
      name: 'content',
      entryFolders: new Set(['content/news']),
      entryFiles: new Set<string>(),
      mediaFolder: 'content/media',
    }
    const reload = vi.fn()
    await listenForContentWrites(reload)

    expect(await underSaveLock(folder, () => ({ status: 409, body: { conflict: true } }))).toEqual({
      status: 409,
      body: { conflict: true },
    })
    expect(reload).not.toHaveBeenCalled()
    expect(sent).toEqual([])

    await underSaveLock(folder, () => {
      writeInFolder(folder, 'content/news/a.yaml', 'id: a\n')
      writeInFolder(folder, 'content/news/b.yaml', 'id: b\n')
      return { status: 200, body: null }
    })
    expect(readFileSync(join(root, 'news', 'a.yaml'), 'utf8')).toBe('id: a\n')
    expect(reload).toHaveBeenCalledTimes(1)
    expect(sent).toEqual([{ type: 'site:content-written' }])
  })
})

let redis: Service | undefined
afterAll(async () => {
  await redis?.stop()
})

describe.skipIf(!servicesInstalled && !process.env.CI)('with Redis: every instance', () => {
  it('another instance’s announcement reloads this worker; its own reloads it once, not again when Redis echoes it', async () => {
    redis = await startRedis()
    vi.stubEnv('REDIS_URL', redis.url)
    const { announceContentWritten, listenForContentWrites } = await import('./content-written.server')
    const { closeRedis } = await import('./redis.server')
    const reload = vi.fn()
    await listenForContentWrites(reload)
    // Another instance: its own connection and its own announcer id.
    const { Redis } = await import('ioredis')
    const other = new Redis(redis.url)
    try {
      await other.publish('site:content-written', 'another-instance')
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
      await announceContentWritten()
      expect(reload).toHaveBeenCalledTimes(2)
      // Redis delivers in order: the echo of our own announcement comes before this one.
      await other.publish('site:content-written', 'another-instance')
      await vi.waitFor(() => expect(reload.mock.calls.length).toBeGreaterThanOrEqual(3))
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(reload).toHaveBeenCalledTimes(3)
      expect(sent).toEqual([])
    } finally {
      other.disconnect()
      await closeRedis()
    }
  })
})
