/**
 * At most `limit` page renders at a time; the rest wait their turn (first come,
 * first served), and beyond `maxWaiting` a request is turned away. Server-side
 * React rendering is CPU work: running fifty at once on one core finishes none
 * sooner and holds fifty render trees in memory.
 */
export class RenderSlots {
  readonly #limit: number
  readonly #maxWaiting: number
  #running = 0
  readonly #waiting: Array<() => void> = []
  /** Each client's requests running or waiting (acquireFor), by client. */
  readonly #perClient = new Map<string, number>()

  readonly #refusalDelayMs: number

  /**
   * `refusalDelayMs`: how long a client turned away past its share waits for the answer. Its
   * connection sends nothing meanwhile: a flood's refusals then cost about connections per
   * delay, not as many as it can send, and answers to everyone else are not queued behind them.
   */
  constructor(limit: number, maxWaiting: number, refusalDelayMs = 0) {
    this.#limit = limit
    this.#maxWaiting = maxWaiting
    this.#refusalDelayMs = refusalDelayMs
  }

  /**
   * Resolves with a release function once a slot is free; undefined when too many are waiting
   * already, or when `signal` aborts first (the request's deadline passed: it leaves the line).
   */
  async acquire(signal?: AbortSignal): Promise<(() => void) | undefined> {
    if (signal?.aborted) return undefined
    if (this.#running >= this.#limit) {
      if (this.#waiting.length >= this.#maxWaiting) return undefined
      const turn = await new Promise<boolean>((resolve) => {
        const waiter = () => {
          signal?.removeEventListener('abort', leave)
          resolve(true)
        }
        const leave = () => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1)
          resolve(false)
        }
        this.#waiting.push(waiter)
        signal?.addEventListener('abort', leave, { once: true })
      })
      if (!turn) return undefined
    } else {
      this.#running++
    }
    return this.#releaser()
  }

  /**
   * A slot for one client's request (its address, client-ip.server.ts). While every slot is
   * taken, a client may have at most `share` requests running or waiting, half the slots: one
   * client flooding renders gets 'busy' (answer 429) instead of filling the queue, and everyone
   * else waits behind at most its share. With a slot free nobody is turned away. 'full' is the
   * queue's own bound, or `signal` aborted while waiting (answer 503).
   */
  async acquireFor(client: string, signal?: AbortSignal): Promise<{ release: () => void } | { refused: 'busy' | 'full' }> {
    const share = Math.max(1, Math.floor(this.#limit / 2))
    const held = this.#perClient.get(client) ?? 0
    if (this.#running >= this.#limit && held >= share) {
      if (this.#refusalDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.#refusalDelayMs))
      return { refused: 'busy' }
    }
    this.#perClient.set(client, held + 1)
    const release = await this.acquire(signal)
    const done = () => {
      const left = (this.#perClient.get(client) ?? 1) - 1
      if (left > 0) this.#perClient.set(client, left)
      else this.#perClient.delete(client)
    }
    if (!release) {
      done()
      return { refused: 'full' }
    }
    let released = false
    return {
      release: () => {
        if (released) return
        released = true
        done()
        release()
      },
    }
  }

  /** A slot now, or undefined when all are taken (for work that may as well be skipped). */
  tryAcquire(): (() => void) | undefined {
    if (this.#running >= this.#limit) return undefined
    this.#running++
    return this.#releaser()
  }

  #releaser(): () => void {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#waiting.shift()
      // The slot passes straight to the next in line, so #running stays the same.
      if (next) next()
      else this.#running--
    }
  }

  get running(): number {
    return this.#running
  }

  get waiting(): number {
    return this.#waiting.length
  }
}
