import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Work in small steps: a generator that yields between steps (a file read, a page projected),
 * so the same code can run at once (start-up, tests) or in slices between requests (a reload
 * while the site is serving).
 */
export type Steps<T> = Generator<void, T, void>

/** Runs `steps` to the end now. */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * Runs `steps` for at most about `sliceMs` at a time, giving the event loop a turn in between
 * (timers, sockets: the requests waiting), so no request waits longer than a slice and a step.
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs = 5): Promise<T> {
  let sliceStart = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn()
      sliceStart = performance.now()
    }
  }
}
