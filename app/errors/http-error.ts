import { createSerializationAdapter } from '@tanstack/react-router'
import * as v from 'valibot'

/**
 * An error with an HTTP status and a status message meant for visitors (the
 * spec's error page shows it). Other errors show a generic message so
 * internals never leak. Safe on client and server: only plain fields, so it
 * survives serialization from a loader.
 */
export class HttpError extends Error {
  override name = 'HttpError'
  /** Names this failure in the server log: visitors can quote it, operators can find it. */
  readonly reference: string | undefined

  constructor(
    readonly status: number,
    readonly statusMessage: string,
    /** `cause`: what really happened, for logs and error reporting; never serialized to the browser. */
    options?: { cause?: unknown; reference?: string },
  ) {
    super(statusMessage, options)
    this.reference = options?.reference
  }
}

/** Keeps HttpError (status, message, reference) intact across the server → client boundary. */
export const httpErrorSerialization = createSerializationAdapter({
  key: 'HttpError',
  test: (value): value is HttpError => value instanceof HttpError,
  toSerializable: (error) => ({ status: error.status, statusMessage: error.statusMessage, reference: error.reference ?? null }),
  fromSerializable: ({ status, statusMessage, reference }) => new HttpError(status, statusMessage, { reference: reference ?? undefined }),
})

function hasNumber(value: unknown, key: string): value is Record<string, number> {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, key) === 'number'
}

export function statusOf(error: unknown): number {
  if (hasNumber(error, 'status')) return Reflect.get(error, 'status')
  return 500
}

export function statusMessageOf(error: unknown): string {
  if (error instanceof HttpError) return error.statusMessage
  if (error instanceof Error && error.name === 'HttpError') return error.message
  return 'Internal Server Error'
}

/**
 * A server function's input check: a bad input is the caller's fault, a 400 that says so
 * without echoing what was sent (the default validator answers 200 with every issue and the
 * input in it).
 */
export function validInput<TSchema extends v.GenericSchema>(schema: TSchema): (input: unknown) => v.InferOutput<TSchema> {
  return (input) => {
    const result = v.safeParse(schema, input)
    if (!result.success) throw new HttpError(400, 'Bad Request')
    return result.output
  }
}
