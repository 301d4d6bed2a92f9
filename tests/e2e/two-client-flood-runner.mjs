// One client floods requests that each need a render while another
// reads a cached page and a probe reads /healthz, all at once, in its own process (autocannon
// does not load inside Playwright's test runner). Clients are told apart by X-Forwarded-For (the
// server trusts loopback). Prints per client the status counts and latency percentiles as JSON.
// Usage: node two-client-flood-runner.mjs <base> <flood path prefix> <flood connections> <seconds> [cached path]
import autocannon from 'autocannon'

const [base, floodPrefix, connections = '200', seconds = '5', cachedPath = '/over-ons'] = process.argv.slice(2)
const duration = Number(seconds)
let sent = 0

const summary = (result) => ({
  requests: result.requests.total,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)])),
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
})

/**
 * The flood starts once the others' connections are open: a connection opened during the flood
 * waits in the worker behind the flood's backlog of requests (seconds, app or not), while one
 * already open gets its answers in turn. Visitors' browsers keep theirs open too.
 */
const afterTheOthers = (run) => new Promise((resolve) => setTimeout(resolve, 500)).then(run)
const measured = duration + 1

const [flood, cached, healthz] = await Promise.all([
  afterTheOthers(() =>
    autocannon({
      url: base,
      connections: Number(connections),
      duration,
      timeout: 20,
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'x-forwarded-for': '203.0.113.9' },
      // A new URL each time: nothing the page cache has.
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: floodPrefix.replace('{n}', String(sent++)) }) }],
    }),
  ),
  autocannon({
    url: `${base}${cachedPath}`,
    connections: 4,
    duration: measured,
    timeout: 20,
    headers: { accept: 'text/html', 'accept-encoding': 'br', 'x-forwarded-for': '198.51.100.7' },
  }),
  autocannon({ url: `${base}/healthz`, connections: 1, duration: measured, timeout: 20 }),
])
console.log(JSON.stringify({ flood: summary(flood), cached: summary(cached), healthz: summary(healthz) }))
