// `npm start`: build when the build is missing or older than the sources, then
// serve the production build (nitro's Node server) on PORT (default 3000).
import { spawnSync, spawn } from 'node:child_process'
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

const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0
const changedAt = Math.max(...sources.map(newestMtime))
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…')
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const port = process.env.PORT ?? '3000'
const server = spawn(process.execPath, ['.output/server/index.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
