import { FastResponse } from 'srvx'
import { describe, expect, it } from 'vitest'
import { accessLogEntry } from './access-log.server'
import { completeResponseFacts, markComplete } from './complete-response'

describe('complete responses', () => {
  it('carry their facts; other responses have none', () => {
    const page = markComplete(new FastResponse('x', { headers: [['X-Page-Cache', 'HIT']] }), { cache: 'HIT', bytes: 1 })
    expect(completeResponseFacts(page)).toEqual({ cache: 'HIT', bytes: 1 })
    expect(completeResponseFacts(new Response('x'))).toBeUndefined()
    // Seen through the registered symbol, as nitro's separately bundled hook sees it.
    expect(Reflect.get(page, Symbol.for('autogroep.completeResponse'))).toEqual({ cache: 'HIT', bytes: 1 })
  })

  it('give the access log its cache state and size without reading headers', () => {
    const page = markComplete(new FastResponse(null, { status: 304, headers: [] }), { cache: 'STALE', bytes: undefined })
    const request = new Request('http://localhost/nieuws')
    const entry = accessLogEntry(request, new URL(request.url), page, 1.23, 'id-1')
    expect(entry).toMatchObject({ cache: 'STALE', status: 304, path: '/nieuws', kind: 'page' })
    expect(entry).not.toHaveProperty('bytes')
    const sent = markComplete(new FastResponse('abc', { headers: [] }), { cache: 'MISS', bytes: 3 })
    expect(accessLogEntry(request, new URL(request.url), sent, 2, 'id-2')).toMatchObject({ cache: 'MISS', bytes: 3 })
  })
})
