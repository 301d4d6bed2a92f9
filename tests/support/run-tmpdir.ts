import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * One temporary folder for a whole test run, made the run's TMPDIR: everything the tests create
 * with os.tmpdir() (databases, content copies, servers' data, the browser's profiles) lands in it,
 * and `remove` deletes it all at the end. Each test still makes its own folder inside; before this,
 * every run left some hundred folders behind in /tmp.
 *
 * Processes the run starts inherit TMPDIR, and a process that already has the run's folder (a
 * Playwright worker evaluating the config again) keeps it.
 */
export function runTmpdir(name: string): { dir: string; remove: () => void } {
  const inherited = process.env.SITE_TEST_TMPDIR
  const dir = inherited ?? mkdtempSync(join(tmpdir(), `${name}-`))
  // Readable by others: the PostgreSQL test service runs as its own user below it (services.ts).
  if (!inherited) chmodSync(dir, 0o755)
  process.env.SITE_TEST_TMPDIR = dir
  process.env.TMPDIR = dir
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
