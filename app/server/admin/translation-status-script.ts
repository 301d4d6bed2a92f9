import type { translationStatusWords } from './admin-words'

/**
 * /admin/translation-status.js (local backend), run in the editor's tab: on an entry's form, per
 * language how many of its texts are translated and current, fuzzy (the Dutch changed since the
 * translation) or missing, as the translators' catalogs say (ADR 059). The site's API computes it
 * (`translationStatus`, local-api.server.ts); it is asked again when another entry opens and
 * after a save. In the admin's language (language-script.ts chose it; the words are its argument, admin-words.ts).
 *
 * Served as this function's source (`(${translationStatusScript})()`): it must use nothing from outside itself.
 */
export function translationStatusScript(wordsByLanguage: typeof translationStatusWords): void {
  // The admin's language, as editor.js chose it (language-script.ts).
  const language = document.documentElement.lang
  const words = Object.entries(wordsByLanguage).find(([code]) => code === language)?.[1] ?? wordsByLanguage.nl
  interface LanguageStatus {
    locale: string
    name: string
    translated: number
    fuzzy: number
    missing: number
  }
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  const isStatus = (value: unknown): value is LanguageStatus =>
    isRecord(value) &&
    typeof value.locale === 'string' &&
    typeof value.name === 'string' &&
    ['translated', 'fuzzy', 'missing'].every((key) => typeof value[key] === 'number')

  const api = new URL('/admin/api/v1', location.href).href
  const box = document.createElement('details')
  box.hidden = true
  box.dataset.adminTranslations = ''
  Object.assign(box.style, {
    position: 'fixed',
    right: '8px',
    bottom: '8px',
    zIndex: '250',
    maxWidth: 'calc(100vw - 16px)',
    padding: '6px 10px',
    font: '13px/1.4 system-ui, sans-serif',
    color: '#313d3e',
    background: '#fff',
    border: '1px solid #dfdfe3',
    borderRadius: '8px',
    boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
  })
  // Beside the form where the screen has room for it (the form is 800 px wide, the box about
  // 270), else a line in the corner that opens on a tap, so it covers no more than a line.
  const wide = window.matchMedia('(min-width: 1360px)')
  const place = () => {
    Object.assign(box.style, wide.matches ? { top: '80px', bottom: 'auto', right: '16px' } : { top: 'auto', bottom: '8px', right: '8px' })
  }
  place()
  wide.addEventListener('change', place)

  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, style?: Partial<CSSStyleDeclaration>) => {
    const made = document.createElement(tag)
    if (text !== undefined) made.textContent = text
    if (style) Object.assign(made.style, style)
    return made
  }
  const cell = (tag: 'td' | 'th', text: string, color = '') =>
    element(tag, text, { padding: '1px 4px', textAlign: tag === 'td' ? 'right' : 'left', color, fontWeight: color ? '600' : 'normal' })

  function show(statuses: LanguageStatus[] | undefined, entry: string) {
    box.replaceChildren()
    box.hidden = statuses === undefined
    if (!statuses) return
    const fuzzy = statuses.reduce((sum, s) => sum + s.fuzzy, 0)
    const missing = statuses.reduce((sum, s) => sum + s.missing, 0)
    const summary = element(
      'summary',
      fuzzy + missing === 0
        ? words.allCurrent
        : `${words.title}: ${[fuzzy ? `${fuzzy} ${words.fuzzy}` : '', missing ? `${missing} ${words.missing}` : ''].filter(Boolean).join(', ')}`,
      { cursor: 'pointer', fontWeight: '600', color: fuzzy + missing === 0 ? '#005e2c' : '#8a4b00' },
    )
    const table = element('table', undefined, { borderCollapse: 'collapse', marginTop: '4px' })
    table.setAttribute('aria-label', words.title)
    const head = element('tr')
    const columns = [words.current, words.fuzzy, words.missing].map((word) => {
      const header = cell('th', word)
      header.scope = 'col'
      header.style.textAlign = 'right'
      return header
    })
    head.append(cell('th', words.language), ...columns)
    table.append(element('thead'), element('tbody'))
    table.tHead?.append(head)
    for (const status of statuses) {
      const row = element('tr')
      const name = cell('th', status.locale.toUpperCase())
      name.scope = 'row'
      name.title = status.name
      row.append(name)
      if (status.translated + status.fuzzy + status.missing === 0) {
        const none = cell('td', words.notInLanguage, '#6b7280')
        none.colSpan = 3
        none.style.fontWeight = 'normal'
        row.append(none)
      } else
        row.append(
          cell('td', String(status.translated)),
          cell('td', String(status.fuzzy), status.fuzzy ? '#8a4b00' : ''),
          cell('td', String(status.missing), status.missing ? '#b00020' : ''),
        )
      table.tBodies[0]?.append(row)
    }
    box.append(summary, table)
    if (fuzzy > 0) box.append(element('p', words.fuzzyNote, { margin: '4px 0 0', maxWidth: '250px', fontSize: '12px', color: '#6b7280' }))
    // Open on a wide screen when another entry is shown; a reader's own open or close stays.
    if (box.dataset.entry !== entry) box.open = wide.matches
    box.dataset.entry = entry
  }

  let asked = 0
  async function refresh() {
    const match = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(location.hash)
    const call = ++asked
    if (!match?.[1] || !match[2]) return show(undefined, '')
    const collection = decodeURIComponent(match[1])
    const entry = decodeURIComponent(match[2])
    let statuses: LanguageStatus[] | undefined
    try {
      const response = await fetch(api, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'translationStatus', params: { collection, entry } }),
      })
      const answer: unknown = response.ok ? await response.json() : null
      statuses = Array.isArray(answer) && answer.every(isStatus) ? answer : undefined
    } catch {
      statuses = undefined
    }
    // An answer for an entry left meanwhile is not shown.
    if (call === asked) show(statuses, `${collection}/${entry}`)
  }

  window.addEventListener('hashchange', () => void refresh())
  document.addEventListener('DOMContentLoaded', () => {
    document.body.append(box)
    void refresh()
    // After a save the Dutch may have changed: its translations are then fuzzy.
    const cms: unknown = Reflect.get(window, 'CMS')
    const listen = isRecord(cms) ? cms.registerEventListener : undefined
    if (typeof listen === 'function')
      listen.call(cms, {
        name: 'postSave',
        handler: () => {
          void refresh()
        },
      })
  })
}
