import { describe, expect, it } from 'vitest'
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker'

const fail = () => Promise.reject(new Error('down'))
const ok = () => Promise.resolve('up')

describe('CircuitBreaker', () => {
  it('opens after the threshold, fails fast while open, lets one trial through after the cooldown', async () => {
    let now = 0
    let calls = 0
    const breaker = new CircuitBreaker({ failureThreshold: 3, cooldownMs: 1000, now: () => now })
    const counted = () => {
      calls++
      return fail()
    }
    for (let i = 0; i < 3; i++) await expect(breaker.run(counted)).rejects.toThrow('down')
    expect(breaker.state).toBe('open')
    await expect(breaker.run(counted)).rejects.toBeInstanceOf(CircuitOpenError)
    expect(calls).toBe(3)
    now += 1000
    expect(breaker.state).toBe('half-open')
    // The trial fails: open again for another cooldown.
    await expect(breaker.run(counted)).rejects.toThrow('down')
    expect(breaker.state).toBe('open')
    now += 1000
    await expect(breaker.run(ok)).resolves.toBe('up')
    expect(breaker.state).toBe('closed')
  })

  it('runs a single trial at a time when half open', async () => {
    let now = 0
    const breaker = new CircuitBreaker({ failureThreshold: 1, cooldownMs: 10, now: () => now })
    await expect(breaker.run(fail)).rejects.toThrow()
    now += 10
    let finish: (value: string) => void = () => {}
    const trial = breaker.run(() => new Promise<string>((resolve) => (finish = resolve)))
    await expect(breaker.run(ok)).rejects.toBeInstanceOf(CircuitOpenError)
    finish('up')
    await expect(trial).resolves.toBe('up')
    await expect(breaker.run(ok)).resolves.toBe('up')
  })

  it('does not count answers that are not outages', async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, cooldownMs: 1000 })
    await expect(breaker.run(fail, () => false)).rejects.toThrow()
    expect(breaker.state).toBe('closed')
  })
})
