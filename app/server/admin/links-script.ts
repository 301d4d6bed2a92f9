/**
 * /admin/links.js, run in the editor's tab before Decap with the site's API (ADR 109):
 *
 * - **Page tree.** The lists of pages show them in the site's tree: parents before their
 *   children, indented by depth (CSS order on Decap's cards, which stay Decap's).
 * - **Search.** While Decap searches (its `search` route), its calls for a folder's entries say
 *   what is searched for; the API lists only the entries whose text holds those words.
 *
 * (The link picker of ADR 109 was withdrawn before release: its first pick after the page loaded
 * made no link. Rich-text links take a typed address, as Decap asks for it.)
 *
 * Served as this function's source (`(${linksScript})()`): it must use nothing from outside itself.
 */
export function linksScript(): void {
  const api = new URL('/admin/api/v1', location.href).href
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  /** The language the forms show (form-script.ts keeps it in this tab), Dutch by default. */
  const formLanguage = () => sessionStorage.getItem('admin-form-language') || 'nl'

  interface PageTarget {
    id: string
    kind: string
    title: string
    path: string | null
    depth: number
  }
  interface NewsTarget {
    id: string
    title: string
    date: string
    path: string
  }
  interface Targets {
    pages: PageTarget[]
    news: NewsTarget[]
  }
  const isTargets = (value: unknown): value is Targets => isRecord(value) && Array.isArray(value.pages) && Array.isArray(value.news)

  const targetsOf = new Map<string, Promise<Targets>>()
  /** The pages and news with their addresses in a language, asked once per language and page load. */
  const targets = (language: string): Promise<Targets> => {
    let found = targetsOf.get(language)
    if (!found) {
      found = fetch(api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'linkTargets', params: { language } }),
      })
        .then((response) => {
          // A refusal (signed out, the server busy) is not the list: it is asked again next time.
          if (!response.ok) throw new Error(`linkTargets: ${response.status}`)
          return response.json()
        })
        .then((answer: unknown) => (isTargets(answer) ? answer : { pages: [], news: [] }))
      // A failed call is asked again next time.
      found.catch(() => targetsOf.delete(language))
      targetsOf.set(language, found)
    }
    return found
  }

  // ---- Search ----

  const original = window.fetch.bind(window)
  window.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href
    const searching = /^#\/(?:collections\/[^/]+\/)?search\/([^/?]+)/.exec(location.hash)?.[1]
    if (url !== api || searching === undefined || typeof init?.body !== 'string') return original(input, init)
    const call: unknown = JSON.parse(init.body)
    if (!isRecord(call) || call.action !== 'entriesByFolder' || !isRecord(call.params)) return original(input, init)
    let words = searching
    try {
      words = decodeURIComponent(searching)
    } catch {
      // A search for "50%" is no escape sequence: the words as typed.
    }
    call.params.search = words.slice(0, 200)
    return original(input, { ...init, body: JSON.stringify(call) })
  }

  // ---- Styles ----

  const style = document.createElement('style')
  style.textContent = `
[data-page-depth] > a { position: relative; }
`
  document.head.append(style)

  // ---- The page tree ----

  /** The collection whose list is shown, if it is a list of pages. */
  const pageList = () => /^#\/collections\/(pages-[a-z]+)\/?(?:\?.*)?$/.exec(location.hash)?.[1]
  let arranging = false
  const arrange = () => {
    const collection = pageList()
    if (!collection || arranging) return
    arranging = true
    void targets(formLanguage())
      .then(({ pages }) => {
        const place = new Map(pages.map((page, index) => [page.id, { index, depth: page.depth }]))
        for (const card of document.querySelectorAll<HTMLAnchorElement>(`a[href*="#/collections/${collection}/entries/"]`)) {
          const id = decodeURIComponent(card.href.split('/entries/')[1] ?? '')
          const found = place.get(id)
          const item = card.closest('li') ?? card
          if (!found || !(item instanceof HTMLElement)) continue
          if (item.dataset.pageDepth === String(found.depth) && item.style.order === String(found.index)) continue
          item.style.order = String(found.index)
          item.dataset.pageDepth = String(found.depth)
          card.style.marginLeft = `${found.depth * 32}px`
          card.style.borderLeft = found.depth > 0 ? '3px solid #dfe5f3' : ''
        }
      })
      // Refused or away: the list keeps Decap's order.
      .catch(() => undefined)
      .finally(() => {
        arranging = false
      })
  }
  let queued = false
  new MutationObserver(() => {
    if (queued || !pageList()) return
    queued = true
    requestAnimationFrame(() => {
      queued = false
      arrange()
    })
  }).observe(document.documentElement, { childList: true, subtree: true })
  window.addEventListener('hashchange', arrange)
}
