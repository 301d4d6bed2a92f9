import { describe, expect, it } from 'vitest'
import { createTaskQueue } from './task-queue'

/** A task that finishes when the test says so, recording when it started. */
function deferredTask(started: string[], name: string) {
  let finish: (value: string) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const task = () => {
    started.push(name)
    return new Promise<string>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
  }
  return { task, finish: () => finish(name), fail: (error: Error) => fail(error) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createTaskQueue', () => {
  it('runs at most maxParallel tasks at once, the next one as soon as one ends', async () => {
    const queue = createTaskQueue(4, { paused: false })
    const started: string[] = []
    const tasks = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => deferredTask(started, name))
    const results = tasks.map((t) => queue.run(t.task))
    await settle()
    expect(started).toEqual(['a', 'b', 'c', 'd'])
    tasks[1]?.finish()
    await expect(results[1]).resolves.toBe('b')
    await settle()
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('frees the slot of a task that fails, and passes the failure on', async () => {
    const queue = createTaskQueue(1, { paused: false })
    const started: string[] = []
    const first = deferredTask(started, 'first')
    const second = deferredTask(started, 'second')
    const failing = queue.run(first.task)
    const next = queue.run(second.task)
    await settle()
    first.fail(new Error('offline'))
    await expect(failing).rejects.toThrow('offline')
    await settle()
    expect(started).toEqual(['first', 'second'])
    second.finish()
    await expect(next).resolves.toBe('second')
  })

  it('frees the slot of a task that throws before returning a promise', async () => {
    const queue = createTaskQueue(1, { paused: false })
    await expect(queue.run(() => Promise.reject(new Error('sync')))).rejects.toThrow('sync')
    const thrower = () => {
      throw new Error('thrown')
    }
    await expect(queue.run(thrower)).rejects.toThrow('thrown')
    await expect(queue.run(() => Promise.resolve('ok'))).resolves.toBe('ok')
  })

  it('starts nothing while paused, then up to the limit on resume', async () => {
    const queue = createTaskQueue(2, { paused: true })
    const started: string[] = []
    for (const name of ['a', 'b', 'c']) void queue.run(deferredTask(started, name).task)
    await settle()
    expect(started).toEqual([])
    queue.resume()
    await settle()
    expect(started).toEqual(['a', 'b'])
  })
})
