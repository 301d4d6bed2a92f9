// `npm run test:durability` (after `npm run build`): sends 500 valid contact
// submissions to the built server on 127.0.0.1, half of them while the server
// is killed with SIGKILL mid-run, then checks the database: every acknowledged
// submission is stored, and exactly once (double sends included). Bounded: it
// stops by itself; exits 1 on any loss or duplicate.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'

import { solvedCaptcha, submissionFields, submitContact } from './lib/contact-client.mjs'
import { serverEntry, startBuiltServer } from './lib/server.mjs'

const total = Number(process.env.DURABILITY_TOTAL ?? 500)
const concurrency = 50
const port = Number(process.env.DURABILITY_PORT ?? 3290)
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'contact-durability-'))

async function startServer() {
  const { child } = await startBuiltServer(port, {
    args: ['--no-warnings', serverEntry],
    env: { DATA_DIR: dataDir, CONTACT_RATE_LIMIT: '100000/600' },
    timeoutMs: 20_000,
    // Its own process group: the kill below takes the cluster primary and every worker at once.
    detached: true,
  })
  return child
}

/** SIGKILL to the server's whole process group: the primary and every worker, as a power cut. */
function powerCut(child) {
  process.kill(-child.pid, 'SIGKILL')
}

/** Resolves once no process of the group is left (nothing holds the database any more); 10 s at most. */
async function groupGone(child) {
  const deadline = Date.now() + 10_000
  for (;;) {
    try {
      process.kill(-child.pid, 0)
    } catch {
      return
    }
    if (Date.now() > deadline) throw new Error('the killed server group is still there after 10 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function submit(data) {
  const { status, thanked, text } = await submitContact(base, data)
  if (process.env.DEBUG_DURABILITY) console.log(status, text.slice(0, 300))
  return thanked
}

async function pool(items, worker) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await worker(items[next++])
    }),
  )
}

let server = await startServer()
const submissions = []
for (let i = 0; i < total; i += 1) {
  submissions.push(submissionFields(i, ''))
}
const started = Date.now()
for (const s of submissions) s.captcha = await solvedCaptcha(base)
console.log(`solved ${total} captchas in ${Date.now() - started} ms`)

const acknowledged = new Set()
const send = async (s) => {
  try {
    if (await submit(s)) acknowledged.add(s.idempotencyKey)
  } catch {
    // Not acknowledged (the server was killed): the visitor would see the error and retry.
  }
}

// Phase 1: 250 concurrent submissions, each sent twice (a double click) — stored once.
const phase1 = submissions.slice(0, total / 2)
let t = Date.now()
await pool([...phase1, ...phase1], send)
const phase1Ms = Date.now() - t
const phase1Acknowledged = acknowledged.size
console.log(`phase 1: ${phase1.length} submissions (x2) in ${phase1Ms} ms, ${phase1Acknowledged} acknowledged`)

// Phase 2: the other half, and SIGKILL once 40 % of them were acknowledged (100 of 250).
const phase2 = submissions.slice(total / 2)
const killAfter = Math.floor(phase2.length * 0.4)
const before = acknowledged.size
let killed = false
const killer = setInterval(() => {
  if (!killed && acknowledged.size - before >= killAfter) {
    killed = true
    powerCut(server)
  }
}, 5)
t = Date.now()
await pool(phase2, send)
clearInterval(killer)
console.log(`phase 2: killed=${killed} after ${acknowledged.size - before} acknowledged, in ${Date.now() - t} ms`)
if (!killed) powerCut(server)
await groupGone(server)

// Check what is on disk.
const db = new DatabaseSync(join(dataDir, 'site.sqlite'), { readOnly: true, timeout: 5_000 })
const rows = db.prepare('SELECT idempotency_key AS k, COUNT(*) AS n FROM submissions GROUP BY idempotency_key').all()
db.close()
const stored = new Map(rows.map((r) => [r.k, Number(r.n)]))
const lost = [...acknowledged].filter((k) => !stored.has(k))
const duplicates = [...stored.values()].filter((n) => n > 1).length
console.log(`acknowledged ${acknowledged.size}, stored ${stored.size}, lost ${lost.length}, duplicates ${duplicates}`)
console.log(`phase 1 throughput: ${Math.round((phase1.length * 2 * 1000) / phase1Ms)} requests/s`)
if (phase1Acknowledged < phase1.length) console.log(`FAIL: only ${phase1Acknowledged} of ${phase1.length} phase-1 submissions acknowledged`)
process.exit(lost.length === 0 && duplicates === 0 && killed && phase1Acknowledged === phase1.length ? 0 : 1)
