// `npm start`: build when the build is missing or older than the sources, then
// serve the production build (nitro's Node server) on PORT (default 3000).
// `npm run serve` (--no-build): serve the build as it is.
import { spawn } from 'node:child_process'
import { ensureBuild } from './lib/build.mjs'
import { serverEntry } from './lib/server.mjs'

if (!process.argv.includes('--no-build')) ensureBuild()

const port = process.env.PORT ?? '3000'
const server = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
