import { describe, expect, it } from 'vitest'
import { RenderSlots } from './render-slots'

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('RenderSlots', () => {
  it('runs at most `limit` at once and lets the others in, in order, as slots free up', async () => {
    const slots = new RenderSlots(2, 10)
    const started: number[] = []
    const releases: Array<() => void> = []
    for (const id of [1, 2, 3, 4]) {
      void slots.acquire().then((release) => {
        started.push(id)
        if (release) releases.push(release)
      })
    }
    await tick()
    expect(started).toEqual([1, 2])
    expect(slots.running).toBe(2)
    expect(slots.waiting).toBe(2)
    releases[0]?.()
    await tick()
    expect(started).toEqual([1, 2, 3])
    // Releasing twice frees one slot only.
    releases[0]?.()
    await tick()
    expect(started).toEqual([1, 2, 3])
    releases[1]?.()
    releases[2]?.()
    await tick()
    expect(started).toEqual([1, 2, 3, 4])
    releases[3]?.()
    expect(slots.running).toBe(0)
  })

  it('turns requests away when the queue is full', async () => {
    const slots = new RenderSlots(1, 1)
    const first = await slots.acquire()
    const second = slots.acquire()
    expect(await slots.acquire()).toBeUndefined()
    first?.()
    expect(await second).toBeTypeOf('function')
  })

  it('lets a request whose deadline passed leave the line: the slot goes to the next one', async () => {
    const slots = new RenderSlots(1, 10)
    const first = await slots.acquire()
    const deadline = new AbortController()
    const late = slots.acquire(deadline.signal)
    const next = slots.acquire()
    expect(slots.waiting).toBe(2)
    deadline.abort()
    expect(await late).toBeUndefined()
    expect(slots.waiting).toBe(1)
    first?.()
    const release = await next
    expect(release).toBeTypeOf('function')
    release?.()
    expect(slots.running).toBe(0)
    expect(await slots.acquire(AbortSignal.abort())).toBeUndefined()
  })
})

describe('RenderSlots.tryAcquire', () => {
  it('takes a free slot or gives up at once', async () => {
    const slots = new RenderSlots(1, 10)
    const release = slots.tryAcquire()
    expect(release).toBeDefined()
    expect(slots.tryAcquire()).toBeUndefined()
    release?.()
    expect(slots.running).toBe(0)
    expect(slots.tryAcquire()).toBeDefined()
  })
})
