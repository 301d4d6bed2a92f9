/** The picker's words in each language the admin speaks (`linkPickerWords` of decap-labels.ts, the one source). */
export type LinkPickerWords = Record<
  'title' | 'search' | 'pages' | 'news' | 'addressesIn' | 'none' | 'external' | 'link' | 'remove' | 'cancel' | 'selectFirst' | 'notLinked',
  Record<string, string>
>

/**
 * /admin/links.js, run in the editor's tab before Decap with the site's API (ADR 109):
 *
 * - **Link picker.** Decap's rich-text editor asks for a link's address with the browser's
 *   prompt. Here that prompt opens a dialog instead: the site's pages (as a tree) and news items,
 *   searchable, each with its address in the language the form shows (the API's `linkTargets`,
 *   the addresses the site's routing built), or a typed web address. The choice is given to
 *   Decap by its own link button, pressed again, whose prompt is then answered at once. A picked
 *   link is stored as its address, like a typed one, so the link check follows it (ADR 094).
 * - **Page tree.** The lists of pages show them in the site's tree: parents before their
 *   children, indented by depth (CSS order on Decap's cards, which stay Decap's).
 * - **Search.** While Decap searches (its `search` route), its calls for a folder's entries say
 *   what is searched for; the API lists only the entries whose text holds those words.
 *
 * Served as this function's source with its argument (`(${linksScript})(${words})`): it must
 * use nothing from outside itself.
 */
