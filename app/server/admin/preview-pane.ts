import type { editorWords } from './admin-words'

/** What /admin/editor.js gets for its preview pane: the collections whose entries have a page, and the languages. */
export interface PreviewSettings {
  collections: string[]
  languages: Array<{ code: string; name: string }>
}

/** Whether entries of a collection of the admin have a page of their own to preview beside the form. */
export const hasPagePreview = (collection: string): boolean =>
  collection.startsWith('pages-') || collection === 'news' || collection === 'locations'

type CreateElement = (type: unknown, props: Record<string, unknown>) => unknown

/**
 * The admin's preview pane (ADR 099): Decap's preview template for the collections whose entries
 * have a page of their own. It shows that page as the site renders it, in a frame, from the form's
 * unsaved values: each change is sent (after a pause in typing) to POST /admin/preview, which
 * checks them as a save would and answers the address of the page with them laid over the
 * content, or why it cannot. The language of the page is chosen in the pane (remembered in this
 * browser); "Open" opens the same page in a tab of its own.
 *
 * Runs in the editor's tab, handed to editor.js as this function's source: it must use nothing
 * from outside itself. Decap renders the template (a React function component) on each change;
 * the pane's own elements are made once per mount and updated by hand, so no hooks are needed
 * (Decap's bundle does not expose React's).
 */
