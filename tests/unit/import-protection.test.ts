import { readdirSync } from 'node:fs'
import { posix } from 'node:path'
import { describe, expect, it } from 'vitest'
// The plugin's own matcher (picomatch, as TanStack Start compiles the globs of vite.config.ts).
import { compileMatchers, matchesAny } from '../../node_modules/@tanstack/start-plugin-core/dist/esm/import-protection/matchers.js'
import { clientDeniedFiles } from '../../scripts/lib/import-protection'

/**
 * Which files the build refuses in browser code (importProtection in vite.config.ts): every
 * *.server.* file and everything under app/server/ and app/embedded-cms/, at any depth, and
 * nothing else. tests/e2e/build-output.spec.ts builds once to show the plugin applies them.
 * Paths are from the project root, as the plugin matches them.
 */
const matchers = compileMatchers(clientDeniedFiles)
const denied = (path: string) => matchesAny(path, matchers) !== undefined

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name)
    return entry.isDirectory() ? files(path) : [path]
  })
}

describe('the import-protection globs', () => {
  it.each([
    ['app/server/platform/db.server.ts', true],
    ['app/server/redirects/canonical-redirect.ts', true],
    ['app/server/pages/deep/er/still.tsx', true],
    ['app/embedded-cms/content/read.ts', true],
    ['app/i18n/detect.server.ts', true],
    ['app/blocks/ContactForm/captcha.server.tsx', true],
    ['app/client.tsx', false],
    ['app/contact/contact.functions.ts', false],
    ['app/blocks/ContactForm/ContactForm.tsx', false],
    ['app/serverless/notes.ts', false],
    ['app/embedded-cms-docs/readme.ts', false],
  ])('%s: denied %s', (path, expected) => {
    expect(denied(path)).toBe(expected)
  })

  it('deny exactly the server files of the source tree', () => {
    const all = files('app')
    const server = (path: string) =>
      path.startsWith('app/server/') || path.startsWith('app/embedded-cms/') || /\.server\.[^/]+$/.test(posix.basename(path))
    expect(all.filter(server).length).toBeGreaterThan(50)
    expect(all.filter((path) => denied(path) !== server(path))).toEqual([])
  })
})
