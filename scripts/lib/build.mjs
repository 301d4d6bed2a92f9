// Build the app when the build is missing or older than its sources (shared by
// `npm start`, `npm run bench` and `npm run lighthouse`).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const buildMarker = '.output/nitro.json'
const sources = ['app', 'public', 'package-lock.json', 'vite.config.ts', 'app.config.ts', 'lingui.config.ts']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** Runs `vite build` when needed; exits the process when the build fails. */
export function ensureBuild() {
  const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0
  const changedAt = Math.max(...sources.map(newestMtime))
  if (builtAt >= changedAt) return
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…')
  const started = Date.now()
  // Warnings and errors only: the per-file size listing is for `npm run build`.
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { encoding: 'utf8' })
  // nitro's own lines (progress, "preview with npx vite preview") do not apply to `npm start`.
  const output = `${build.stdout}${build.stderr}`
    .split('\n')
    .filter((line) => line.trim() && !/^\[nitro\]|^ℹ Generated|codeSplitting\.groups/.test(line.trim()))
  if (output.length) console.log(output.join('\n'))
  if (build.status !== 0) process.exit(build.status ?? 1)
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
}
