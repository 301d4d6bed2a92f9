// Build the app when the build is missing or older than its sources (shared by
// `npm start`, `npm run bench` and `npm run lighthouse`), and the same for the reference app
// (bench/reference, ADR 041) the bench and Lighthouse measure the site against.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const buildMarker = '.output/nitro.json'
const sources = ['app', 'public', 'package-lock.json', 'vite.config.ts', 'app.config.ts', 'lingui.config.ts']

/** The reference app's build, in bench/reference/.output (git-ignored like the app's). */
export const referenceBuildMarker = 'bench/reference/.output/nitro.json'
// Its sources, not its folder: that holds its own build output.
const referenceSources = ['bench/reference/src', 'bench/reference/vite.config.ts', 'package-lock.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/**
 * Build details a start does not need: nitro's info lines (the traced native packages, "preview
 * with npx vite preview") and the bundler's notes. BUILD_VERBOSE=1 shows them (and vite.config.ts
 * then adds the bundler's plugin timings); warnings and errors always show.
 */
const verbose = process.env.BUILD_VERBOSE === '1'

/** The lines of a build's output a start shows: all of them when verbose, else what is not a detail. */
function buildLinesShown(output) {
  const lines = output.split('\n').filter((line) => line.trim())
  // Matched without colour codes (a terminal, or FORCE_COLOR, gets nitro's prefix coloured).
  const plain = (line) => stripVTControlCharacters(line).trim()
  // Under CI consola's plain reporter puts a tag first (`[success] [nitro] …`, `[start] [nitro] …`).
  return verbose ? lines : lines.filter((line) => !/^(?:\[\w+\] )?\[nitro\]|^ℹ Generated|codeSplitting\.groups/.test(plain(line)))
}

/** Runs `vite build` (with `configArgs`) when `marker` is missing or older than `sourcePaths`. */
function buildWhenStale({ what, marker, sourcePaths, configArgs = [], logLevel = 'warn' }) {
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0
  const changedAt = Math.max(...sourcePaths.map(newestMtime))
  if (builtAt >= changedAt) return
  // One line while it builds, finished when it is built (unless the build had something to say).
  process.stdout.write(builtAt ? `Sources of ${what} changed since its last build: building… ` : `No build of ${what} yet: building… `)
  const started = Date.now()
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', ...configArgs, '--logLevel', verbose ? 'info' : logLevel],
    // nitro logs through consola: warnings and errors only (level 1) unless verbose.
    { encoding: 'utf8', env: verbose ? process.env : { ...process.env, CONSOLA_LEVEL: '1' } },
  )
  const output = buildLinesShown(`${build.stdout}${build.stderr}`)
  if (output.length) console.log(`\n${output.join('\n')}`)
  if (build.status !== 0) process.exit(build.status ?? 1)
  console.log(`${output.length ? `Built ${what}` : 'built'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
}

/** Runs `vite build` when needed; exits the process when the build fails. */
export function ensureBuild() {
  // Warnings and errors only: the per-file size listing is for `npm run build`.
  buildWhenStale({ what: 'the app', marker: buildMarker, sourcePaths: sources })
}

/** Builds the reference app when needed; exits the process when the build fails. */
export function ensureReferenceBuild() {
  // Errors only: its warnings (React libraries' "use client", which the site's config silences)
  // are not the site's to act on.
  buildWhenStale({
    what: 'the reference app (bench/reference)',
    marker: referenceBuildMarker,
    sourcePaths: referenceSources,
    configArgs: ['--config', 'bench/reference/vite.config.ts'],
    logLevel: 'error',
  })
}
