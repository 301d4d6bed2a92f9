import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * One temporary folder for a whole test run, made the run's TMPDIR: everything the tests create
 * with os.tmpdir() (databases, content copies, servers' data, the browser's profiles) lands in it,
 * and it is deleted at the end. Each test still makes its own folder inside; before this,
 * every run left some hundred folders behind in /tmp.
 *
 * Processes the run starts inherit TMPDIR, and a process that already has the run's folder (a
 * Playwright worker or loader evaluating the config again) keeps it. Only the process that made
 * the folder deletes it, when it exits (a Playwright runner after it has stopped the servers).
 */
export function runTmpdir(name: string): string {
  const inherited = process.env.SITE_TEST_TMPDIR
  const dir = inherited ?? mkdtempSync(join(tmpdir(), `${name}-`))
  if (!inherited) {
    // Readable by others: the PostgreSQL test service runs as its own user below it (services.ts).
    chmodSync(dir, 0o755)
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  }
  process.env.SITE_TEST_TMPDIR = dir
  process.env.TMPDIR = dir
  return dir
}
