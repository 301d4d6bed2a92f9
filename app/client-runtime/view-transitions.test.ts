import { afterEach, describe, expect, it, vi } from 'vitest'
import { quietSkippedViewTransitions } from './view-transitions'

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => unhandled.push(reason)

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
  unhandled.length = 0
})

/** A stand-in for Chromium's transition whose DOM update timed out. */
function timedOutTransition(): ViewTransition {
  const aborted = () => Promise.reject(new DOMException('Transition was aborted because of timeout in DOM update', 'TimeoutError'))
  return {
    ready: aborted(),
    finished: aborted(),
    updateCallbackDone: Promise.resolve(),
    skipTransition: () => {},
    types: new Set<string>(),
  }
}

describe('quietSkippedViewTransitions', () => {
  it('listens to a skipped transition’s ready and finished, so they are not unhandled', async () => {
    process.on('unhandledRejection', onUnhandled)
    const startViewTransition = vi.fn(timedOutTransition)
    const doc: { startViewTransition?: Document['startViewTransition'] } = { startViewTransition }
    quietSkippedViewTransitions(doc)
    const transition = doc.startViewTransition?.(() => {})
    if (!transition) throw new Error('no transition')
    await transition.updateCallbackDone
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startViewTransition).toHaveBeenCalledTimes(1)
    expect(unhandled).toEqual([])
  })

  it('without the listener the same transition leaves two unhandled rejections (the test can fail)', async () => {
    process.on('unhandledRejection', onUnhandled)
    const transition = timedOutTransition()
    await transition.updateCallbackDone
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(unhandled).toHaveLength(2)
  })

  it('leaves a browser without view transitions as it is', () => {
    const doc: { startViewTransition?: Document['startViewTransition'] } = {}
    quietSkippedViewTransitions(doc)
    expect(doc.startViewTransition).toBeUndefined()
  })
})