export function previewPane(
  settings: PreviewSettings,
  /** Its words in the admin's language (admin-words.ts). */
  texts: (typeof editorWords)['nl'],
  h: CreateElement,
): (props: Record<string, unknown>) => unknown {
  const languageKey = 'admin-preview-language'
  /** The pause in typing before the values are sent: the page follows within about a second. */
  const pauseMs = 400
  const token = document.querySelector<HTMLMetaElement>('meta[name="admin-session"]')?.content ?? ''

  interface Request {
    collection: string
    path: string
    data: unknown
  }
  interface Pane {
    show(request: Request | undefined): void
  }
  const panes = new WeakMap<Element, Pane>()

  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  const call = (value: unknown, name: string, ...args: unknown[]): unknown => {
    const method: unknown = isRecord(value) ? Reflect.get(value, name) : undefined
    return typeof method === 'function' ? Reflect.apply(method, value, args) : undefined
  }

  /** An element of the pane's document (Decap's preview frame: another window, so not `instanceof HTMLElement` here). */
  const isHtmlElement = (value: unknown): value is HTMLElement =>
    isRecord(value) && Reflect.get(value, 'nodeType') === 1 && isRecord(Reflect.get(value, 'style'))

  /** The entry as a save would send it: its collection, its file and the form's values. */
  const requestOf = (props: Record<string, unknown>): Request | undefined => {
    const collection = call(props.collection, 'get', 'name')
    const data = call(call(props.entry, 'get', 'data'), 'toJS')
    if (typeof collection !== 'string' || !isRecord(data)) return undefined
    const saved = call(props.entry, 'get', 'path')
    if (typeof saved === 'string' && saved !== '') return { collection, path: saved, data }
    // A new entry: its file is named by its ID (the configuration's slug).
    const folder = call(props.collection, 'get', 'folder')
    const id = data.id
    if (typeof folder !== 'string' || typeof id !== 'string' || !/^[\w-]{1,120}$/.test(id)) return undefined
    return { collection, path: `${folder}/${id}.yaml`, data }
  }

  const makePane = (container: HTMLElement): Pane => {
    const doc = container.ownerDocument
    doc.body.style.margin = '0'
    Object.assign(container.style, { display: 'flex', flexDirection: 'column', height: '100vh', font: '14px/1.4 system-ui, sans-serif' })
    const bar = doc.createElement('div')
    // Room on the right for Decap's own buttons over the pane (preview on or off, scrolling in step).
    Object.assign(bar.style, {
      display: 'flex',
      alignItems: 'center',
      gap: '12px',
      padding: '8px 72px 8px 12px',
      borderBottom: '1px solid #dfdfe3',
    })
    const label = doc.createElement('label')
    label.textContent = `${texts.previewLanguage} `
    const select = doc.createElement('select')
    for (const { code, name } of settings.languages) {
      const option = doc.createElement('option')
      option.value = code
      option.textContent = name
      select.append(option)
    }
    const stored = localStorage.getItem(languageKey)
    select.value = settings.languages.some(({ code }) => code === stored) ? (stored ?? 'nl') : 'nl'
    label.append(select)
    const status = doc.createElement('span')
    status.setAttribute('aria-live', 'polite')
    Object.assign(status.style, { color: '#5f6b7a', flex: '1' })
    const open = doc.createElement('a')
    open.textContent = `${texts.previewOpen} ↗`
    open.target = '_blank'
    open.rel = 'noopener'
    open.hidden = true
    bar.append(label, status, open)
    const alert = doc.createElement('div')
    alert.hidden = true
    Object.assign(alert.style, { padding: '12px', background: '#fcefea', color: '#8b1c0b', whiteSpace: 'pre-wrap' })
    const frame = doc.createElement('iframe')
    frame.name = 'site-preview'
    frame.title = texts.previewFrame
    Object.assign(frame.style, { flex: '1', width: '100%', border: '0' })
    container.append(bar, alert, frame)

    let latest: Request | undefined
    let sent = ''
    let timer: ReturnType<typeof setTimeout> | undefined
    let sequence = 0
    /** Where the page was scrolled, kept across a reload with new values. */
    let scroll: { path: string; y: number } | undefined

    const fail = (message: string) => {
      alert.textContent = message
      alert.hidden = false
      alert.setAttribute('role', 'alert')
      status.textContent = ''
    }
    const load = (url: string) => {
      open.href = url
      open.hidden = false
      alert.hidden = true
      alert.removeAttribute('role')
      status.textContent = ''
      const path = url.split('?')[0] ?? url
      try {
        const shown = frame.contentWindow
        if (shown && shown.location.pathname === path) scroll = { path, y: shown.scrollY }
      } catch {
        scroll = undefined
      }
      frame.src = url
    }
    frame.addEventListener('load', () => {
      const shown = frame.contentWindow
      if (shown && scroll && shown.location.pathname === scroll.path) shown.scrollTo(0, scroll.y)
    })
    const send = async (body: string) => {
      const mine = ++sequence
      status.textContent = texts.previewUpdating
      try {
        const response = await fetch('/admin/preview', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Admin-Session': token },
          body,
        })
        const answer: unknown = await response.json()
        // Values typed since have been sent again: their answer is the one to show.
        if (mine !== sequence) return
        if (response.ok && isRecord(answer) && typeof answer.url === 'string') load(answer.url)
        else fail(`${texts.previewFailed}${isRecord(answer) && typeof answer.error === 'string' ? answer.error : String(response.status)}`)
      } catch {
        if (mine === sequence) fail(texts.previewOffline)
        sent = ''
      }
    }
    const schedule = () => {
      if (!latest) {
        fail(texts.previewNoId)
        return
      }
      const body = JSON.stringify({ ...latest, language: select.value })
      if (body === sent) return
      sent = body
      clearTimeout(timer)
      timer = setTimeout(() => void send(body), pauseMs)
    }
    select.addEventListener('change', () => {
      localStorage.setItem(languageKey, select.value)
      schedule()
    })
    return {
      show(request) {
        latest = request
        schedule()
      },
    }
  }

  return (props: Record<string, unknown>) => {
    const request = requestOf(props)
    return h('div', {
      // Called with the element on every render (a new function each time): the values go to its pane.
      ref: (element: unknown) => {
        if (!isHtmlElement(element)) return
        const container = element
        let pane = panes.get(container)
        if (!pane) panes.set(container, (pane = makePane(container)))
        pane.show(request)
      },
    })
  }
}
