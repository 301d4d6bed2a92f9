// Many connections reading one URL for a while, in its own process (autocannon does not load
// inside Playwright's test runner). Prints the result as JSON.
// Usage: node flood-runner.mjs <url> <connections> <seconds> [accept-encoding]
import autocannon from 'autocannon'

const [url, connections = '1000', seconds = '10', acceptEncoding = 'br'] = process.argv.slice(2)
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  timeout: 20,
  headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
})
const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, Number(count)]))
console.log(
  JSON.stringify({ requests: result.requests.total, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, statusCodes }),
)
