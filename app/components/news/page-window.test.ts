import { describe, expect, it } from 'vitest'
import { pageWindow } from './page-window'

describe('pageWindow', () => {
  it('lists every page while there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 2)).toEqual([1, 2])
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps the first, the last, the current page and its neighbours; a gap for the rest', () => {
    expect(pageWindow(1, 334)).toEqual([1, 2, 'gap', 334])
    expect(pageWindow(334, 334)).toEqual([1, 'gap', 333, 334])
    expect(pageWindow(100, 334)).toEqual([1, 'gap', 99, 100, 101, 'gap', 334])
  })

  it('shows a single left-out page instead of a gap', () => {
    expect(pageWindow(4, 334)).toEqual([1, 2, 3, 4, 5, 'gap', 334])
    expect(pageWindow(331, 334)).toEqual([1, 'gap', 330, 331, 332, 333, 334])
  })

  it('never has more than seven entries, nor a page out of range', () => {
    for (const pageCount of [1, 2, 7, 8, 50]) {
      for (let page = 1; page <= pageCount; page++) {
        const entries = pageWindow(page, pageCount)
        expect(entries.length).toBeLessThanOrEqual(7)
        const numbers = entries.filter((entry) => entry !== 'gap')
        expect(numbers).toContain(page)
        expect(numbers.every((number) => number >= 1 && number <= pageCount)).toBe(true)
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
      }
    }
  })
})