export function linksScript(words: LinkPickerWords): void {
  const api = new URL('/admin/api/v1', location.href).href
  // The admin's language, as editor.js chose it (language-script.ts).
  const adminLanguage = document.documentElement.lang
  const say = (key: keyof LinkPickerWords) => words[key][adminLanguage] ?? words[key].nl ?? ''
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
.link-picker { width: min(640px, calc(100vw - 32px)); max-height: calc(100vh - 64px); padding: 0; border: 1px solid #dfdfe3; border-radius: 6px; box-shadow: 0 8px 30px rgba(0,0,0,0.25); font: 14px/1.4 system-ui, sans-serif; color: #313d3e; }
.link-picker::backdrop { background: rgba(30, 37, 50, 0.45); }
.link-picker form { display: flex; flex-direction: column; max-height: calc(100vh - 66px); }
.link-picker header { padding: 14px 16px 8px; }
.link-picker h2 { margin: 0 0 8px; font-size: 17px; }
.link-picker p { margin: 6px 0 0; font-size: 12px; color: #5f6b7a; }
.link-picker input { box-sizing: border-box; width: 100%; padding: 8px 10px; font: inherit; border: 2px solid #dfdfe3; border-radius: 4px; }
.link-picker input:focus { outline: none; border-color: #3a69c7; }
.link-picker .link-targets { overflow: auto; flex: 1; min-height: 120px; padding: 0 8px 8px; border-top: 1px solid #eff0f4; border-bottom: 1px solid #eff0f4; }
.link-picker h3 { margin: 10px 8px 4px; font-size: 12px; text-transform: uppercase; letter-spacing: 0.05em; color: #5f6b7a; }
.link-picker ul { list-style: none; margin: 0; padding: 0; }
.link-picker li button { display: flex; gap: 12px; justify-content: space-between; width: 100%; padding: 6px 8px; font: inherit; text-align: left; color: inherit; background: none; border: 0; border-radius: 4px; cursor: pointer; }
.link-picker li button:hover, .link-picker li button:focus-visible { background: #e8f0fe; outline: none; }
.link-picker li code { font-size: 12px; color: #5f6b7a; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 50%; }
@media (max-width: 560px) {
  .link-picker li button { flex-direction: column; gap: 0; }
  .link-picker li code { max-width: none; white-space: normal; overflow-wrap: anywhere; }
}
.link-picker footer { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; padding: 10px 16px 14px; }
.link-picker footer label { flex: 1 1 260px; font-size: 12px; color: #5f6b7a; }
.link-picker footer button { padding: 8px 14px; font: 600 13px/1 system-ui, sans-serif; border-radius: 4px; border: 1px solid #dfdfe3; background: #fff; color: #313d3e; cursor: pointer; }
.link-picker footer button[value="link"] { background: #3a69c7; border-color: #3a69c7; color: #fff; }
[data-page-depth] > a { position: relative; }
`
  document.head.append(style)

  // ---- The picker ----

  let answer: string | undefined
  /** Decap's Ctrl+K is ⌘+K on a Mac. */
  const mac = /Mac|iPhone|iPad/.test(navigator.platform)
  const prompt = window.prompt.bind(window)
  /** The element of Decap's rich-text field around `element` (its toolbar and its editor), if any. */
  const richTextOf = (element: Element | null): Element | undefined => {
    for (let up = element; up && up !== document.body; up = up.parentElement) {
      if (up.querySelector('[data-slate-editor="true"]')) return up
      if (up.matches('form, [class*="-ControlContainer"]')) return undefined
    }
    return undefined
  }

  /**
   * Slate's editor object behind a rich-text field: Decap's link button links *its* selection,
   * which the dialog's focus can clear (Slate follows the page's selection), so it is kept when the
   * dialog opens and given back before the button is pressed again. No API gives the object; it
   * is the `editor` prop of Slate's provider, found up React's fiber from the editable element.
   */
  type SlateEditor = { selection: unknown; children: unknown[]; apply: (operation: Record<string, unknown>) => void }
  const isSlateEditor = (value: unknown): value is SlateEditor =>
    isRecord(value) && typeof value.apply === 'function' && Array.isArray(value.children) && 'selection' in value
  const slateOf = (element: Element | undefined): SlateEditor | undefined => {
    const key = element && Object.keys(element).find((name) => name.startsWith('__reactFiber$'))
    let fiber: unknown = key ? Reflect.get(element, key) : undefined
    for (let up = 0; isRecord(fiber) && up < 80; up++, fiber = fiber.return) {
      const props = fiber.memoizedProps
      if (isRecord(props) && isSlateEditor(props.editor)) return props.editor
    }
    return undefined
  }
  /** How many links to `url` Slate's value holds (Decap's link nodes: `{ type: 'link', data: { url } }`). */
  const linksTo = (nodes: unknown[], url: string): number =>
    nodes.reduce<number>(
      (count, node) =>
        count +
        (isRecord(node) && node.type === 'link' && isRecord(node.data) && node.data.url === url ? 1 : 0) +
        (isRecord(node) && Array.isArray(node.children) ? linksTo(node.children, url) : 0),
      0,
    )

  /**
   * The toolbar button last pressed: Safari and Firefox on a Mac do not focus a clicked button, so
   * the prompt cannot find its field from the focused element alone.
   */
  let pressed: Element | null = null
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressed = event.target instanceof Element ? event.target.closest('button') : null
    },
    true,
  )

  /** From the editor up to the element around it and its toolbar (the one richTextOf finds from the toolbar). */
  const toolbarOf = (editor: Element | undefined): Element | undefined => {
    for (let up = editor?.parentElement; up; up = up.parentElement) if (up.querySelector('button')) return up
    return undefined
  }

  const text = (tag: string, content: string, attributes: Record<string, string> = {}) => {
    const element = document.createElement(tag)
    element.textContent = content
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
    return element
  }

  /** Opens the dialog; resolves with the address chosen (`''`: remove the link), or undefined when cancelled. */
  const pick = (current: string): Promise<string | undefined> =>
    new Promise((resolve) => {
      const language = formLanguage()
      const dialog = document.createElement('dialog')
      dialog.className = 'link-picker'
      dialog.setAttribute('aria-label', say('title'))
      const form = document.createElement('form')
      form.method = 'dialog'
      const header = document.createElement('header')
      const search = text('input', '', { type: 'search', placeholder: say('search'), 'aria-label': say('search'), autocomplete: 'off' })
      header.append(text('h2', say('title')), search, text('p', `${say('addressesIn')} ${language.toUpperCase()}. ${say('selectFirst')}`))
      const list = text('div', '', { class: 'link-targets' })
      const footer = document.createElement('footer')
      const label = text('label', say('external'))
      const typed = text('input', '', { type: 'text', name: 'url', inputmode: 'url', placeholder: 'https://' })
      if (typed instanceof HTMLInputElement) typed.value = current
      // Enter here links (the form's first button, which Enter would press, is Remove or Cancel).
      typed.addEventListener('keydown', (event) => {
        if (!(event instanceof KeyboardEvent) || event.key !== 'Enter' || !(typed instanceof HTMLInputElement)) return
        event.preventDefault()
        if (typed.value.trim() !== '') choose(typed.value.trim())
      })
      label.append(typed)
      footer.append(label)
      if (current !== '') footer.append(text('button', say('remove'), { value: 'remove', type: 'submit' }))
      footer.append(
        text('button', say('cancel'), { value: 'cancel', type: 'submit' }),
        text('button', say('link'), { value: 'link', type: 'submit' }),
      )
      form.append(header, list, footer)
      dialog.append(form)
      document.body.append(dialog)

      let chosen: string | undefined
      const choose = (path: string) => {
        chosen = path
        dialog.close()
      }
      form.addEventListener('submit', (event) => {
        const button = event.submitter instanceof HTMLButtonElement ? event.submitter.value : 'link'
        if (button === 'remove') chosen = ''
        else if (button === 'link' && typed instanceof HTMLInputElement && typed.value.trim() !== '') chosen = typed.value.trim()
      })
      dialog.addEventListener('close', () => {
        dialog.remove()
        resolve(chosen)
      })

      let all: Targets = { pages: [], news: [] }
      const item = (title: string, path: string, indent: number, before = '') => {
        const li = document.createElement('li')
        const button = text('button', '', { type: 'button', 'data-path': path })
        // The button indented, not its title: on a phone the address goes under the title, as far in.
        button.style.paddingLeft = `${8 + indent * 18}px`
        const name = text('span', `${before}${title}`)
        button.append(name, text('code', path))
        button.addEventListener('click', () => choose(path))
        li.append(button)
        return li
      }
      const show = () => {
        const words = search instanceof HTMLInputElement ? search.value.toLowerCase().split(/\s+/).filter(Boolean) : []
        const matches = (...texts: string[]) => words.every((word) => texts.some((t) => t.toLowerCase().includes(word)))
        const pages = all.pages.filter((page) => page.path !== null && matches(page.title, page.path, page.id))
        const news = all.news.filter((item) => matches(item.title, item.path, item.date))
        list.replaceChildren()
        if (pages.length > 0) {
          const ul = document.createElement('ul')
          // Indented as in the tree, unless a search has picked some out.
          for (const page of pages) ul.append(item(page.title, page.path ?? '', words.length > 0 ? 0 : page.depth))
          list.append(text('h3', say('pages')), ul)
        }
        if (news.length > 0) {
          const ul = document.createElement('ul')
          for (const entry of news) ul.append(item(entry.title, entry.path, 0, `${entry.date} · `))
          list.append(text('h3', say('news')), ul)
        }
        if (pages.length === 0 && news.length === 0) list.append(text('p', say('none')))
      }
      search.addEventListener('input', show)
      // Enter in the search box picks the first one found.
      search.addEventListener('keydown', (event) => {
        if (!(event instanceof KeyboardEvent) || event.key !== 'Enter') return
        event.preventDefault()
        list.querySelector<HTMLButtonElement>('button[data-path]')?.click()
      })
      dialog.showModal()
      search.focus()
      void targets(language)
        .then((found) => {
          all = found
        })
        // Refused or away: the typed web address still works.
        .catch(() => undefined)
        .then(show)
    })

  /**
   * Decap's link prompt (its link button, or Ctrl/⌘+K in the editor): answered with the address
   * chosen in the dialog. The first prompt is cancelled and the dialog opened; once an address is
   * chosen the same button (or key) is pressed again, and its prompt gets that address at once.
   */
  window.prompt = (message?: string, current?: string): string | null => {
    if (answer !== undefined) {
      const given = answer
      answer = undefined
      return given
    }
    // The button pressed (still in the page), else the focused element (Ctrl/⌘+K in the editor).
    const trigger = pressed?.isConnected ? pressed : document.activeElement
    pressed = null
    const field = richTextOf(trigger)
    const editor = field?.querySelector('[data-slate-editor="true"]')
    if (!field || !trigger || !editor) return prompt(message, current)
    // Decap draws the toolbar anew meanwhile: its button is found again by its title in the field.
    const editors = () => [...document.querySelectorAll('[data-slate-editor="true"]')]
    const editorAt = editors().indexOf(editor)
    const title = trigger instanceof HTMLButtonElement ? trigger.title : undefined
    const selection = slateOf(editor)?.selection ?? null
    void pick(current ?? '').then((chosen) => {
      if (chosen === undefined) return
      // After the dialog has gone and Decap has drawn the field again.
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const again = editor.isConnected ? editor : editors()[editorAt]
          const slate = slateOf(again)
          const buttons = [...(toolbarOf(again)?.querySelectorAll('button') ?? [])]
          const button = title === undefined ? undefined : buttons.find((candidate) => candidate.title === title)
          // Links to that address before: a new one must add to them (the field may link there already).
          const before = slate ? linksTo(slate.children, chosen) : 0
          try {
            // The words selected when the dialog opened, selected again in Slate itself.
            if (slate && selection !== null) slate.apply({ type: 'set_selection', properties: slate.selection, newProperties: selection })
            answer = chosen
            if (button) button.click()
            else
              again?.dispatchEvent(
                new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: !mac, metaKey: mac, bubbles: true, cancelable: true }),
              )
          } catch {
            // A selection that no longer fits the text: told below.
          }
          // Not taken (the field is gone): the next prompt is the browser's again.
          const taken = answer === undefined
          answer = undefined
          // Never silently nothing: a link that was not made is said.
          // (A link changed to the address it had already leaves the count as it was.)
          const made = slate !== undefined && (linksTo(slate.children, chosen) > before || (chosen === current && before > 0))
          if (chosen !== '' && (!taken || !made)) window.alert(say('notLinked'))
        }),
      )
    })
    return null
  }

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
