import { defineMiddleware } from 'nitro'

/** The function id of a `/_serverFn/<id>` path as Start reads it: decoded and trimmed. */
function functionId(pathname: string): string {
  const raw = /^\/_serverFn\/([^/?]*)/.exec(pathname)?.[1] ?? ''
  try {
    return decodeURIComponent(raw).trim()
  } catch {
    return ''
  }
}

/**
 * `/_serverFn/<id>` with an id that can never name a function: empty (`%20`
 * too), or a property every object has (`constructor`, `toString`…), which
 * Start would look up in its function table and then crash on. Both fail
 * before any of Start's request middleware runs (a 500), so they are answered
 * here: 404.
 */
export default defineMiddleware((event) => {
  const id = functionId(event.url.pathname)
  if (!id || id in Object.prototype) {
    return Response.json({ error: 'Unknown server function' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
  }
})
