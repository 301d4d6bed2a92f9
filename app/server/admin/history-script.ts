import type { historyWords } from '../../embedded-cms/index.server'

/**
 * /admin/history.js, run in the editor's tab: the History panel beside an entry's form (ADR
 * 106). Newest first, each published version of the entry: when, who, which fields changed;
 * what an old version said (its fields against the published text); and a restore, as the
 * entry's draft (editors and publishers) or published at once (publishers: the server decides,
 * roles.ts; the button is only left out for an editor). The site's API answers
 * (`entryHistory`, `entryVersion`, `restoreAsDraft`, `restoreAndPublish`,
 * history-api.server.ts); asked again when another entry opens, after a save and a publish.
 * In the admin's language (language-script.ts chose it before Decap started), its words from
 * decap-labels.ts.
 *
 * Served as this function's source with its words (`(${historyScript})(${JSON.stringify(historyWords)})`):
 * it must use nothing from outside itself.
 */
export function historyScript(allWords: typeof historyWords): void {
  // The admin's language, as editor.js chose it (language-script.ts): one the words have, else Dutch.
  const chosen = document.documentElement.lang
  const language = Object.keys(allWords.title).includes(chosen) ? chosen : 'nl'
  const say = (key: keyof typeof historyWords) => Object.entries(allWords[key]).find(([code]) => code === language)?.[1] ?? allWords[key].nl
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  const text = (value: unknown) => (typeof value === 'string' ? value : '')

  /** The signed-in editor's role (site mode); the local admin's one editor publishes. */
  const account = document.querySelector<HTMLMetaElement>('meta[name="admin-account"]')?.content
  let role = 'publisher'
  try {
    const parsed: unknown = account ? JSON.parse(account) : undefined
    if (isRecord(parsed) && typeof parsed.role === 'string') role = parsed.role
  } catch {
    role = 'editor'
  }

  const api = new URL('/admin/api/v1', location.href).href
  const ask = async (action: string, params: Record<string, unknown>): Promise<{ ok: boolean; body: unknown }> => {
    const response = await fetch(api, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Admin-Language': language },
      body: JSON.stringify({ action, params }),
    })
    const body: unknown = await response.json().catch(() => null)
    return { ok: response.ok, body }
  }

  const box = document.createElement('details')
  box.hidden = true
  box.dataset.adminHistory = ''
  Object.assign(box.style, {
    position: 'fixed',
    left: '8px',
    bottom: '8px',
    zIndex: '250',
    maxWidth: 'calc(100vw - 16px)',
    maxHeight: 'calc(100vh - 110px)',
    overflowY: 'auto',
    padding: '6px 10px',
    font: '13px/1.4 system-ui, sans-serif',
    color: '#313d3e',
    background: '#fff',
    border: '1px solid #dfdfe3',
    borderRadius: '8px',
    boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
    boxSizing: 'border-box',
  })
  // Left of the form where the screen has room (the translations are on its right), else a line
  // in the corner that opens on a tap.
  const wide = window.matchMedia('(min-width: 1360px)')
  const place = () => {
    // Narrow: only as wide as its line while closed, so the translations' line beside it stays free.
    Object.assign(
      box.style,
      wide.matches
        ? { top: '80px', bottom: 'auto', left: '12px', width: '270px' }
        : { top: 'auto', bottom: '8px', left: '8px', width: box.open ? 'calc(100vw - 16px)' : 'auto' },
    )
  }
  place()
  wide.addEventListener('change', place)
  box.addEventListener('toggle', place)

  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, content?: string, style?: Partial<CSSStyleDeclaration>) => {
    const made = document.createElement(tag)
    if (content !== undefined) made.textContent = content
    if (style) Object.assign(made.style, style)
    return made
  }
  const button = (label: string, strong = false) => {
    const made = element('button', label, {
      font: 'inherit',
      fontSize: '12px',
      padding: '2px 8px',
      marginRight: '4px',
      marginTop: '4px',
      border: '1px solid #3a69c7',
      borderRadius: '4px',
      background: strong ? '#3a69c7' : '#fff',
      color: strong ? '#fff' : '#3a69c7',
      cursor: 'pointer',
    })
    made.type = 'button'
    return made
  }
  const when = (at: string) => {
    const date = new Date(at)
    return Number.isNaN(date.getTime())
      ? at
      : date.toLocaleString(language === 'en' ? 'en-GB' : language, { dateStyle: 'medium', timeStyle: 'short' })
  }

  interface Listed {
    path: string
    published: string | null
    draft: string | null
    versions: Array<Record<string, unknown>>
  }
  const isListed = (value: unknown): value is Listed =>
    isRecord(value) && typeof value.path === 'string' && Array.isArray(value.versions) && value.versions.every(isRecord)

  const failure = (body: unknown) => `${say('failed')}: ${isRecord(body) && typeof body.error === 'string' ? body.error : ''}`

  /** The fields of an old version against the published text, under its row. */
  async function showVersion(place: HTMLElement, entry: { collection: string; slug: string }, id: number) {
    const { ok, body } = await ask('entryVersion', { ...entry, id })
    place.replaceChildren()
    if (!ok || !isRecord(body) || !Array.isArray(body.fields)) {
      place.append(element('p', failure(body), { color: '#b00020', margin: '4px 0' }))
      return
    }
    if (body.fields.length === 0) {
      place.append(element('p', say('same'), { margin: '4px 0', color: '#6b7280' }))
      return
    }
    const table = element('table', undefined, { borderCollapse: 'collapse', marginTop: '4px', width: '100%', fontSize: '12px' })
    const head = element('tr')
    for (const label of ['', say('thenValue'), say('nowValue')]) {
      const cell = element('th', label, { textAlign: 'left', padding: '1px 3px' })
      cell.scope = 'col'
      head.append(cell)
    }
    table.append(element('thead'), element('tbody'))
    table.tHead?.append(head)
    for (const field of body.fields) {
      if (!isRecord(field)) continue
      const row = element('tr', undefined, { verticalAlign: 'top', borderTop: '1px solid #eee' })
      const name = element('th', text(field.field), { textAlign: 'left', padding: '2px 3px', fontWeight: '600' })
      name.scope = 'row'
      const value = (content: unknown, color: string) =>
        element('td', typeof content === 'string' ? content : say('none'), { padding: '2px 3px', color, wordBreak: 'break-word' })
      row.append(name, value(field.before, '#8a4b00'), value(field.after, '#005e2c'))
      table.tBodies[0]?.append(row)
    }
    place.append(table)
  }

  function show(listed: Listed | undefined, entry: { collection: string; slug: string }) {
    box.replaceChildren()
    box.hidden = listed === undefined
    if (!listed) return
    const summary = element('summary', `${say('title')} (${listed.versions.length})`, { cursor: 'pointer', fontWeight: '600' })
    box.append(summary)
    if (listed.versions.length === 0) box.append(element('p', say('empty'), { margin: '4px 0', color: '#6b7280' }))
    const list = element('ol', undefined, { listStyle: 'none', margin: '4px 0 0', padding: '0' })
    list.setAttribute('aria-label', say('title'))
    for (const [index, version] of listed.versions.entries()) {
      const id = Number(version.id)
      const action = text(version.action)
      const item = element('li', undefined, { padding: '6px 0', borderTop: index === 0 ? 'none' : '1px solid #dfdfe3' })
      item.dataset.version = String(id)
      const who = action === 'earlier' ? '' : text(version.author) || say('thisMachine')
      const head = element('div', action === 'earlier' ? say('earlier') : `${when(text(version.at))} · ${who}`, { fontWeight: '600' })
      item.append(head)
      const kind =
        action === 'restore' ? say('restored') : action === 'delete' ? say('deleted') : action === 'publish' ? say('published') : ''
      const changed = Array.isArray(version.changed) ? version.changed.filter((field) => typeof field === 'string') : []
      const shown = changed.slice(0, 6).join(', ') + (changed.length > 6 ? `, … ${say('andMore')}` : '')
      const line = [kind, index === 0 && action !== 'delete' ? say('current') : ''].filter(Boolean).join(' · ')
      if (line) item.append(element('div', line, { color: '#6b7280' }))
      if (shown) item.append(element('div', `${say('changed')}: ${shown}`))
      if (action !== 'delete') {
        const details = element('div')
        const actions = element('div')
        const see = button(say('show'))
        see.addEventListener('click', () => void showVersion(details, entry, id))
        actions.append(see)
        if (index > 0) {
          const restore = async (call: 'restoreAsDraft' | 'restoreAndPublish', question: string, versionBase: string | null) => {
            if (!window.confirm(question)) return
            const { ok, body } = await ask(call, { ...entry, id, base: versionBase })
            // The form shows the entry anew: its draft, or the published text.
            if (ok) location.reload()
            else details.replaceChildren(element('p', failure(body), { color: '#b00020', margin: '4px 0' }))
          }
          const asDraft = button(say('restoreDraft'))
          asDraft.addEventListener('click', () => void restore('restoreAsDraft', say('confirmDraft'), listed.draft ?? listed.published))
          actions.append(asDraft)
          if (role === 'publisher') {
            const publish = button(say('restorePublish'), true)
            publish.addEventListener('click', () => void restore('restoreAndPublish', say('confirmPublish'), listed.published))
            actions.append(publish)
          }
        }
        details.setAttribute('role', 'status')
        item.append(actions, details)
      }
      list.append(item)
    }
    box.append(list)
    // Open on a wide screen when another entry is shown; a reader's own open or close stays.
    const key = `${entry.collection}/${entry.slug}`
    if (box.dataset.entry !== key) box.open = wide.matches
    box.dataset.entry = key
  }

  let asked = 0
  async function refresh() {
    const match = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(location.hash)
    const call = ++asked
    if (!match?.[1] || !match[2]) return show(undefined, { collection: '', slug: '' })
    const entry = { collection: decodeURIComponent(match[1]), slug: decodeURIComponent(match[2]) }
    let listed: Listed | undefined
    try {
      const { ok, body } = await ask('entryHistory', entry)
      listed = ok && isListed(body) ? body : undefined
    } catch {
      listed = undefined
    }
    // An answer for an entry left meanwhile is not shown.
    if (call === asked) show(listed, entry)
  }

  window.addEventListener('hashchange', () => void refresh())
  document.addEventListener('DOMContentLoaded', () => {
    document.body.append(box)
    void refresh()
    const cms: unknown = Reflect.get(window, 'CMS')
    const listen = isRecord(cms) ? cms.registerEventListener : undefined
    if (typeof listen === 'function')
      for (const name of ['postSave', 'postPublish'])
        listen.call(cms, {
          name,
          handler: () => {
            void refresh()
          },
        })
  })
}
