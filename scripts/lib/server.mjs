// How the production server is started, shared by `npm start`, `npm run bench`,
// `npm run lighthouse` and the e2e tests, so all of them measure the same thing.

/**
 * Memory: a 4 MB young generation (Node 24 grows it to 32 MB) and a 192 MB old
 * generation. V8 otherwise lets the heap grow long before collecting: under the
 * bench the server reached 300-430 MB RSS with a live heap of ~45 MB; with these
 * flags it stays under 250 MB at about the same requests per second. Raise
 * --max-old-space-size if the content grows far beyond today's (docs/decisions/008).
 */
export const serverNodeArgs = [
  '--max-semi-space-size=4',
  '--max-old-space-size=192',
  // node:sqlite's "experimental" notice, printed at every start (ADR 007 chose it knowingly).
  '--disable-warning=ExperimentalWarning',
]

export const serverEntry = '.output/server/index.mjs'
