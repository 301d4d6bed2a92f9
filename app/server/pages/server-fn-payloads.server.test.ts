import { toJSONAsync } from 'seroval'
import { describe, expect, it } from 'vitest'
import { undecodableServerFnCall } from './server-fn-payloads.server'

const endpoint = 'http://127.0.0.1/_serverFn/41899449b442f77a7e1e47f40da2a3970a86c3eb10c1b5a06fd710f016e5a17b'

function post(body: string, contentType = 'application/json'): Request {
  return new Request(endpoint, { method: 'POST', headers: { 'content-type': contentType }, body })
}

describe('undecodableServerFnCall', () => {
  it('refuses a contact call whose data is a promise node', async () => {
    const body = '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":22,"i":1,"s":1}]},"o":0},"f":127,"m":[]}'
    expect(await undecodableServerFnCall(post(body))).toBe('Malformed payload')
  })

  it('refuses the same in a GET payload and in the context of a form call', async () => {
    const payload = JSON.stringify(await toJSONAsync({ data: { locale: 'nl', page: Promise.resolve(1) } }))
    expect(await undecodableServerFnCall(new Request(`${endpoint}?payload=${encodeURIComponent(payload)}`))).toBe('Malformed payload')
    const form = new FormData()
    form.set('firstName', 'Anne')
    form.set('__TSS_CONTEXT', JSON.stringify(await toJSONAsync({ user: new Map() })))
    expect(await undecodableServerFnCall(new Request(endpoint, { method: 'POST', body: form }))).toBe('Malformed payload')
  })

  it("lets the site's own calls through: plain data as Start's client encodes it", async () => {
    const submission = { data: { firstName: 'Anne', message: 'Hallo', phone: undefined, idempotencyKey: crypto.randomUUID() } }
    expect(await undecodableServerFnCall(post(JSON.stringify(await toJSONAsync(submission))))).toBeUndefined()
    const read = JSON.stringify(await toJSONAsync({ data: { locale: 'nl', page: 2 } }))
    expect(await undecodableServerFnCall(new Request(`${endpoint}?payload=${encodeURIComponent(read)}`))).toBeUndefined()
  })

  it('still refuses what does not decode', async () => {
    expect(await undecodableServerFnCall(post('{'))).toBe('Malformed JSON')
    expect(await undecodableServerFnCall(post('{"t":{"t":99},"f":0,"m":[]}'))).toBe('Malformed payload')
  })
})
