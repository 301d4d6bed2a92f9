import { createTransport, type BaseTransportOptions, type Transport } from '@sentry/core'
import { describe, expect, it } from 'vitest'
import { createServerClient } from './sentry-client.server'

/** A transport that keeps the envelopes it is given instead of sending them. */
function keepingTransport(envelopes: string[]): (options: BaseTransportOptions) => Transport {
  return (options) =>
    createTransport(options, async (request) => {
      envelopes.push(typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body))
      return { statusCode: 200 }
    })
}

function throwingFunctionForTheTest(): never {
  throw new Error('boom for the stack trace')
}

interface Frame {
  filename?: string
  function?: string
  lineno?: number
}

/** The frames of the first exception in an envelope (its items are JSON lines). */
function framesOf(envelope: string): Frame[] {
  for (const line of envelope.split('\n')) {
    const item: unknown = JSON.parse(line)
    const values: unknown =
      typeof item === 'object' && item !== null ? Reflect.get(Object(Reflect.get(item, 'exception')), 'values') : undefined
    if (Array.isArray(values)) {
      const frames: unknown = Reflect.get(Object(Reflect.get(Object(values[0]), 'stacktrace')), 'frames')
      return Array.isArray(frames)
        ? frames.map((frame: unknown) => ({
            filename: Reflect.get(Object(frame), 'filename'),
            function: Reflect.get(Object(frame), 'function'),
            lineno: Reflect.get(Object(frame), 'lineno'),
          }))
        : []
    }
  }
  throw new Error('no exception in the envelope')
}

describe('server error reporting', () => {
  it('sends an error with the stack frames of where it was thrown', async () => {
    const envelopes: string[] = []
    const client = createServerClient('https://public@sentry.example.invalid/1', keepingTransport(envelopes))
    try {
      throwingFunctionForTheTest()
    } catch (error) {
      client.captureException(error)
    }
    await client.flush(2_000)
    expect(envelopes).toHaveLength(1)
    const frames = framesOf(envelopes[0] ?? '')
    expect(frames.length).toBeGreaterThan(1)
    // Sentry lists the innermost frame last.
    expect(frames.at(-1)).toMatchObject({
      function: 'throwingFunctionForTheTest',
      filename: expect.stringContaining('sentry.test.ts'),
      lineno: expect.any(Number),
    })
  })
})
