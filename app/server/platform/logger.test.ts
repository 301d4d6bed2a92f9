import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.server'

/**
 * The production logger batches its writes to stdout (logger.server.ts): these run it in a
 * child process, stdout a pipe as under a process manager, and check that no line waits long
 * and none is lost when the process ends at once.
 */
const loggerModule = join(import.meta.dirname, 'logger.server.ts')

interface Run {
  lines: () => string[]
  exited: Promise<number | null>
  kill: () => void
}

function runLogger(script: string): Run {
  const file = join(mkdtempSync(join(tmpdir(), 'logger-test-')), 'main.mts')
  writeFileSync(file, `import { logger } from ${JSON.stringify(loggerModule)}\n${script}\n`)
  const child = spawn(process.execPath, ['--import', 'jiti/register', file], {
    cwd: join(import.meta.dirname, '../..'),
    env: { ...process.env, LOG_LEVEL: 'info', WORKER_ID: '' },
    // stderr: the crash test's stack trace is expected noise
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  return {
    lines: () => out.split('\n').filter(Boolean),
    exited: new Promise((resolve) => child.on('close', resolve)),
    kill: () => child.kill('SIGKILL'),
  }
}

const messages = (run: Run) => run.lines().map((line) => messageOf(line))
function messageOf(line: string): unknown {
  const parsed: unknown = JSON.parse(line)
  return typeof parsed === 'object' && parsed !== null && 'msg' in parsed ? parsed.msg : undefined
}

// Each test starts a Node process that transpiles the logger first: seconds on a loaded machine.
describe('the stdout logger', { timeout: 30_000 }, () => {
  it('writes a line while the process goes on', async () => {
    // Without the periodic flush the line would wait in the buffer until the process ends, 60 s on.
    const run = runLogger(`logger.info('first'); setTimeout(() => {}, 60_000)`)
    try {
      await expect.poll(() => messages(run), { timeout: 25_000, interval: 50 }).toEqual(['first'])
    } finally {
      run.kill()
    }
  })

  it('loses no buffered line when the process exits at once', async () => {
    const run = runLogger(`for (let i = 0; i < 50; i++) logger.info('line ' + i)\nlogger.fatal('stopping'); process.exit(1)`)
    expect(await run.exited).toBe(1)
    expect(messages(run)).toEqual([...Array.from({ length: 50 }, (_, i) => `line ${i}`), 'stopping'])
  })

  it('loses no buffered line when the process dies of an uncaught error', async () => {
    const run = runLogger(`logger.error('before the crash'); setImmediate(() => { throw new Error('boom') })`)
    expect(await run.exited).not.toBe(0)
    expect(messages(run)).toEqual(['before the crash'])
  })
})

describe('error lines', () => {
  /** What a failed ioredis AUTH looks like: the command, with the password, on the error. */
  function redisError(message: string): Error & { command: { name: string; args: string[] } } {
    return Object.assign(new Error(message), { command: { name: 'auth', args: ['default', 'hunter2-secret'] } })
  }

  function logged(write: (logger: ReturnType<typeof createLogger>) => void): string {
    let out = ''
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString()
        done()
      },
    })
    write(createLogger(destination))
    return out
  }

  it("never show a failed Redis command's arguments, also in the errors before it", () => {
    const error = Object.assign(redisError('WRONGPASS'), { previousErrors: [redisError('first try'), 'not an error'] })
    const line = logged((logger) => logger.error({ err: error }, 'redis failed'))
    expect(line).not.toContain('hunter2')
    const parsed: unknown = JSON.parse(line)
    expect(parsed).toMatchObject({
      msg: 'redis failed',
      err: {
        message: 'WRONGPASS',
        command: { name: 'auth', args: '[redacted]' },
        previousErrors: [{ command: { name: 'auth', args: '[redacted]' } }, 'not an error'],
      },
    })
    // The error itself is left as it was (it may still be handled or rethrown).
    expect(error.command.args).toEqual(['default', 'hunter2-secret'])
  })

  it('log whatever else was thrown as it is', () => {
    const lines = logged((logger) => {
      logger.error({ err: 'a thrown string' }, 'string')
      logger.error({ err: null }, 'null')
      logger.error({ err: { code: 'E_PLAIN', command: { name: 'auth', args: ['hunter2-secret'] } } }, 'plain object')
    })
    expect(lines).not.toContain('hunter2')
    const parsed: unknown[] = lines
      .trim()
      .split('\n')
      .map((line): unknown => JSON.parse(line))
    expect(parsed).toMatchObject([
      { msg: 'string', err: 'a thrown string' },
      { msg: 'null', err: null },
      { msg: 'plain object', err: { code: 'E_PLAIN', command: { args: '[redacted]' } } },
    ])
  })

  it('keep the message and stack of an ordinary error', () => {
    const parsed: unknown = JSON.parse(logged((logger) => logger.error(new Error('plain failure'))))
    expect(parsed).toMatchObject({
      level: 'error',
      err: { type: 'Error', message: 'plain failure', stack: expect.stringContaining('plain failure') },
    })
  })
})
