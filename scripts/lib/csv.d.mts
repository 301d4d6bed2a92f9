/** One field, quoted, with a `'` before whatever a spreadsheet would read as a formula. */
export function csvField(value: unknown): string
/** One record, CRLF-terminated. */
export function csvRecord(values: readonly unknown[]): string
