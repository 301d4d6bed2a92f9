import { request as httpRequest } from 'node:http'

/** fetch cannot send a foreign Host header, a `//` path or TRACE; node:http can. */
export function rawRequest(url: string, init: RequestInit): Promise<{ status: number; headers: Record<string, string | undefined> }> {
  const target = new URL(url.replace(/^(http:\/\/[^/]+)\/\//, '$1/__double__/'))
  const path = target.pathname.replace('/__double__/', '//') + target.search
  const headers = new Headers(init.headers)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path, method: init.method ?? 'GET', headers: Object.fromEntries(headers) },
      (res) => {
        res.resume()
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
          }),
        )
      },
    )
    req.on('error', reject)
    if (typeof init.body === 'string') req.write(init.body)
    req.end()
  })
}

/** The status of a request whose request line is in absolute form (`GET http://host/path`), sent with another Host header. */
export function absoluteFormStatus(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}
