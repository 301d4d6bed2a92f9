import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The floor plan's import rules (docs/decisions/033): which part of the app may import which.
 * Imports are read with TypeScript's own parser (static, dynamic and `import()` types), and
 * resolved as the bundler does: relative paths and the `~/` alias, with or without extension.
 * Test files are left out: a test may reach into the module it tests. Paths are from the
 * repository root, where vitest runs.
 */

interface Edge {
  from: string
  to: string
  /** `import type`, `export type`, or every name imported as a type: nothing at run time. */
  typeOnly: boolean
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(?:ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : []
  })
}

const extensions = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx']

function resolveImport(from: string, specifier: string): string | undefined {
  const path = specifier.split('?')[0] ?? specifier
  const base = path.startsWith('~/')
    ? posix.join('app', path.slice(2))
    : path.startsWith('.')
      ? posix.join(posix.dirname(from), path)
      : undefined
  if (base === undefined) return undefined
  return extensions.map((extension) => base + extension).find((candidate) => existsSync(candidate) && !candidate.endsWith('/'))
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause
  if (!clause) return false
  if (clause.isTypeOnly) return true
  const bindings = clause.namedBindings
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  )
}

function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Array<{ specifier: string; typeOnly: boolean }> = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly })
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.flatMap(({ specifier, typeOnly }) => {
    const to = resolveImport(file, specifier)
    return to ? [{ from: file, to, typeOnly }] : []
  })
}

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`)
const inServer = under('app/server')
const inPlatform = under('app/server/platform')
const inCms = under('app/embedded-cms')

/** The `app/server` folder a file is in (`pages`), or undefined for a loose file or one outside. */
function serverFolder(file: string): string | undefined {
  const [, , folder, ...rest] = file.split('/')
  return file.startsWith('app/server/') && rest.length > 0 ? folder : undefined
}

/** Every cycle's members, one list per strongly connected part with more than one member. */
function cycles(edges: ReadonlyArray<readonly [string, string]>): string[][] {
  const next = new Map<string, string[]>()
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to])
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node) ?? 0)
    stack.push(node)
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0))
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0))
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()
        if (member !== undefined) part.push(member)
      } while (member !== undefined && member !== node)
      if (part.length > 1 || edges.some(([from, to]) => from === node && to === node)) found.push(part.sort())
    }
  }
  for (const node of next.keys()) if (!index.has(node)) visit(node)
  return found
}

const show = ({ from, to }: Edge) => `${from} → ${to}`

/** The rules over a set of import edges: each returns what breaks it (empty when kept). */
const rules = {
  cmsImportsOnlyPlatform: (edges: Edge[]) => edges.filter((e) => inCms(e.from) && inServer(e.to) && !inPlatform(e.to)).map(show),
  /** Also through a module outside both (app/cms/preview-token.server.ts → …): the whole chain. */
  cmsReachesOnlyPlatform: (edges: Edge[]) => {
    const runtime = edges.filter((e) => !e.typeOnly)
    const reached = new Map<string, string>()
    const queue = [...new Set(runtime.filter((e) => inCms(e.from)).map((e) => e.from))]
    for (const file of queue) reached.set(file, file)
    while (queue.length > 0) {
      const file = queue.shift() ?? ''
      if (inServer(file) || file === 'app/server.ts') continue
      for (const edge of runtime.filter((e) => e.from === file && !reached.has(e.to))) {
        reached.set(edge.to, `${reached.get(file) ?? file} → ${edge.to}`)
        queue.push(edge.to)
      }
    }
    return [...reached].filter(([file]) => (inServer(file) && !inPlatform(file)) || file === 'app/server.ts').map(([, chain]) => chain)
  },
  siteUsesCmsIndexOnly: (edges: Edge[]) =>
    edges.filter((e) => !inCms(e.from) && inCms(e.to) && e.to !== 'app/embedded-cms/index.server.ts').map(show),
  platformImportsOnlyPlatform: (edges: Edge[]) => edges.filter((e) => inPlatform(e.from) && inServer(e.to) && !inPlatform(e.to)).map(show),
  serverImportsNoUi: (edges: Edge[]) =>
    edges
      .filter((e) => (inServer(e.from) || e.from === 'app/server.ts') && (under('app/components')(e.to) || under('app/blocks')(e.to)))
      .map(show),
  noCycleBetweenServerFolders: (edges: Edge[]) => {
    const between = edges.flatMap((e) => {
      const from = serverFolder(e.from)
      const to = serverFolder(e.to)
      return from && to && from !== to ? [[from, to] as const] : []
    })
    return cycles(between).map(
      (part) =>
        `${part.join(' ⇄ ')}: ${edges
          .filter(
            (e) =>
              part.includes(serverFolder(e.from) ?? '') &&
              part.includes(serverFolder(e.to) ?? '') &&
              serverFolder(e.from) !== serverFolder(e.to),
          )
          .map(show)
          .join(', ')}`,
    )
  },
  noCircleInI18n: (edges: Edge[]) =>
    cycles(edges.filter((e) => under('app/i18n')(e.from) && under('app/i18n')(e.to)).map((e) => [e.from, e.to] as const)).map((part) =>
      part.join(' ⇄ '),
    ),
  /** Inside the protected folders a plain name means code over its arguments (ADR 033). */
  plainNamesImportNoServerState: (edges: Edge[]) =>
    edges
      .filter((e) => (inServer(e.from) || inCms(e.from)) && !/\.(?:server|nitro)\.ts$|\.mjs$/.test(e.from))
      .filter((e) => !e.typeOnly && /\.server\.tsx?$/.test(e.to))
      .map(show),
}

const files = sourceFiles('app')
const edges = files.flatMap(importsOf)

describe('import rules (ADR 033)', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(200)
    expect(edges.length).toBeGreaterThan(600)
    // A dynamic import and a type-only import are both seen.
    expect(edges).toContainEqual({ from: 'app/server/lifecycle.server.ts', to: 'app/embedded-cms/index.server.ts', typeOnly: false })
    expect(edges.some((e) => e.typeOnly)).toBe(true)
  })

  it('the embedded CMS uses nothing of the server but platform/, directly or through another module', () => {
    expect(rules.cmsImportsOnlyPlatform(edges)).toEqual([])
    expect(rules.cmsReachesOnlyPlatform(edges)).toEqual([])
  })

  it('the site reaches the embedded CMS through its index only', () => {
    expect(rules.siteUsesCmsIndexOnly(edges)).toEqual([])
    expect(edges.filter((e) => e.from === 'app/server.ts' && inCms(e.to)).map(show)).toEqual([])
  })

  it('platform/ imports nothing else of the server', () => {
    expect(rules.platformImportsOnlyPlatform(edges)).toEqual([])
  })

  it('the server imports no components or blocks', () => {
    expect(rules.serverImportsNoUi(edges)).toEqual([])
  })

  it('the server folders import each other in one direction only', () => {
    expect(rules.noCycleBetweenServerFolders(edges)).toEqual([])
  })

  it('no module of app/i18n imports itself through others', () => {
    expect(rules.noCircleInI18n(edges)).toEqual([])
  })

  it('a plain-named module of app/server or app/embedded-cms imports no .server module', () => {
    expect(rules.plainNamesImportNoServerState(edges)).toEqual([])
  })

  it('app/server keeps at most three loose files', () => {
    const loose = readdirSync('app/server', { withFileTypes: true }).filter((entry) => entry.isFile())
    expect(loose.length).toBeLessThanOrEqual(3)
  })

  it('each rule finds what breaks it', () => {
    const edge = (from: string, to: string, typeOnly = false): Edge => ({ from, to, typeOnly })
    expect(rules.cmsImportsOnlyPlatform([edge('app/embedded-cms/a.ts', 'app/server/http/b.ts')])).toHaveLength(1)
    expect(rules.cmsImportsOnlyPlatform([edge('app/embedded-cms/a.ts', 'app/server/platform/b.ts')])).toEqual([])
    expect(
      rules.cmsReachesOnlyPlatform([edge('app/embedded-cms/a.ts', 'app/cms/b.ts'), edge('app/cms/b.ts', 'app/server/http/c.ts')]),
    ).toEqual(['app/embedded-cms/a.ts → app/cms/b.ts → app/server/http/c.ts'])
    expect(rules.siteUsesCmsIndexOnly([edge('app/server.ts', 'app/embedded-cms/media.server.ts')])).toHaveLength(1)
    expect(rules.siteUsesCmsIndexOnly([edge('app/routes/graphql.ts', 'app/embedded-cms/index.server.ts')])).toEqual([])
    expect(rules.platformImportsOnlyPlatform([edge('app/server/platform/a.ts', 'app/server/http/b.ts')])).toHaveLength(1)
    expect(rules.serverImportsNoUi([edge('app/server/seo/a.ts', 'app/components/news/b.ts')])).toHaveLength(1)
    expect(
      rules.noCycleBetweenServerFolders([
        edge('app/server/pages/a.ts', 'app/server/contact/b.ts'),
        edge('app/server/contact/c.ts', 'app/server/pages/d.ts'),
      ]),
    ).toHaveLength(1)
    expect(rules.noCycleBetweenServerFolders([edge('app/server/pages/a.ts', 'app/server/http/b.ts')])).toEqual([])
    expect(
      rules.noCircleInI18n([edge('app/i18n/paths.ts', 'app/i18n/segments.ts', true), edge('app/i18n/segments.ts', 'app/i18n/paths.ts')]),
    ).toHaveLength(1)
    expect(rules.plainNamesImportNoServerState([edge('app/server/http/a.ts', 'app/server/platform/env.server.ts')])).toHaveLength(1)
    expect(rules.plainNamesImportNoServerState([edge('app/server/http/a.ts', 'app/server/platform/env.server.ts', true)])).toEqual([])
  })
})
