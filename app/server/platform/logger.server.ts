import { pino, type DestinationStream, type Logger } from 'pino'
import * as v from 'valibot'
import { logLevelSchema } from './env.server'

/**
 * The server's log: one JSON object per line on stdout (what log shippers read), or readable
 * text when stdout is a terminal (`npm run dev`, `npm start` by hand). pino-pretty runs as a
 * stream in this thread, not as a pino transport: a transport is a worker thread that loads
 * its target by package name at run time, which the bundled server (.output) cannot promise.
 */

/** The readable form's formatter, loaded only for a terminal: a server writing JSON never carries it in memory. */
const pretty = process.stdout.isTTY ? (await import('pino-pretty')).default : undefined

/** The access-log fields that the readable form already shows in its message line. */
const shownInMessage = 'pid,hostname,method,path,status,durationMs,cache,bytes,kind'

/** The configured level; a bad LOG_LEVEL falls back to info (the settings check then stops the start, naming it). */
function configuredLevel(): string {
  const parsed = v.safeParse(logLevelSchema, process.env.LOG_LEVEL || undefined)
  return parsed.success ? parsed.output : 'info'
}

/** Where a failed command's arguments were. */
const censored = '[redacted]'

/** An error (or what was thrown) as logged: the arguments of a Redis command it carries (for AUTH, the password) censored (ioredis puts the command on its errors). */
function withCensoredCommand(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('command' in value)) return value
  const { command } = value
  return typeof command === 'object' && command !== null && 'args' in command
    ? { ...value, command: { ...command, args: censored } }
    : value
}

/**
 * pino's error serializer, with the arguments of a failed Redis command censored, also in the
 * errors that led to it (`previousErrors`). Copies: the error itself stays as it was. `err` can
 * hold anything that was thrown; what is not an object (a string, null) is logged as it is.
 */
function serializedError(value: unknown): unknown {
  const serialized = withCensoredCommand(value instanceof Error ? pino.stdSerializers.err(value) : value)
  if (typeof serialized !== 'object' || serialized === null || !('previousErrors' in serialized)) return serialized
  const previous = serialized.previousErrors
  return Array.isArray(previous) ? { ...serialized, previousErrors: previous.map(withCensoredCommand) } : serialized
}

/** A logger writing to `destination` (tests pass their own), or to stdout. */
export function createLogger(destination?: DestinationStream): Logger {
  const workerId = process.env.WORKER_ID
  const options = {
    level: configuredLevel(),
    // Which process of the cluster wrote the line (app/server/platform/cluster/primary.mjs sets WORKER_ID).
    base: { pid: process.pid, ...(workerId ? { worker: workerId } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"error" rather than pino's number: readable without a lookup table.
    formatters: { level: (label: string) => ({ level: label }) },
    // A serializer, not pino's `redact`: redact costs every line a third of its time, access
    // lines included; a serializer runs only for a line that has an `err`.
    serializers: { err: serializedError },
  }
  if (destination) return pino(options, destination)
  if (pretty) return pino(options, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: shownInMessage }))
  // Lines collect in a buffer that is written when it holds 4 KB or at the latest after 200 ms:
  // a write to stdout is a system call, and one per access-log line was a tenth of a cached
  // page's CPU. pino writes what is still buffered synchronously when the process exits, crash
  // included (logger.test.ts). When whatever reads stdout stalls, lines wait in memory up to
  // 16 MB and newer ones are dropped beyond that: the site keeps answering (a synchronous write
  // would block every request until the reader came back).
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200, maxLength: 16 * 1024 * 1024 }))
}

/** The process's logger. */
export const logger: Logger = createLogger()
