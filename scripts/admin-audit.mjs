// `npm run admin-audit` — prints the admin's audit log (CMS_ADMIN=site, docs/operations.md):
// who signed in or out, saved, published, deleted, or was refused, and when; newest last.
//   --days <n>   only the last n days (default: all that is kept, ADMIN_AUDIT_RETENTION_DAYS)
//   --who <text> only events of people whose address (or provider id) contains the text
//   --csv        as CSV, for a spreadsheet
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data) like the server does.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { csvRecord } from './lib/csv.mjs'

const usage = 'usage: npm run admin-audit -- [--days <n>] [--who <text>] [--csv]'
let options
try {
  options = parseArgs({ options: { days: { type: 'string' }, who: { type: 'string' }, csv: { type: 'boolean' } } }).values
} catch (error) {
  console.error(`${error.message}\n${usage}`)
  process.exit(2)
}
if (options.days !== undefined && !/^[1-9]\d{0,4}$/.test(options.days)) {
  console.error(`--days takes a number of days, e.g. --days 30\n${usage}`)
  process.exit(2)
}
const since = options.days === undefined ? '' : new Date(Date.now() - Number(options.days) * 24 * 60 * 60_000).toISOString()
const who = options.who?.trim().toLowerCase() ?? ''
const select = `SELECT at, actor, role, event, target, outcome FROM admin_audit
  WHERE at >= $1 AND ($2 = '' OR lower(coalesce(actor, '')) LIKE '%' || $2 || '%') ORDER BY id`

async function readEvents() {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try {
      if ((await client.query("SELECT to_regclass('admin_audit') IS NOT NULL AS ok")).rows[0]?.ok !== true) return []
      return (await client.query(select, [since, who])).rows
    } finally {
      await client.end()
    }
  }
  const file = join(resolve(process.env.DATA_DIR || 'data'), 'site.sqlite')
  if (!existsSync(file)) return []
  const db = new DatabaseSync(file, { readOnly: true, timeout: 5_000 })
  try {
    // The table is made with the first sign-in.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'admin_audit'").get()) return []
    return db.prepare(select.replace(/\$(\d+)/g, '?$1')).all(since, who)
  } finally {
    db.close()
  }
}

const events = await readEvents()
const columns = ['at', 'actor', 'role', 'event', 'target', 'outcome']
if (options.csv) {
  process.stdout.write(csvRecord(columns))
  for (const event of events) process.stdout.write(csvRecord(columns.map((column) => event[column] ?? '')))
} else if (events.length === 0) {
  console.log('No admin events recorded.')
} else {
  for (const event of events) {
    const target = event.target ? `  ${event.target}` : ''
    console.log(
      `${event.at}  ${event.outcome.padEnd(7)}  ${(event.actor ?? '-').padEnd(28)}  ${(event.role ?? '-').padEnd(9)}  ${event.event}${target}`,
    )
  }
}
