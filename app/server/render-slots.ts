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

  constructor(limit: number, maxWaiting: number) {
    this.#limit = limit
    this.#maxWaiting = maxWaiting
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
