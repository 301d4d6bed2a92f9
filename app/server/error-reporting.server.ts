import { statusOf } from '../errors/http-error'
import { reportServerError } from './sentry.server'

/** One rule for every kind of middleware: server errors (5xx) are reported, client errors are not. */
export function reportIfServerError(error: unknown): void {
  if (statusOf(error) >= 500) reportServerError(error)
}
