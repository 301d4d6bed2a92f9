import { execFile, execFileSync } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { full } from './tiers'

/**
 * The developers' checklists are true: the code blocks of docs/add-a-block-type.md (a block type
 * and a location field) and docs/add-a-language.md (a sixth language) are applied, exactly as
 * written, to a copy of the repository, and the commands the checklists name then pass there. A
 * step the docs leave out fails here with the typecheck's or the check's own message.
 */

const execFileAsync = promisify(execFile)

interface Step {
  doc: string
  file: string
  /** How the block goes into the file: a new file, appended, or placed by an anchor. */
  how: { kind: 'create' } | { kind: 'append' } | { kind: 'before' | 'after' | 'replace'; anchor: string }
  text: string
}

/** The fenced code blocks of a doc that name a file (```ts file=path [append|before="…"|after="…"|replace="…"]): replace is of every occurrence. */
function stepsOf(doc: string, markdown: string): Step[] {
  const fence = /^( *)```\w+ file=(\S+)(?: (append|(before|after|replace)="([^"]*)"))?\n([\s\S]*?)^\1```$/gm
  return [...markdown.matchAll(fence)].map((match) => {
    const [, indent = '', file = '', append, kind, anchor = '', body = ''] = match
    const text = body
      .split('\n')
      .map((line) => line.slice(indent.length))
      .join('\n')
    const how: Step['how'] =
      kind === 'before' || kind === 'after' || kind === 'replace'
        ? { kind, anchor }
        : append
          ? { kind: 'append' as const }
          : { kind: 'create' as const }
    return { doc, file, how, text }
  })
}

function apply(root: string, step: Step): void {
  const path = join(root, step.file)
  const where = `${step.doc}: ${step.file}`
  if (step.how.kind === 'create') {
    if (existsSync(path)) throw new Error(`${where} exists already`)
    execFileSync('mkdir', ['-p', dirname(path)])
    writeFileSync(path, step.text)
    return
  }
  if (step.how.kind === 'append') return appendFileSync(path, `\n${step.text}`)
  const { kind, anchor } = step.how
  const current = readFileSync(path, 'utf8')
  if (!current.includes(anchor)) throw new Error(`${where}: "${anchor}" is not in the file`)
  // Every occurrence: a list written out several times in one file changes everywhere.
  if (kind === 'replace') return writeFileSync(path, current.replaceAll(anchor, step.text.replace(/\n$/, '')))
  const lines = current.split('\n')
  const at = lines.findIndex((line) => line.includes(anchor))
  const inserted = step.text.replace(/\n$/, '').split('\n')
  lines.splice(kind === 'before' ? at : at + 1, 0, ...inserted)
  writeFileSync(path, lines.join('\n'))
}

async function run(root: string, command: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(command, args, { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: 'true' } })
  } catch (error) {
    const output = (key: string) => (typeof error === 'object' && error !== null ? String(Reflect.get(error, key) ?? '') : '')
    throw new Error(`${command} ${args.join(' ')} failed in the copy:\n${output('stdout')}\n${output('stderr')}`.slice(-8000))
  }
}

test('the checklists for a block type, a location field and a language hold as written', full, async () => {
  test.setTimeout(360_000)
  const docs = ['docs/add-a-block-type.md', 'docs/add-a-language.md']
  const steps = docs.flatMap((doc) => stepsOf(doc, readFileSync(doc, 'utf8')))
  // Every part of both checklists is here: a doc whose blocks stopped matching would test nothing.
  expect(steps.filter((step) => step.file.startsWith('app/blocks/Quote/'))).toHaveLength(2)
  expect(steps.some((step) => step.file === 'app/content-types/locations.ts')).toBe(true)
  expect(steps.some((step) => step.file === 'app.config.ts')).toBe(true)

  // A copy of what a clone has (tracked files as they are now), with this checkout's packages.
  const root = mkdtempSync(join(tmpdir(), 'checklists-'))
  try {
    execFileSync('bash', ['-c', `git ls-files -z | tar --null -T - -cf - | tar -xf - -C ${root}`])
    symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'))
    for (const step of steps) apply(root, step)

    await run(root, 'npm', ['run', 'codegen'])
    // "Translate both, then extract again": the English catalogs stand in for a translator's
    // Swedish, put in place first so that one extract (the slowest step here) does both.
    execFileSync('mkdir', ['-p', join(root, 'app/locales/sv')])
    for (const catalog of ['messages.po', 'routes.po']) {
      const english = readFileSync(join(root, 'app/locales/en', catalog), 'utf8')
      writeFileSync(join(root, 'app/locales/sv', catalog), english.replace(/^"Language: en\\n"$/m, '"Language: sv\\n"'))
    }
    await run(root, 'npm', ['run', 'extract'])
    // The app and scripts compile; the tests' own expectations per language are named by the
    // typecheck for a developer to fill in (the checklist's last step), so only they may fail.
    const typecheck = await execFileAsync('npx', ['tsc', '--noEmit'], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then(
      () => '',
      (error: unknown) => (typeof error === 'object' && error !== null ? String(Reflect.get(error, 'stdout') ?? '') : String(error)),
    )
    const erring = new Set([...typecheck.matchAll(/^([^\s(]+)\(\d+,\d+\): error/gm)].map((match) => match[1] ?? ''))
    expect([...erring].filter((file) => !/\.(?:test|spec)\.tsx?$/.test(file))).toEqual([])
    await run(root, 'npm', ['run', 'i18n:check'])
    await run(root, 'npx', [
      'vitest',
      'run',
      'app/blocks/blocks.test.tsx',
      'tests/unit/content-codegen.test.ts',
      'tests/unit/varnish-vcl.test.ts',
    ])
    // The new block is in the contract and the admin's form; the location field in the contract.
    const contract = readFileSync(join(root, 'app/cms/schema.graphql'), 'utf8')
    expect(contract).toMatch(/type Quote implements BaseElement \{[^}]*quote: String!/)
    expect(contract).toMatch(/type Location \{[^}]*salesPhone: String/)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
