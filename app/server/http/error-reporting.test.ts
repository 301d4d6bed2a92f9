import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from '../../errors/http-error'
import { DeadlineExceeded } from './deadline'
import { reportIfServerError, visibleError } from './error-reporting.server'

const { logger, reportServerError } = vi.hoisted(() => ({
  logger: { error: vi.fn(), info: vi.fn(), debug: vi.fn() },
  reportServerError: vi.fn(),
}))
vi.mock('../platform/logger.server', () => ({ logger }))
vi.mock('../platform/sentry.server', () => ({ reportServerError }))

describe('reportIfServerError', () => {
  beforeEach(() => vi.clearAllMocks())

  it('logs and reports a server error', () => {
    reportIfServerError(new Error('boom'), 'req-1', new AbortController().signal)
    expect(logger.error).toHaveBeenCalledOnce()
    expect(reportServerError).toHaveBeenCalledOnce()
  })

  it('says at info level that a client went away, and reports nothing', () => {
    // What srvx does when the connection closes, and what Start then throws.
    const request = new AbortController()
    request.abort()
    reportIfServerError(request.signal.reason, 'req-2', request.signal)
    expect(logger.error).not.toHaveBeenCalled()
    expect(reportServerError).not.toHaveBeenCalled()
    expect(logger.info).toHaveBeenCalledWith({ reqId: 'req-2' }, '[request] the client went away before the answer')
  })

  it('neither reports nor calls client-gone a render or call stopped at its deadline (already warned about)', () => {
    // What Start throws when the signal of the request it was given aborts at the deadline.
    const stop = new AbortController()
    stop.abort(new DeadlineExceeded(15_000))
    reportIfServerError(stop.signal.reason, 'req-5', stop.signal)
    expect(logger.error).not.toHaveBeenCalled()
    expect(reportServerError).not.toHaveBeenCalled()
    expect(logger.info).not.toHaveBeenCalled()
    expect(logger.debug).toHaveBeenCalledWith({ reqId: 'req-5' }, '[request] stopped at its deadline')
  })

  it('still reports an abort while the client is there (an internal timeout is a server error)', () => {
    reportIfServerError(new DOMException('This operation was aborted', 'AbortError'), 'req-3', new AbortController().signal)
    expect(reportServerError).toHaveBeenCalledOnce()
  })
})

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
