import { describe, expect, it, vi } from 'vitest'
import { retryingLoad } from './retrying-load'

describe('retryingLoad', () => {
  it('loads once and shares the value', async () => {
    const load = vi.fn(async () => ({ id: 1 }))
    const value = retryingLoad(load)
    expect(value.current()).toBeUndefined()
    const [a, b] = await Promise.all([value.get(), value.get()])
    expect(a).toBe(b)
    expect(load).toHaveBeenCalledTimes(1)
    expect(await value.current()).toBe(a)
  })

  it('forgets a failed load, so the next use tries again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('no module')).mockResolvedValue('ok')
    const value = retryingLoad(load)
    await expect(value.get()).rejects.toThrow('no module')
    expect(value.current()).toBeUndefined()
    await expect(value.get()).resolves.toBe('ok')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('a failed load forgotten before it failed does not drop the newer one', async () => {
    let fail: (error: Error) => void = () => {}
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise((_, reject) => (fail = reject)))
      .mockResolvedValue('second')
    const value = retryingLoad(load)
    const first = value.get()
    value.forget()
    const second = value.get()
    fail(new Error('late'))
    await expect(first).rejects.toThrow('late')
    expect(value.current()).toBe(second)
    await expect(value.get()).resolves.toBe('second')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('loads afresh after forget', async () => {
    let made = 0
    const value = retryingLoad(async () => ++made)
    expect(await value.get()).toBe(1)
    value.forget()
    expect(value.current()).toBeUndefined()
    expect(await value.get()).toBe(2)
  })
})
