/**
 * /admin/session.js, run in the editor's tab before Decap: Decap's proxy backend sends plain
 * JSON calls, and this adds what the site's API asks of them. Each call gets the session token
 * of /admin's page (a header: a page on another origin can neither read the token nor send the
 * header without a preflight, which is never granted). Each save and delete gets the version of
 * every file as the editor opened it, learnt from the API's own answers, so a save over someone
 * else's newer one is refused (409) instead of overwriting it.
 *
 * It also reloads the admin when the address changes from one entry to another (typed, or
 * pasted): Decap then kept showing the first entry under the second's address.
 *
 * Served as this function's source (`(${sessionScript})()`): it must use nothing from outside itself.
 */
export function sessionScript(): void {
  const token = document.querySelector<HTMLMetaElement>('meta[name="admin-session"]')?.content ?? ''
  const api = new URL('/admin/api/v1', location.href).href
  const versions = new Map<string, string | null>()
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  /**
   * The version of an entry as its form was loaded: from getEntry (opening it), and from lists
   * only for entries not opened yet. A list read later (a relation field lists the pages) must
   * not make a form loaded before someone else's save look current.
   */
  const learn = (value: unknown, opened: boolean) => {
    const file = isRecord(value) && isRecord(value.file) ? value.file : undefined
    if (file && typeof file.path === 'string' && (opened || !versions.has(file.path))) {
      versions.set(file.path, typeof file.id === 'string' ? file.id : null)
    }
  }
  const entryOf = (url: string) => /#\/collections\/[^/]+\/entries\/[^/?]+/.exec(url)?.[0]
  window.addEventListener('hashchange', (event) => {
    const before = entryOf(event.oldURL)
    const after = entryOf(event.newURL)
    if (before !== undefined && after !== undefined && before !== after) location.reload()
  })
  const original = window.fetch.bind(window)
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href
    if (url !== api || typeof init?.body !== 'string') return original(input, init)
    const call: unknown = JSON.parse(init.body)
    if (!isRecord(call) || !isRecord(call.params)) return original(input, init)
    const params = call.params
    const paths: string[] = []
    if (call.action === 'persistEntry' && Array.isArray(params.dataFiles)) {
      for (const file of params.dataFiles) if (isRecord(file) && typeof file.path === 'string') paths.push(file.path)
    } else if (call.action === 'deleteFiles' && Array.isArray(params.paths)) {
      for (const path of params.paths) if (typeof path === 'string') paths.push(path)
    } else if (call.action === 'deleteFile' && typeof params.path === 'string') paths.push(params.path)
    if (paths.length > 0) params.base = Object.fromEntries(paths.map((path) => [path, versions.get(path) ?? null]))
    const headers = new Headers(init.headers)
    headers.set('X-Admin-Session', token)
    const response = await original(input, { ...init, headers, body: JSON.stringify(call) })
    if (response.ok) {
      const answer: unknown = await response.clone().json()
      if (Array.isArray(answer)) for (const item of answer) learn(item, false)
      // Opening an entry: its published file, or its draft (editorial workflow).
      else learn(answer, call.action === 'getEntry' || call.action === 'unpublishedEntryDataFile')
      // A save, a publish or a discarded draft says which version the tab goes on from (null: no file).
      if (isRecord(answer) && isRecord(answer.versions)) {
        for (const [path, id] of Object.entries(answer.versions)) if (typeof id === 'string' || id === null) versions.set(path, id)
        for (const file of Array.isArray(params.dataFiles) ? params.dataFiles : []) {
          // A renamed entry is no longer at its old path.
          if (isRecord(file) && typeof file.newPath === 'string' && file.newPath !== file.path && typeof file.path === 'string')
            versions.delete(file.path)
        }
      }
      if (call.action === 'deleteFile' || call.action === 'deleteFiles') for (const path of paths) versions.delete(path)
    }
    return response
  }
}
