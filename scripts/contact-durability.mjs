// `npm run test:durability` (after `npm run build`): sends 500 valid contact
// submissions to the built server on 127.0.0.1, half of them while the server
// is killed with SIGKILL mid-run, then checks the database: every acknowledged
// submission is stored, and exactly once (double sends included). Bounded: it
// stops by itself; exits 1 on any loss or duplicate.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { toJSONAsync } from 'seroval'
import { serverEntry, serverNodeArgs } from './lib/server.mjs'
const { solveChallenge } = await import('altcha-lib')
const { deriveKey } = await import('altcha-lib/algorithms/sha')

const total = Number(process.env.DURABILITY_TOTAL ?? 500)
const concurrency = 50
const port = Number(process.env.DURABILITY_PORT ?? 3290)
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'contact-durability-'))

// The contact server function's id, from the built client (the only POST server function).
function serverFnId() {
  const dir = '.output/public/assets'
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const match = /method:`POST`\}\)\.handler\(\w+\(`([0-9a-f]{64})`\)/.exec(readFileSync(join(dir, file), 'utf8'))
    if (match) return match[1]
  }
  throw new Error('contact server function not found in the build: run npm run build first')
}

function startServer() {
  const child = spawn(process.execPath, ['--no-warnings', ...serverNodeArgs, serverEntry], {
    env: { ...process.env, PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, CONTACT_RATE_LIMIT: '100000/600' },
    stdio: 'ignore',
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 20_000
    const poll = async () => {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return resolve(child)
      } catch {}
      if (Date.now() > deadline) return reject(new Error('server did not start'))
      setTimeout(poll, 150)
    }
    poll()
  })
}

async function solvedCaptcha() {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json()
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

async function submit(fnUrl, data) {
  // What Start's client sends: the arguments as seroval JSON.
  const body = JSON.stringify(await toJSONAsync({ data }))
  const response = await fetch(fnUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tsr-serverfn': 'true', origin: base, 'sec-fetch-site': 'same-origin' },
    body,
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  if (process.env.DEBUG_DURABILITY) console.log(response.status, text.slice(0, 300))
  // Acknowledged = the thank-you answer reached the visitor.
  return response.status === 200 && text.includes('"ok"') && text.includes('{"t":2,"s":2}')
}

async function pool(items, worker) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await worker(items[next++])
    }),
  )
}

const fnUrl = `${base}/_serverFn/${serverFnId()}`
let server = await startServer()
const submissions = []
for (let i = 0; i < total; i += 1) {
  submissions.push({
    firstName: 'Zoë',
    // Names take letters only: number i written with letters (a, b, … ba, bb …).
    surName: `Durability ${i.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`,
    email: `durability-${i}@example.com`,
    message: `Message ${i}`,
    locale: 'nl',
    website: '',
    idempotencyKey: crypto.randomUUID(),
  })
}
const started = Date.now()
for (const s of submissions) s.captcha = await solvedCaptcha()
console.log(`solved ${total} captchas in ${Date.now() - started} ms`)

const acknowledged = new Set()
const send = async (s) => {
  try {
    if (await submit(fnUrl, s)) acknowledged.add(s.idempotencyKey)
  } catch {
    // Not acknowledged (the server was killed): the visitor would see the error and retry.
  }
}

// Phase 1: 250 concurrent submissions, each sent twice (a double click) — stored once.
const phase1 = submissions.slice(0, total / 2)
let t = Date.now()
await pool([...phase1, ...phase1], send)
const phase1Ms = Date.now() - t
console.log(`phase 1: ${phase1.length} submissions (x2) in ${phase1Ms} ms, ${acknowledged.size} acknowledged`)

// Phase 2: the other half, and SIGKILL once 40 % of them were acknowledged (100 of 250).
const phase2 = submissions.slice(total / 2)
const killAfter = Math.floor(phase2.length * 0.4)
const before = acknowledged.size
let killed = false
const killer = setInterval(() => {
  if (!killed && acknowledged.size - before >= killAfter) {
    killed = true
    server.kill('SIGKILL')
  }
}, 5)
t = Date.now()
await pool(phase2, send)
clearInterval(killer)
console.log(`phase 2: killed=${killed} after ${acknowledged.size - before} acknowledged, in ${Date.now() - t} ms`)
if (!killed) server.kill('SIGKILL')

// Check what is on disk.
const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { readOnly: true })
const rows = db.prepare('SELECT idempotency_key AS k, COUNT(*) AS n FROM submissions GROUP BY idempotency_key').all()
db.close()
const stored = new Map(rows.map((r) => [r.k, Number(r.n)]))
const lost = [...acknowledged].filter((k) => !stored.has(k))
const duplicates = [...stored.values()].filter((n) => n > 1).length
console.log(`acknowledged ${acknowledged.size}, stored ${stored.size}, lost ${lost.length}, duplicates ${duplicates}`)
console.log(`phase 1 throughput: ${Math.round((phase1.length * 2 * 1000) / phase1Ms)} requests/s`)
process.exit(lost.length === 0 && duplicates === 0 && killed && acknowledged.size >= phase1.length ? 0 : 1)
