/**
 * `npm run content:check [folder]`: validates the content folder (`content` unless given) as
 * the server does at load, without starting it: for CI on an editor's branch and in `npm test`.
 * Prints each problem as `file:line:column: field: message` and exits 1, or says it is fine.
 *
 * The server's checks import the route segments from the PO catalogs and Lingui macros, which
 * only Vite's Lingui plugins can load: they run through Vite's module runner (no dev server,
 * no build), with those two plugins as in vite.config.ts.
 */
import { resolve } from 'node:path'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { runnerImport } from 'vite'
import type * as check from '../app/embedded-cms/content/check.server'

const dir = process.argv[2] ?? 'content'
const { module } = await runnerImport<typeof check>(resolve('app/embedded-cms/content/check.server.ts'), {
  configFile: false,
  logLevel: 'error',
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui({ failOnMissing: false })],
})
const problems = module.contentProblems(resolve(dir))
for (const problem of problems) console.error(problem)
if (problems.length > 0) process.exitCode = 1
else console.log(`${dir}: the content is valid.`)
