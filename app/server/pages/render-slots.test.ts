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

describe('RenderSlots.acquireFor', () => {
  it('turns a client away past its share while every slot is taken, and lets others in', async () => {
    const slots = new RenderSlots(4, 100)
    const flood: Array<{ release: () => void } | { refused: 'busy' | 'full' }> = []
    // With slots free nobody is turned away: the flood takes all four.
    for (let index = 0; index < 4; index++) flood.push(await slots.acquireFor('203.0.113.9'))
    expect(flood.every((slot) => 'release' in slot)).toBe(true)
    // Its next request would wait: beyond its share (half the slots), refused at once.
    expect(await slots.acquireFor('203.0.113.9')).toEqual({ refused: 'busy' })
    expect(slots.waiting).toBe(0)
    // Another client waits for the next free slot, ahead of any new request of the flood.
    let other: { release: () => void } | { refused: 'busy' | 'full' } | undefined
    void slots.acquireFor('198.51.100.7').then((slot) => (other = slot))
    await tick()
    expect(other).toBeUndefined()
    const first = flood[0]
    if (first && 'release' in first) first.release()
    await tick()
    expect(other && 'release' in other).toBe(true)
    expect(await slots.acquireFor('203.0.113.9')).toEqual({ refused: 'busy' })
  })

  it('counts a client again once its requests are done (a release twice counts once)', async () => {
    const slots = new RenderSlots(2, 100)
    const a = await slots.acquireFor('a')
    const b = await slots.acquireFor('a')
    expect(await slots.acquireFor('a')).toEqual({ refused: 'busy' })
    for (const slot of [a, b, a]) if ('release' in slot) slot.release()
    expect(slots.running).toBe(0)
    const again = await slots.acquireFor('a')
    expect('release' in again).toBe(true)
  })

  it('answers a refusal after the refusal delay: a flooding connection sends nothing meanwhile', async () => {
    const slots = new RenderSlots(1, 10, 50)
    await slots.acquireFor('a')
    const started = performance.now()
    expect(await slots.acquireFor('a')).toEqual({ refused: 'busy' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
  })

  it('says when the queue itself is full', async () => {
    const slots = new RenderSlots(2, 1)
    await slots.acquireFor('a')
    await slots.acquireFor('b')
    void slots.acquireFor('c')
    expect(await slots.acquireFor('d')).toEqual({ refused: 'full' })
  })
})
