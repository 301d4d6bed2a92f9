// CSV for spreadsheets (`npm run submissions -- --csv`): RFC 4180 with every field quoted,
// and defused against formula injection (OWASP "CSV Injection").

/**
 * Where a spreadsheet may start a cell: the start of the field, and after any character some
 * spreadsheet splits on. Excel in nl, de, fr and da splits on `;`, not on the comma, and then
 * sees the quotes around our field as plain text: `Prijs?;=cmd|…` becomes a cell `=cmd|…`.
 * Spaces before the formula count as nothing: a spreadsheet that trims cells reads `x; =1+1` as `=1+1`.
 */
const cellStart = /(^|[;,\t\r\n])(?=[" ]*[=+\-@\t\r])/g

/** One field, quoted, with a `'` before whatever a spreadsheet would read as a formula. */
export function csvField(value) {
  const text = String(value ?? '').replace(cellStart, "$1'")
  return `"${text.replace(/"/g, '""')}"`
}

/** One record, CRLF-terminated. */
export function csvRecord(values) {
  return `${values.map(csvField).join(',')}\r\n`
}
