import { getRuntimeConfig } from '../../server/platform/env.server'
import { databaseWith } from '../../server/platform/db.server'
import { logger } from '../../server/platform/logger.server'
import { retentionDeleted, retentionRuns } from '../../server/platform/metrics.server'
import { submissionSchema } from './submissions.server'

/**
 * Deletes contact submissions older than CONTACT_RETENTION_DAYS, with their outbox rows (a
 * notification queued, sent or set aside as dead): the privacy page's promise (docs/decisions/036).
 *
 * One worker per instance sweeps, on a timer; several instances may sweep the same database at
 * once. That is harmless by construction: a sweep is plain DELETEs of what is past a date, so a
 * second one finds nothing left. On PostgreSQL a sweep holds an advisory lock as well, so two
 * instances do not take row locks in each other's way (a deadlock would fail one of them); an
 * instance that finds the lock taken skips this round. On SQLite the write lock serializes them.
 */

export const retentionSweep = { batchSize: 500, intervalMs: 60 * 60_000 }

const dayMs = 24 * 60 * 60_000

export interface RetentionResult {
  /** false: another instance was sweeping (PostgreSQL), nothing done this round. */
  swept: boolean
  submissions: number
  outbox: number
  deadLetters: number
}

/** One batch in one transaction: the outbox rows first (they reference the submission), then the submissions. */
async function deleteBatch(cutoff: string): Promise<Omit<RetentionResult, 'swept'> | undefined> {
  const sql = await databaseWith(submissionSchema)
  return sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') {
      const [lock] = await tx.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok', ['site-retention'])
      if (lock?.ok !== true) return undefined
    }
    const ids = (
      await tx.query('SELECT id FROM submissions WHERE created_at < $1 ORDER BY id LIMIT $2', [cutoff, retentionSweep.batchSize])
    ).map((row) => Number(row.id))
    if (ids.length === 0) return { submissions: 0, outbox: 0, deadLetters: 0 }
    const list = ids.map((_, index) => `$${index + 1}`).join(', ')
    const outbox = await tx.query(`DELETE FROM outbox WHERE submission_id IN (${list}) RETURNING dead_at`, ids)
    const submissions = await tx.query(`DELETE FROM submissions WHERE id IN (${list}) RETURNING id`, ids)
    const deadLetters = outbox.filter((row) => row.dead_at !== null).length
    return { submissions: submissions.length, outbox: outbox.length - deadLetters, deadLetters }
  })
}

/**
 * Deletes what is older than `days` before `now`, in batches (a year of messages at once must
 * not hold SQLite's write lock for long). Returns the counts; logs and counts them in /metrics.
 */
export async function deleteExpiredSubmissions(
  now: number = Date.now(),
  days: number = getRuntimeConfig().CONTACT_RETENTION_DAYS,
): Promise<RetentionResult> {
  // created_at is an ISO timestamp (toISOString): as text it sorts as time does.
  const cutoff = new Date(now - days * dayMs).toISOString()
  const total: RetentionResult = { swept: true, submissions: 0, outbox: 0, deadLetters: 0 }
  for (;;) {
    const batch = await deleteBatch(cutoff)
    if (!batch) {
      total.swept = false
      break
    }
    total.submissions += batch.submissions
    total.outbox += batch.outbox
    total.deadLetters += batch.deadLetters
    if (batch.submissions < retentionSweep.batchSize) break
  }
  retentionDeleted.inc({ kind: 'submission' }, total.submissions)
  retentionDeleted.inc({ kind: 'outbox' }, total.outbox)
  retentionDeleted.inc({ kind: 'dead_letter' }, total.deadLetters)
  retentionRuns.inc({ outcome: total.swept ? 'done' : 'skipped' })
  // Counts and the cutoff only: nothing of what was deleted.
  const counts = { submissions: total.submissions, outbox: total.outbox, deadLetters: total.deadLetters, retentionDays: days, cutoff }
  if (!total.swept) logger.debug(counts, '[retention] another instance is sweeping: skipped')
  else if (total.submissions + total.outbox + total.deadLetters > 0)
    logger.info(counts, `[retention] deleted ${total.submissions} submission(s) older than ${days} days`)
  else logger.debug(counts, '[retention] nothing past the retention period')
  return total
}

let timer: NodeJS.Timeout | undefined
let currentRun: Promise<unknown> | undefined

function sweep(): void {
  if (currentRun) return
  currentRun = deleteExpiredSubmissions()
    .catch((error: unknown) => {
      retentionRuns.inc({ outcome: 'failed' })
      logger.error({ err: error }, '[retention] sweep failed (tried again next round)')
    })
    .finally(() => {
      currentRun = undefined
    })
}

/**
 * Sweeps now and then every `intervalMs`. Only the cluster's first worker (or a process outside
 * the cluster) sweeps: the others would only find nothing left.
 */
export function startRetentionWorker(intervalMs = retentionSweep.intervalMs): void {
  if (timer || (process.env.WORKER_ID ?? '1') !== '1') return
  timer = setInterval(sweep, intervalMs)
  // The first sweep right after start-up, unless the app is stopping already.
  setImmediate(() => timer && sweep())
  timer.unref()
}

/** Stops the timer and waits for a sweep under way (graceful shutdown). */
export async function stopRetentionWorker(): Promise<void> {
  clearInterval(timer)
  timer = undefined
  await currentRun
}
