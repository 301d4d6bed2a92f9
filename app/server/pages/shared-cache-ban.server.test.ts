import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { banSharedCaches, banSharedCachesNowAndSoon } from './shared-cache-ban.server'

/**
 * A stand-in for Varnish on a bare socket (Node's HTTP parser refuses methods it does not know,
 * BAN among them): records each request line's method and path, answers 200 or, for `/refuse`, 403.
 */
let cache: Server
let base = ''
const seen: string[] = []

beforeAll(async () => {
  cache = createServer((socket) => {
    socket.once('data', (chunk: Buffer) => {
      const [method, path] = chunk.toString('latin1').split(' ')
      seen.push(`${method} ${path}`)
      const status = path === '/refuse' ? '403 Forbidden' : '200 Banned'
      socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)
    })
  })
  await new Promise<void>((resolve) => cache.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${portOf(cache)}`
})

afterAll(() => new Promise<void>((resolve) => cache.close(() => resolve())))

function portOf(server: Server): number {
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('not listening on a TCP port')
  return address.port
}

/** A port nothing listens on: one that was free a moment ago. */
async function closedPort(): Promise<string> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = portOf(probe)
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

describe('banning the shared caches in front', () => {
  it('sends BAN to each address and counts the caches that confirmed, without throwing for the others', async () => {
    seen.length = 0
    const confirmed = await banSharedCaches([`${base}/`, `${base}/refuse`, await closedPort()])
    expect(confirmed).toBe(1)
    expect(seen.sort()).toEqual(['BAN /', 'BAN /refuse'])
  })

  it('bans now and once more after the delay, for renders that began before the change', async () => {
    seen.length = 0
    banSharedCachesNowAndSoon([`${base}/`], 50)
    await vi.waitFor(() => expect(seen).toEqual(['BAN /', 'BAN /']), { timeout: 5_000 })
  })

  it('sends nothing without addresses', async () => {
    seen.length = 0
    banSharedCachesNowAndSoon([], 0)
    expect(await banSharedCaches([])).toBe(0)
    expect(seen).toEqual([])
  })
})
