/**
 * A circuit breaker for one dependency (the CMS): after `failureThreshold` failures in a row
 * it opens and calls fail at once for `cooldownMs`; then one trial call goes through (half
 * open), and its outcome closes or reopens the circuit. A CMS that hangs or fails then costs
 * milliseconds per request instead of a render slot for the whole timeout.
 */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError'
}

export interface CircuitBreakerOptions {
  failureThreshold: number
  cooldownMs: number
  now?: () => number
}

export class CircuitBreaker {
  readonly #threshold: number
  readonly #cooldownMs: number
  readonly #now: () => number
  #failures = 0
  #openUntil = 0
  #trialRunning = false

  constructor({ failureThreshold, cooldownMs, now = Date.now }: CircuitBreakerOptions) {
    this.#threshold = failureThreshold
    this.#cooldownMs = cooldownMs
    this.#now = now
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.#failures < this.#threshold) return 'closed'
    return this.#now() < this.#openUntil ? 'open' : 'half-open'
  }

  /** Runs `call` unless the circuit is open; `isFailure` tells outages from answers (default: every error). */
  async run<T>(call: () => Promise<T>, isFailure: (error: unknown) => boolean = () => true): Promise<T> {
    const state = this.state
    if (state === 'open' || (state === 'half-open' && this.#trialRunning)) throw new CircuitOpenError('CMS circuit open')
    const trial = state === 'half-open'
    if (trial) this.#trialRunning = true
    try {
      const result = await call()
      this.#failures = 0
      return result
    } catch (error) {
      if (isFailure(error)) {
        this.#failures++
        if (this.#failures >= this.#threshold) this.#openUntil = this.#now() + this.#cooldownMs
      } else if (trial) {
        this.#failures = 0
      }
      throw error
    } finally {
      if (trial) this.#trialRunning = false
    }
  }
}
