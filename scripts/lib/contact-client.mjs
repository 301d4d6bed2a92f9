// The contact form as a program sends it, for the durability script and the cluster tests:
// the same captcha, payload encoding (seroval, as Start's client) and headers as the browser.
import { readdirSync, readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { toJSONAsync } from 'seroval'

let functionPath

/** The contact server function's URL path, from the built client (the only POST server function); read once. */
export function contactFunctionPath() {
  functionPath ??= findContactFunctionPath()
  return functionPath
}

function findContactFunctionPath() {
  const dir = '.output/public/assets'
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const match = /method:`POST`\}\)\.handler\(\w+\(`([0-9a-f]{64})`\)/.exec(readFileSync(join(dir, file), 'utf8'))
    if (match) return `/_serverFn/${match[1]}`
  }
  throw new Error('contact server function not found in the build: run npm run build first')
}

/** A captcha solved as the widget does: a challenge from `base`, solved, encoded as the form sends it. */
export async function solvedCaptcha(base) {
  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json()
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

/** A valid submission; `n` makes it unique (names take letters only: n written with letters). */
export function submissionFields(n, captcha) {
  return {
    firstName: 'Zoë',
    surName: `Test ${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)))}`,
    email: `test-${n}@example.com`,
    message: `Message ${n}`,
    locale: 'nl',
    website: '',
    idempotencyKey: crypto.randomUUID(),
    captcha,
  }
}

/**
 * Sends a submission on a connection of its own, as a visitor's browser would (so a cluster
 * spreads them over its workers); resolves to the HTTP status and whether the visitor was thanked.
 */
export async function submitContact(base, data, headers = {}) {
  const body = JSON.stringify(await toJSONAsync({ data }))
  const { status, text } = await new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${contactFunctionPath()}`,
      {
        method: 'POST',
        agent: false,
        timeout: 15_000,
        headers: {
          'content-type': 'application/json',
          'x-tsr-serverfn': 'true',
          origin: base,
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
        response.on('error', reject)
      },
    )
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.end(body)
  })
  // Acknowledged = the thank-you answer reached the visitor.
  return { status, thanked: status === 200 && text.includes('"ok"') && text.includes('{"t":2,"s":2}'), text }
}
