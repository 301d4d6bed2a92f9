/** Runs async tasks at most `maxParallel` at a time, in the order they came. */
export interface TaskQueue {
  run<T>(task: () => Promise<T>): Promise<T>
  /** Starts a queue created paused (tasks queued meanwhile start now, up to the limit). */
  resume(): void
}

export function createTaskQueue(maxParallel: number, options: { paused: boolean }): TaskQueue {
  let running = 0
  let paused = options.paused
  const waiting: Array<() => void> = []

  const startNext = () => {
    while (!paused && running < maxParallel) {
      const start = waiting.shift()
      if (start === undefined) return
      running++
      start()
    }
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          // Through a promise, so a task that throws at once frees its slot too.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              running--
              startNext()
            })
        })
        startNext()
      })
    },
    resume() {
      paused = false
      startNext()
    },
  }
}
