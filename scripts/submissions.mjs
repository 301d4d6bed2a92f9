// `npm run submissions` — prints the stored contact form submissions for
// operators, or writes them as CSV: `npm run submissions -- --csv > out.csv`.
// Data subject requests (README "Privacy: data requests", docs/decisions/036):
//   --email <address>            only that person's submissions (any case)
//   --email <address> --export   that person's data as JSON on stdout
//   --email <address> --erase    deletes it everywhere it is kept, after a confirmation
//                                (--yes confirms without asking, for a script or CI)
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data) like the server does.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { DatabaseSync } from 'node:sqlite'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { csvRecord } from './lib/csv.mjs'

const usage = 'usage: npm run submissions -- [--csv] [--email <address> [--export | --erase [--yes]]]'
let options
try {
  options = parseArgs({
    options: {
      csv: { type: 'boolean' },
      email: { type: 'string' },
      export: { type: 'boolean' },
      erase: { type: 'boolean' },
      yes: { type: 'boolean' },
    },
  }).values
} catch (error) {
  console.error(`${error.message}\n${usage}`)
  process.exit(2)
}
if ((options.export || options.erase) && !options.email?.trim()) {
  console.error(`--export and --erase are for one person: give their --email.\n${usage}`)
  process.exit(2)
}
if (options.export && options.erase) {
  console.error(`--export or --erase, one at a time (export first, then erase).\n${usage}`)
  process.exit(2)
}
const email = options.email?.trim()

// The outbox columns say whether the notification mail went out: sent, queued (with retries
// so far), dead (set aside after the last attempt, with its error), or none (no SMTP_URL then).
// Columns a database not yet migrated by the server lacks are read as NULL.
const optionalColumns = ['s.phone', 's.location_id', 's.location_name', 's.subject', 'o.dead_at']
// E-mail addresses are matched in any case: people do not type them the same way twice.
const queryWith = (has) =>
  `SELECT s.id, s.created_at, s.locale, s.first_name, s.sur_name, s.email, s.message,
    ${optionalColumns.map((column) => (has(column) ? column : `NULL AS ${column.slice(2)}`)).join(', ')},
    o.sent_at, o.attempts, o.last_error, o.submission_id AS queued
  FROM submissions s LEFT JOIN outbox o ON o.submission_id = s.id
  ${email ? 'WHERE lower(s.email) = lower($1)' : ''} ORDER BY s.id`

/**
 * The database as the server uses it: PostgreSQL (DATABASE_URL) or the SQLite file in DATA_DIR
 * (default ./data). `query` takes `$1, $2…` parameters on both; `erase` runs in one transaction.
 */
async function openDatabase({ write }) {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    const query = async (text, params = []) => (await client.query(text, params)).rows
    return {
      where: 'PostgreSQL (DATABASE_URL)',
      query,
      hasTable: async () => (await query("SELECT to_regclass('submissions') IS NOT NULL AS ok"))[0]?.ok === true,
      columns: async () => {
        const rows = await query(
          "SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('submissions', 'outbox') AND table_schema = current_schema()",
        )
        return new Set(rows.map((row) => `${row.table_name === 'outbox' ? 'o' : 's'}.${row.column_name}`))
      },
      transaction: async (work) => {
        await query('BEGIN')
        try {
          const result = await work()
          await query('COMMIT')
          return result
        } catch (error) {
          await query('ROLLBACK')
          throw error
        }
      },
      close: () => client.end(),
    }
  }
  const file = join(resolve(process.env.DATA_DIR || 'data'), 'site.sqlite')
  if (!existsSync(file)) return undefined
  const db = new DatabaseSync(file, { readOnly: !write, timeout: 5_000 })
  // Erased rows are overwritten with zeros in the file, not only unlinked from it.
  if (write) db.exec('PRAGMA secure_delete = ON')
  const query = async (text, params = []) => db.prepare(text.replace(/\$(\d+)/g, '?$1')).all(...params)
  return {
    where: file,
    query,
    // The tables are made with the first stored message.
    hasTable: async () => Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'").get()),
    columns: async () => {
      const names = (table) =>
        db
          .prepare('SELECT name FROM pragma_table_info(?)')
          .all(table)
          .map((row) => row.name)
      return new Set([...names('submissions').map((n) => `s.${n}`), ...names('outbox').map((n) => `o.${n}`)])
    },
    transaction: async (work) => {
      // The write lock first, as the server's transactions take it: no server write interleaves.
      db.exec('BEGIN IMMEDIATE')
      try {
        const result = await work()
        db.exec('COMMIT')
        return result
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
    close: async () => {
      // The erased pages' old copies in the write-ahead log go too (as far as no server reads them now).
      if (write) db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
      db.close()
    },
  }
}

/** The submissions (of `email` when given) with their notification's state. */
async function readRows(db) {
  if (!db || !(await db.hasTable())) return []
  const present = await db.columns()
  return db.query(
    queryWith((column) => present.has(column)),
    email ? [email] : [],
  )
}

function mailStatus(row) {
  if (row.queued === null || row.queued === undefined) return 'no mail'
  if (row.sent_at) return 'mailed'
  if (row.dead_at) return `DEAD after ${row.attempts} attempts: ${row.last_error ?? ''}`
  return Number(row.attempts) > 0 ? `queued, ${row.attempts} failed attempt(s): ${row.last_error ?? ''}` : 'queued'
}

/** The preferred location as people read it: its name (at the time of the message) and id. */
function locationOf(row) {
  if (!row.location_id) return ''
  return row.location_name ? `${row.location_name} (${row.location_id})` : row.location_id
}

// Anything that is not printable (controls, bidi overrides, a CR that would rewrite the
// line) is shown as \u{…}: what is on screen is what was stored, and nothing steers the terminal.
const printable = (value, keep = '') =>
  String(value ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) =>
    keep.includes(char) ? char : `\\u{${char.codePointAt(0).toString(16)}}`,
  )

