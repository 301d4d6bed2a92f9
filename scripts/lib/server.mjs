// How the production server is started, shared by `npm start`, `npm run bench`,
// `npm run lighthouse` and the e2e tests, so all of them measure the same thing.

/**
 * A 4 MB young generation instead of Node 24's 16–32 MB: under load the server
 * then stays around 130–200 MB RSS instead of 160–430 MB, with no measurable
 * change in requests per second (see docs/decisions/008-page-cache-csp-nonces.md).
 */
export const serverNodeArgs = ['--max-semi-space-size=4']

export const serverEntry = '.output/server/index.mjs'
