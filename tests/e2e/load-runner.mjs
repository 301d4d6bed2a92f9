// Runs the load of load.spec.ts in its own process (autocannon does not load inside
// Playwright's test runner) and prints the result as JSON.
// Usage: node load-runner.mjs <base URL> <requests> <connections>
import autocannon from 'autocannon'

const [baseURL, amount, connections] = process.argv.slice(2)
let rendered = 0
/** Non-2xx answers per path (with their status): the spec shows which page failed. */
const failures = {}

function recordFailures(path) {
  return (status) => {
    if (status < 200 || status > 299) failures[`${status} ${path}`] = (failures[`${status} ${path}`] ?? 0) + 1
  }
}

/**
 * Each request from one of 1,000 visitors, far more than requests in flight (the test server
 * trusts one proxy hop): one client past its share of the render slots is turned away (429,
 * app/server/pages/render-slots.ts), many visitors are not.
 */
let sent = 0
const visitorAddress = (n) => `198.18.${Math.floor(n / 250) % 4}.${(n % 250) + 1}`
const asVisitor = (request) => ({
  ...request,
  headers: { ...request.headers, 'x-forwarded-for': visitorAddress(sent++) },
})

// A number of requests, not a duration: what the spec counts is the same on any machine.
const result = await autocannon({
  url: baseURL,
  connections: Number(connections),
  amount: Number(amount),
  timeout: 10,
  headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  requests: [
    // Home, a news detail and a content page (nl and en), as browsers ask for them.
    { method: 'GET', path: '/', setupRequest: asVisitor, onResponse: recordFailures('/') },
    {
      method: 'GET',
      path: '/en/news/private-lease-without-deposit',
      setupRequest: asVisitor,
      onResponse: recordFailures('/en/news/private-lease-without-deposit'),
    },
    { method: 'GET', path: '/over-ons', setupRequest: asVisitor, onResponse: recordFailures('/over-ons') },
    // A value of its own each time for a parameter the page reads: a page that has to be rendered, not served from the page cache.
    {
      method: 'GET',
      setupRequest: (request) => asVisitor({ ...request, path: `/en/about-us?location=load-${rendered++}` }),
      onResponse: recordFailures('/en/about-us?location=load-<n>'),
    },
  ],
})
const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]))
console.log(
  JSON.stringify({
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ok: result['2xx'],
    statusCodes,
    failures,
    rendered,
  }),
)
