import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeadlineExceeded, withDeadline } from './deadline'

describe('withDeadline', () => {
  afterEach(() => vi.useRealTimers())

  it("answers with the work's result when it ends in time, and never aborts it", async () => {
    let signal: AbortSignal | undefined
    const result = await withDeadline(
      1000,
      async (deadline) => {
        signal = deadline
        return 'page'
      },
      () => 'too late',
    )
    expect(result).toBe('page')
    expect(signal?.aborted).toBe(false)
  })

  it('answers at the deadline when the work never ends (a promise that never settles), and aborts its signal', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    const answer = withDeadline(
      15_000,
      (deadline) => {
        signal = deadline
        return new Promise<string>(() => undefined)
      },
      () => 'timed out',
    )
    await vi.advanceTimersByTimeAsync(14_999)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await answer).toBe('timed out')
    expect(signal?.aborted).toBe(true)
    expect(signal?.reason).toBeInstanceOf(DeadlineExceeded)
  })

  it("passes the work's failure on, and a late failure after the deadline goes nowhere", async () => {
    await expect(
      withDeadline(
        1000,
        () => Promise.reject(new Error('boom')),
        () => 'x',
      ),
    ).rejects.toThrow('boom')
    vi.useFakeTimers()
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    let fail: (error: Error) => void = () => undefined
    const answer = withDeadline(
      10,
      () => new Promise<string>((_, reject) => (fail = reject)),
      () => 'timed out',
    )
    await vi.advanceTimersByTimeAsync(10)
    expect(await answer).toBe('timed out')
    fail(new Error('late'))
    await vi.advanceTimersByTimeAsync(0)
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })
})
