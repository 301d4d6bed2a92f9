// Runs the load of load.spec.ts in its own process (autocannon does not load inside
// Playwright's test runner) and prints the result as JSON.
import autocannon from 'autocannon'

const baseURL = process.argv[2]
let rendered = 0
const result = await autocannon({
  url: baseURL,
  connections: 50,
  duration: 5,
  timeout: 10,
  headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  requests: [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/en/news/private-lease-without-deposit' },
    { method: 'GET', path: '/over-ons' },
    // A query string of its own each time: a page that has to be rendered.
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/en/about-us?load=${rendered++}` }) },
  ],
})
console.log(JSON.stringify({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, ok: result['2xx'], rendered }))
