// `npm run submissions` — prints the stored contact form submissions for
// operators, or writes them as CSV: `npm run submissions -- --csv > out.csv`.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data) like the server does.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { csvRecord } from './lib/csv.mjs'

// The outbox columns say whether the notification mail went out: sent, queued (with retries
// so far), dead (set aside after the last attempt, with its error), or none (no SMTP_URL then).
// Columns a database not yet migrated by the server lacks are read as NULL.
const optionalColumns = ['s.phone', 's.location_id', 's.location_name', 's.subject', 'o.dead_at']
const queryWith = (has) =>
  `SELECT s.id, s.created_at, s.locale, s.first_name, s.sur_name, s.email, s.message,
    ${optionalColumns.map((column) => (has(column) ? column : `NULL AS ${column.slice(2)}`)).join(', ')},
    o.sent_at, o.attempts, o.last_error, o.submission_id AS queued
  FROM submissions s LEFT JOIN outbox o ON o.submission_id = s.id ORDER BY s.id`

/** Rows from PostgreSQL (DATABASE_URL) or the SQLite file in DATA_DIR (default ./data), as the server. */
async function readRows() {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try {
      const exists = await client.query("SELECT to_regclass('submissions') IS NOT NULL AS ok")
      if (!exists.rows[0]?.ok) return { where: 'PostgreSQL (DATABASE_URL)', rows: [] }
      const columns = await client.query(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('submissions', 'outbox') AND table_schema = current_schema()",
      )
      const present = new Set(columns.rows.map((row) => `${row.table_name === 'outbox' ? 'o' : 's'}.${row.column_name}`))
      return { where: 'PostgreSQL (DATABASE_URL)', rows: (await client.query(queryWith((column) => present.has(column)))).rows }
    } finally {
      await client.end()
    }
  }
  const file = join(resolve(process.env.DATA_DIR || 'data'), 'site.sqlite')
  if (!existsSync(file)) return { where: file, rows: [] }
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 })
  try {
    // The tables are made with the first stored message.
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'").get()
    if (!hasTable) return { where: file, rows: [] }
    const has = (column) =>
      Boolean(
        db
          .prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?')
          .get(column.startsWith('o.') ? 'outbox' : 'submissions', column.slice(2)),
      )
    return { where: file, rows: db.prepare(queryWith(has)).all() }
  } finally {
    db.close()
  }
}

function mailStatus(row) {
  if (row.queued === null || row.queued === undefined) return 'no mail'
  if (row.sent_at) return 'mailed'
  if (row.dead_at) return `DEAD after ${row.attempts} attempts: ${row.last_error ?? ''}`
  return Number(row.attempts) > 0 ? `queued, ${row.attempts} failed attempt(s): ${row.last_error ?? ''}` : 'queued'
}

const { where, rows } = await readRows()
if (rows.length === 0) {
  console.error(`No submissions yet (${where}).`)
  process.exit(0)
}

/** The preferred location as people read it: its name (at the time of the message) and id. */
function locationOf(row) {
  if (!row.location_id) return ''
  return row.location_name ? `${row.location_name} (${row.location_id})` : row.location_id
}

if (process.argv.includes('--csv')) {
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
  // Anything that is not printable (controls, bidi overrides, a CR that would rewrite the
  // line) is shown as \u{…}: what is on screen is what was stored, and nothing steers the terminal.
  const printable = (value, keep = '') =>
    String(value ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) =>
      keep.includes(char) ? char : `\\u{${char.codePointAt(0).toString(16)}}`,
    )
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
