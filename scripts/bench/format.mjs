export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–')
export const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`
export const pct = (n) => (Number.isFinite(n) ? `${(n * 100).toFixed(1)}%` : '–')
export const signed = (n, text) => (Number.isFinite(n) ? `${n >= 0 ? '+' : ''}${text}` : '–')

export function table(rows, rightFrom = 1) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)))
  const line = (row) => row.map((cell, i) => (i < rightFrom ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ')
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')
}
