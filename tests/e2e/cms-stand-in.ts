import { createServer, type Server } from 'node:http'

export interface CmsStandIn {
  server: Server
  /** From now on, requests hang (never answered) or pass on again. */
  hang: (on: boolean) => void
  listen: (port: number) => Promise<void>
  /** Closes it and its connections: from then on a connection is refused, as to a CMS that is down. */
  close: () => Promise<void>
}

/** A stand-in for a remote CMS in front of a real one at `origin`: passes each request on, or hangs. */
export function cmsStandIn(origin: string): CmsStandIn {
  let hanging = false
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (hanging) return
      fetch(`${origin}${req.url ?? '/'}`, {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) =>
          res
            .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
            .end(Buffer.from(await answer.arrayBuffer())),
        )
        .catch(() => res.writeHead(502).end())
    })
  })
  return {
    server,
    hang: (on) => (hanging = on),
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