/** Everything kept about one submission, as stored (the export of a data subject request). */
function exported(row) {
  return {
    id: Number(row.id),
    createdAt: row.created_at,
    locale: row.locale,
    firstName: row.first_name,
    surName: row.sur_name,
    email: row.email,
    phone: row.phone ?? null,
    subject: row.subject ?? null,
    locationId: row.location_id ?? null,
    locationName: row.location_name ?? null,
    message: row.message,
    notification:
      row.queued === null || row.queued === undefined
        ? null
        : {
            status: row.sent_at ? 'mailed' : row.dead_at ? 'dead' : 'queued',
            attempts: Number(row.attempts),
            sentAt: row.sent_at ?? null,
            deadAt: row.dead_at ?? null,
            lastError: row.last_error ?? null,
          },
  }
}

async function confirmed(count) {
  if (options.yes) return true
  if (!process.stdin.isTTY) {
    console.error('Nothing erased: no terminal to confirm on. Add --yes to erase without asking.')
    return false
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  try {
    const answer = await prompt.question(`Erase ${count} submission(s) of ${printable(email)} for good? Type "erase" to confirm: `)
    return answer.trim() === 'erase'
  } finally {
    prompt.close()
  }
}

/** Deletes the person's submissions and their outbox rows in one transaction; returns the counts. */
async function erase(db, rows) {
  const ids = rows.map((row) => Number(row.id))
  const list = ids.map((_, index) => `$${index + 1}`).join(', ')
  return db.transaction(async () => {
    // The outbox rows first: they reference the submission.
    const outbox = await db.query(`DELETE FROM outbox WHERE submission_id IN (${list}) RETURNING submission_id`, ids)
    const submissions = await db.query(`DELETE FROM submissions WHERE id IN (${list}) RETURNING id`, ids)
    return { submissions: submissions.length, outbox: outbox.length }
  })
}

const db = await openDatabase({ write: Boolean(options.erase) })
const where = db?.where ?? join(resolve(process.env.DATA_DIR || 'data'), 'site.sqlite')
try {
  const rows = await readRows(db)
  if (options.export) {
    // The whole answer to an access request: also when nothing is stored (then it says so).
    const document = { email, exportedAt: new Date().toISOString(), source: where, submissions: rows.map(exported) }
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`)
  } else if (rows.length === 0) {
    console.error(email ? `No submissions of ${printable(email)} (${where}).` : `No submissions yet (${where}).`)
  } else if (options.erase) {
    if (!(await confirmed(rows.length))) process.exitCode = 1
    else {
      const counts = await erase(db, rows)
      console.log(
        `Erased ${counts.submissions} submission(s) and ${counts.outbox} notification(s) in the mail outbox of ${printable(email)} from ${where}.`,
      )
    }
  } else if (options.csv) {
    for (const row of rows) row.mail = mailStatus(row)
    const columns = [
      'id',
      'created_at',
      'locale',
      'first_name',
      'sur_name',
      'email',
      'phone',
      'subject',
      'location_id',
      'location_name',
      'message',
      'mail',
    ]
    process.stdout.write([columns, ...rows.map((row) => columns.map((c) => row[c]))].map(csvRecord).join(''))
  } else {
    for (const row of rows) {
      console.log(
        `#${row.id}  ${printable(row.created_at)}  [${printable(row.locale)}]  ${printable(row.first_name)} ${printable(row.sur_name)} <${printable(row.email)}>  (${printable(mailStatus(row))})`,
      )
      const details = [
        row.phone ? `phone: ${printable(row.phone)}` : '',
        row.subject ? `subject: ${printable(row.subject)}` : '',
        row.location_id ? `location: ${printable(locationOf(row))}` : '',
      ].filter(Boolean)
      if (details.length) console.log(`    ${details.join('  ')}`)
      console.log(`    ${printable(row.message, '\n\t').replace(/\n/g, '\n    ')}`)
    }
    const dead = rows.filter((row) => row.dead_at).length
    console.log(`${rows.length} submission(s) in ${where}${dead ? `; ${dead} notification(s) DEAD: mail them by hand` : ''}`)
  }
} finally {
  await db?.close()
}
