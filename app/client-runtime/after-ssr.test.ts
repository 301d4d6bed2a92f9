import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { constants } from '../../app.config'
import { enableFetchesAfterSsr, mayRefetchOnMount, preloadQueue } from './after-ssr'

describe('fetches after SSR', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    // The module's timers are the window's; the fake ones stand in for them here.
    vi.stubGlobal('window', { setTimeout, clearTimeout })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('holds preloads and refetches until the delay after hydration has passed', async () => {
    const started: string[] = []
    const preload = preloadQueue.run(async () => started.push('preload'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(started).toEqual([])
    expect(mayRefetchOnMount()).toBe(false)

    enableFetchesAfterSsr()
    await vi.advanceTimersByTimeAsync(constants.enableFetchAfterSsrMs - 1)
    expect(started).toEqual([])
    expect(mayRefetchOnMount()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await preload
    expect(started).toEqual(['preload'])
    expect(mayRefetchOnMount()).toBe(true)
  })
})
