// `npm run submissions` — prints the stored contact form submissions for
// operators, or writes them as CSV: `npm run submissions -- --csv > out.csv`.
// Reads DATA_DIR (default ./data) like the server does.
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

const file = join(resolve(process.env.DATA_DIR || 'data'), 'site.sqlite')
if (!existsSync(file)) {
  console.error(`No submissions yet (${file} does not exist).`)
  process.exit(0)
}
const db = new DatabaseSync(file, { readOnly: true })
// The submissions table is made with the first stored message.
const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'").get()
const rows = hasTable
  ? db.prepare('SELECT id, created_at, locale, first_name, sur_name, email, message FROM submissions ORDER BY id').all()
  : []
db.close()

if (process.argv.includes('--csv')) {
  const columns = ['id', 'created_at', 'locale', 'first_name', 'sur_name', 'email', 'message']
  // RFC 4180 quoting; a leading = + - @ is defused so spreadsheets never run it as a formula.
  const cell = (value) => {
    let text = String(value ?? '')
    if (/^[=+\-@]/.test(text)) text = `'${text}`
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  process.stdout.write([columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n')
} else {
  // Anything that is not printable (controls, bidi overrides, a CR that would rewrite the
  // line) is shown as \u{…}: what is on screen is what was stored, and nothing steers the terminal.
  const printable = (value, keep = '') =>
    String(value ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (char) => (keep.includes(char) ? char : `\\u{${char.codePointAt(0).toString(16)}}`))
  for (const row of rows) {
    console.log(`#${row.id}  ${printable(row.created_at)}  [${printable(row.locale)}]  ${printable(row.first_name)} ${printable(row.sur_name)} <${printable(row.email)}>`)
    console.log(`    ${printable(row.message, '\n\t').replace(/\n/g, '\n    ')}`)
  }
  console.log(`${rows.length} submission(s) in ${file}`)
}
