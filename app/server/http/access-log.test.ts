import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { accessLogEntry, accessLogLevel, accessLogMessage, requestIdFrom, routeKind } from './access-log.server'
import { createLogger } from '../platform/logger.server'

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('request id', () => {
  it('keeps a short, printable incoming id', () => {
    for (const id of [
      'abc-123',
      'f24c3558-9732-4487-be2c-24818eab795a',
      'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8',
      'x'.repeat(128),
    ]) {
      expect(requestIdFrom(id)).toBe(id)
    }
  })

  it('makes a new one when the header is absent, empty, too long or not printable ASCII', () => {
    for (const id of [null, '', 'x'.repeat(129), 'two words', 'line\nbreak', 'tab\there', 'ümlaut', 'bell\u0007', 'zero\u0000']) {
      expect(requestIdFrom(id)).toMatch(uuid)
    }
    expect(requestIdFrom(null)).not.toBe(requestIdFrom(null))
  })
})

describe('route kind', () => {
  it('names a handful of kinds, never the path', () => {
    expect(routeKind('/')).toBe('page')
    expect(routeKind('/en/news')).toBe('page')
    expect(routeKind('/_serverFn/abc')).toBe('server_fn')
    expect(routeKind('/graphql')).toBe('graphql')
    expect(routeKind('/api/cache/purge')).toBe('api')
    expect(routeKind('/healthz')).toBe('probe')
    expect(routeKind('/readyz')).toBe('probe')
    expect(routeKind('/metrics')).toBe('metrics')
    expect(routeKind('/sitemap.xml')).toBe('other')
  })
})

/** A logger whose lines land in an array. */
function capturingLogger(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { lines, logger: createLogger(destination) }
}

describe('access-log line', () => {
  const request = new Request('http://localhost/en/contact?token=secret&utm_source=x', { method: 'GET' })
  const url = new URL(request.url)
  const response = new Response('hello', { status: 200, headers: { 'X-Page-Cache': 'HIT', 'Content-Length': '5' } })

  it('is one JSON object with the request id, method, path without query, status, duration, cache and bytes', async () => {
    const { lines, logger } = capturingLogger()
    const entry = accessLogEntry(request, url, response, 12.345, 'req-1')
    logger[accessLogLevel(entry)](entry, accessLogMessage(entry))
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toHaveLength(1)
    const line = lines[0] ?? ''
    expect(line.endsWith('\n')).toBe(true)
    expect(line).not.toContain('secret')
    expect(JSON.parse(line)).toMatchObject({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pid: process.pid,
      reqId: 'req-1',
      method: 'GET',
      path: '/en/contact',
      status: 200,
      durationMs: 12.3,
      kind: 'page',
      cache: 'HIT',
      bytes: 5,
      msg: 'GET /en/contact 200 12.3 ms HIT',
    })
  })

  it('leaves out what the response does not say', () => {
    const entry = accessLogEntry(
      new Request('http://localhost/api/global', { method: 'POST' }),
      new URL('http://localhost/api/global'),
      new Response(null, { status: 404 }),
      1,
      'r',
    )
    expect(entry).toEqual({ reqId: 'r', method: 'POST', path: '/api/global', status: 404, durationMs: 1, kind: 'api' })
  })

  it('caps an overlong path', () => {
    const long = `http://localhost/${'a'.repeat(5000)}`
    expect(accessLogEntry(new Request(long), new URL(long), new Response(null, { status: 414 }), 1, 'r').path).toHaveLength(1024)
  })

  it('puts probes and scrapes at debug (not written at the default level) unless they fail', async () => {
    const probe = accessLogEntry(new Request('http://localhost/healthz'), new URL('http://localhost/healthz'), new Response('{}'), 1, 'r')
    expect(accessLogLevel(probe)).toBe('debug')
    expect(accessLogLevel({ ...probe, status: 503 })).toBe('info')
    const { lines, logger } = capturingLogger()
    logger[accessLogLevel(probe)](probe, accessLogMessage(probe))
    await new Promise((resolve) => setImmediate(resolve))
    expect(lines).toEqual([])
  })
})
