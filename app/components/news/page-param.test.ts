import { describe, expect, it } from 'vitest'
import { parsePageParam } from './page-param'

describe('news ?page parsing', () => {
  it.each([
    [undefined, 1],
    [1, 1],
    [3, 3],
    ['2', 2],
  ])('accepts %s as page %s', (input, page) => expect(parsePageParam(input)).toBe(page))

  it.each([0, -1, 1.5, 'abc', '1.5', '', '1e3', '0x10', 10_001, null, [], {}])('rejects %s', (input) => {
    expect(parsePageParam(input)).toBeNull()
  })
})
