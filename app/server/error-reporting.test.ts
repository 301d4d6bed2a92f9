import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors/http-error'
import { visibleError } from './error-reporting.server'

describe('visibleError', () => {
  it('gives a server error the request id as its reference, and keeps the details as its cause', () => {
    const failure = new HttpError(500, 'Internal Server Error', { reference: 'cms-1234', cause: new Error('ECONNREFUSED 10.0.0.5:4000') })
    const visible = visibleError(failure, 'req-42')
    expect(visible).toBeInstanceOf(HttpError)
    expect(visible).toMatchObject({ status: 500, statusMessage: 'Internal Server Error', reference: 'req-42' })
    expect(visible instanceof Error ? visible.cause : undefined).toBe(failure)
  })

  it('hides the message of an unexpected error', () => {
    const visible = visibleError(new TypeError('cannot read properties of undefined (reading "secret")'), 'req-43')
    expect(visible).toMatchObject({ status: 500, statusMessage: 'Internal Server Error', reference: 'req-43' })
    expect(visible instanceof Error ? visible.message : '').not.toMatch(/secret/)
  })

  it('keeps a 503 a 503, and an existing reference when there is no request id', () => {
    expect(visibleError(new HttpError(503, 'Service Unavailable', { reference: 'cms-9' }), undefined)).toMatchObject({
      status: 503,
      statusMessage: 'Service Unavailable',
      reference: 'cms-9',
    })
  })

  it('passes client errors unchanged', () => {
    const notFound = new HttpError(404, 'Not Found')
    expect(visibleError(notFound, 'req-44')).toBe(notFound)
  })
})
