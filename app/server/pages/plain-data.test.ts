import { createStream, fromJSON, toJSONAsync } from 'seroval'
import { describe, expect, it } from 'vitest'
import { isPlainData, isPlainRecord } from './plain-data'

/** A value as the server sees it after a browser sent it: seroval's JSON, decoded. */
async function roundTrip(value: unknown): Promise<unknown> {
  return fromJSON(JSON.parse(JSON.stringify(await toJSONAsync(value))))
}

/** A seroval stream that has ended (toJSONAsync waits for an open one). */
function endedStream() {
  const stream = createStream<number>()
  stream.next(1)
  stream.return(2)
  return stream
}

describe('isPlainData', () => {
  it('takes what the site sends: objects of strings, numbers, booleans, null, undefined, arrays', async () => {
    const submission = {
      data: { firstName: 'Anne', surName: 'Vries', phone: undefined, page: 2, ok: true, none: null, tags: ['a', 1], nested: { a: [] } },
    }
    expect(isPlainData(await roundTrip(submission))).toBe(true)
    expect(isPlainData(await roundTrip({ data: undefined }))).toBe(true)
    expect(isPlainData(Object.assign(Object.create(null), { a: 1 }))).toBe(true)
  })

  it('takes one object reached twice, but not a cycle', async () => {
    const shared = { a: 1 }
    expect(isPlainData(await roundTrip({ x: shared, y: shared }))).toBe(true)
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(isPlainData(await roundTrip(cycle))).toBe(false)
  })

  it('refuses a promise node (type 22), which Start would wait on for ever', () => {
    const decoded = fromJSON(JSON.parse('{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":22,"i":1,"s":1}]},"o":0},"f":127,"m":[]}'))
    expect(isPlainData(decoded)).toBe(false)
  })

  it.each<[string, () => unknown]>([
    ['a promise', () => ({ data: Promise.resolve(1) })],
    ['a stream', () => ({ data: endedStream() })],
    ['a Map', () => ({ data: new Map([['a', 1]]) })],
    ['a Set', () => ({ data: new Set([1]) })],
    ['a Date', () => ({ data: new Date(0) })],
    ['an error', () => ({ data: new Error('x') })],
    ['a typed array', () => ({ data: new Uint8Array(2) })],
    ['a bigint', () => ({ data: 1n })],
    ['a well-known symbol', () => ({ data: Symbol.iterator })],
    ['an iterable', () => ({ data: { *[Symbol.iterator]() {} } })],
    ['an async iterable', () => ({ data: { async *[Symbol.asyncIterator]() {} } })],
    ['a boxed string', () => ({ data: Object('x') })],
    ['a regular expression', () => ({ data: /x/ })],
  ])('refuses %s, as seroval decodes it', async (_, make) => {
    expect(isPlainData(await roundTrip(make()))).toBe(false)
  })

  it('refuses functions, getters and symbol keys', () => {
    // oxlint-disable-next-line unicorn/no-thenable -- a thenable is what must not get through
    expect(isPlainData({ then: () => undefined })).toBe(false)
    expect(isPlainData(Object.defineProperty({}, 'a', { get: () => 1, enumerable: true }))).toBe(false)
    expect(isPlainData({ [Symbol('x')]: 1 })).toBe(false)
  })
})

describe('isPlainRecord', () => {
  it('is an object of plain fields, not an array, a primitive or a promise', () => {
    expect(isPlainRecord({ a: 'b' })).toBe(true)
    expect(isPlainRecord([])).toBe(false)
    expect(isPlainRecord('x')).toBe(false)
    expect(isPlainRecord(null)).toBe(false)
    expect(isPlainRecord(new Promise(() => undefined))).toBe(false)
  })
})
