import type { problemsWords } from './admin-words'

/**
 * /admin/problems.js, run in the editor's tab before /admin/session.js and Decap, with the local
 * backend: what the server says of a save, where the editor looks (ADR 094, 095).
 *
 * - Each call to the local API says the admin's language (`X-Admin-Language`), so refusals
 *   come worded in it.
 * - A refused save (422 with `problems`) is listed in a panel that stays until dismissed, and
 *   each problem is put on its field: the field outlined, the message under it (a folded block
 *   is opened to show it; a language's field not shown has its language tab marked, and the
 *   panel's "show" switches to that language). Decap's own notice, which goes after a few seconds, says the first.
 * - A save or delete that would break rich-text links (409 with `brokenLinks`) asks the editor:
 *   mend the links (rewritten to the page's new address, or reduced to their text when the page
 *   goes) and send the same call again with `links: "mend"`, or cancel.
 *
 * Its words come as its argument (admin-words.ts), in every language the admin speaks.
 *
 * Its fetch wrapper is the inner one: session.js, loaded after it, adds the session token and
 * the files' versions before calling it. Served as this function's source: it must use nothing
 * from outside itself.
 */
export function problemsScript(words: typeof problemsWords): void {
  const api = new URL('/admin/api/v1', location.href).href
  // The admin's language, as editor.js chose it (language-script.ts).
  const language = document.documentElement.lang
  const texts = Object.entries(words).find(([code]) => code === language)?.[1] ?? words.nl

  interface Problem {
    field: string
    message: string
    trail: Array<string | number>
  }
  interface BrokenLink {
    entry: string
    field: string
    href: string
    fix: string | null
  }
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
  const problemsOf = (value: unknown): Problem[] =>
    Array.isArray(value)
      ? value.flatMap((item: unknown) =>
          isRecord(item) && typeof item.message === 'string'
            ? [
                {
                  field: typeof item.field === 'string' ? item.field : '',
                  message: item.message,
                  trail: Array.isArray(item.trail)
                    ? item.trail.filter((step: unknown) => typeof step === 'string' || typeof step === 'number')
                    : [],
                },
              ]
            : [],
        )
      : []
  const linksOf = (value: unknown): BrokenLink[] =>
    Array.isArray(value)
      ? value.flatMap((item: unknown) =>
          isRecord(item) && typeof item.href === 'string'
            ? [
                {
                  entry: String(item.entry ?? ''),
                  field: String(item.field ?? ''),
                  href: item.href,
                  fix: typeof item.fix === 'string' ? item.fix : null,
                },
              ]
            : [],
        )
      : []

  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>, text?: string) => {
    const made = document.createElement(tag)
    Object.assign(made.style, style)
    if (text !== undefined) made.textContent = text
    return made
  }
  const buttonStyle: Partial<CSSStyleDeclaration> = {
    font: '600 13px/1.4 system-ui, sans-serif',
    padding: '6px 12px',
    borderRadius: '5px',
    border: '1px solid #798291',
    background: '#fff',
    color: '#313d3e',
    cursor: 'pointer',
  }
  const red = '#b3261e'
  /** Where form-script.ts lets Decap's toolbar wrap. */
  const narrow = window.matchMedia('(max-width: 799px)')

  // ---- Problems on their fields ----

  /** What was put on the page for the last refusal: removed when dismissed or when a save passes. */
  let shown: Array<() => void> = []
  const clear = () => {
    for (const undo of shown) undo()
    shown = []
  }

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  /** A label's text without Decap's "(optional)" in the admin's language. */
  const labelText = (label: HTMLLabelElement) => (label.textContent ?? '').replace(/\s*\([^()]*\)\s*$/, '').trim()
  const ownLabelText = (label: HTMLLabelElement, wanted: string) => {
    const text = (label.textContent ?? '').trim()
    return text === wanted || labelText(label) === wanted
  }
  const depthWithin = (node: Element, scope: Element) => {
    let depth = 0
    for (let up = node.parentElement; up && up !== scope; up = up.parentElement) depth++
    return depth
  }

  /**
   * A field's control box on Decap's form, followed along its trail (labels, then rows): the
   * nearest label of that text within the box before it (a field's own label is nearer than a
   * nested field's), a row by its place in the list, opened if folded. As far as it gets.
   */
  const findField = async (trail: Array<string | number>): Promise<{ box: Element; whole: boolean } | undefined> => {
    let scope: Element = document.body
    let box: Element | undefined
    let list: Element | null = null
    for (const step of trail) {
      if (typeof step === 'string') {
        const labels = Array.from(scope.querySelectorAll('label')).filter((label) => ownLabelText(label, step))
        const within = scope
        const nearest = labels.sort((a, b) => depthWithin(a, within) - depthWithin(b, within))[0]
        const container = nearest?.parentElement?.parentElement
        if (!nearest || !container) return box ? { box, whole: false } : undefined
        box = container
        scope = container
        list = nearest.htmlFor ? document.getElementById(nearest.htmlFor) : null
      } else {
        // Decap's list: its top bar, then the rows (each: its top bar with the fold button, …).
        const rows = list?.children[1]?.children
        const row = rows?.[step]
        if (!row) return box ? { box, whole: false } : undefined
        // A folded row's fields are there, hidden (Decap's ObjectControl: its box, then the fields' box).
        const folded = row.querySelector(':scope > div:last-child > div')
        const toggle = row.querySelector<HTMLButtonElement>(':scope > div > button')
        if (folded && getComputedStyle(folded).display === 'none' && toggle) {
          toggle.click()
          await nextFrame()
        }
        box = row
        scope = row
        list = null
      }
    }
    return box ? { box, whole: true } : undefined
  }

  /**
   * The tab of a per-language field's language (form-script.ts: the field, then Decap's object
   * control, then its fields' box, then one field per language in the tabs' order), when `box`
   * is one of those languages' fields: it is hidden unless its language is shown.
   */
  const languageTab = (box: Element): HTMLElement | undefined => {
    const localized = box.parentElement?.parentElement?.parentElement
    if (!localized?.classList.contains('localized-field') || !box.parentElement) return undefined
    const position = Array.from(box.parentElement.children).indexOf(box)
    const tab = localized.querySelectorAll(':scope > [role="tablist"] > [role="tab"]')[position]
    return tab instanceof HTMLElement ? tab : undefined
  }

  const putOnField = async (problem: Problem): Promise<{ box: Element; tab: HTMLElement | undefined } | undefined> => {
    const found = await findField(problem.trail)
    if (!found) return undefined
    const { box, whole } = found
    // A language's field whose language is not shown: its tab says so (form-script.ts colours it).
    const tab = languageTab(box)
    if (tab) {
      tab.dataset.adminProblem = ''
      tab.setAttribute('aria-description', problem.message)
      shown.push(() => {
        delete tab.dataset.adminProblem
        tab.removeAttribute('aria-description')
      })
    }
    const note = element('p', {
      margin: '6px 0 0',
      padding: '6px 10px',
      font: '14px/1.4 system-ui, sans-serif',
      color: red,
      background: '#fdecea',
      borderRadius: '4px',
    })
    note.setAttribute('role', 'alert')
    note.dataset.adminProblem = ''
    note.textContent = whole ? problem.message : `${problem.field}: ${problem.message}`
    box.append(note)
    const target = box instanceof HTMLElement ? box : undefined
    const outline = target?.style.outline ?? ''
    if (target) {
      target.style.outline = `2px solid ${red}`
      target.style.outlineOffset = '4px'
      target.dataset.adminProblemField = ''
    }
    shown.push(() => {
      note.remove()
      if (target) {
        target.style.outline = outline
        delete target.dataset.adminProblemField
      }
    })
    return { box, tab }
  }

  const showProblems = async (problems: Problem[]) => {
    clear()
    const panel = element('section', {
      position: 'fixed',
      right: '16px',
      zIndex: '300',
      width: 'min(420px, calc(100vw - 32px))',
      overflow: 'auto',
      padding: '12px 16px',
      background: '#fff',
      border: `2px solid ${red}`,
      borderRadius: '8px',
      boxShadow: '0 4px 16px rgba(0,0,0,0.2)',
      font: '14px/1.4 system-ui, sans-serif',
      color: '#313d3e',
    })
    panel.setAttribute('role', 'alert')
    panel.setAttribute('aria-label', texts.refused)
    panel.dataset.adminProblems = ''
    // Below the toolbar where it is one line; on a narrow screen the toolbar wraps into several
    // (form-script.ts) and the panel would cover Save: it sits at the bottom there instead.
    const place = () =>
      Object.assign(
        panel.style,
        narrow.matches ? { top: 'auto', bottom: '8px', maxHeight: '45vh' } : { top: '72px', bottom: 'auto', maxHeight: '60vh' },
      )
    place()
    narrow.addEventListener('change', place)
    shown.push(() => narrow.removeEventListener('change', place))
    const heading = element('h2', { margin: '0 0 8px', font: `700 16px/1.3 system-ui, sans-serif`, color: red }, texts.refused)
    const list = element('ul', { margin: '0 0 10px', paddingLeft: '18px' })
    const dismiss = element('button', buttonStyle, texts.dismiss)
    dismiss.type = 'button'
    dismiss.addEventListener('click', clear)
    panel.append(heading, list, dismiss)
    document.body.append(panel)
    shown.push(() => panel.remove())
    for (const problem of problems) {
      const item = element('li', { margin: '0 0 6px' })
      const name = element('strong', {}, problem.field === '' ? '' : `${problem.field}: `)
      item.append(name, document.createTextNode(problem.message))
      list.append(item)
      const placed = await putOnField(problem)
      if (placed) {
        const { box, tab } = placed
        const show = element(
          'button',
          { ...buttonStyle, display: 'block', marginTop: '2px', padding: '2px 8px', fontWeight: '400' },
          texts.show,
        )
        show.type = 'button'
        show.addEventListener('click', () => {
          // Its language first, when the form shows another (every field follows the tab).
          if (tab && tab.getAttribute('aria-selected') !== 'true') tab.click()
          requestAnimationFrame(() => box.scrollIntoView({ behavior: 'smooth', block: 'center' }))
        })
        item.append(show)
      }
    }
  }

  // ---- Links that a save or delete breaks ----

  /** The editor's choice: true to mend the links and go on, false to cancel. */
  const askAboutLinks = (links: BrokenLink[], deleting: boolean): Promise<boolean> =>
    new Promise((resolve) => {
      const dialog = element('dialog', {
        maxWidth: 'min(640px, calc(100vw - 32px))',
        padding: '20px 24px',
        border: 'none',
        borderRadius: '8px',
        boxShadow: '0 8px 32px rgba(0,0,0,0.3)',
        font: '14px/1.45 system-ui, sans-serif',
        color: '#313d3e',
      })
      dialog.setAttribute('aria-label', texts.linksTitle)
      dialog.dataset.adminBrokenLinks = ''
      const heading = element('h2', { margin: '0 0 8px', font: '700 18px/1.3 system-ui, sans-serif' }, texts.linksTitle)
      const intro = element('p', { margin: '0 0 8px' }, deleting ? texts.linksDelete : texts.linksRename)
      const list = element('ul', { margin: '0 0 16px', paddingLeft: '20px' })
      for (const link of links) {
        const item = element('li', { margin: '0 0 6px' })
        item.append(
          element('strong', {}, link.entry),
          document.createTextNode(` — ${link.field}: `),
          element('code', {}, link.href),
          document.createTextNode(link.fix === null ? ` (${texts.unlinked})` : ` ${texts.becomes} `),
        )
        if (link.fix !== null) item.append(element('code', {}, link.fix))
        list.append(item)
      }
      const mend = element('button', { ...buttonStyle, background: '#3a69c7', borderColor: '#3a69c7', color: '#fff', marginRight: '8px' })
      mend.textContent = links.every((link) => link.fix === null) && deleting ? texts.mendDelete : texts.mendRename
      mend.type = 'button'
      const cancel = element('button', buttonStyle, texts.cancel)
      cancel.type = 'button'
      const done = (choice: boolean) => {
        dialog.close()
        dialog.remove()
        resolve(choice)
      }
      mend.addEventListener('click', () => done(true))
      cancel.addEventListener('click', () => done(false))
      dialog.addEventListener('cancel', (event) => {
        event.preventDefault()
        done(false)
      })
      dialog.append(heading, intro, list, mend, cancel)
      document.body.append(dialog)
      dialog.showModal()
    })

  // ---- The calls ----

  window.addEventListener('hashchange', clear)
  const original = window.fetch.bind(window)
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href
    if (url !== api || typeof init?.body !== 'string') return original(input, init)
    const headers = new Headers(init.headers)
    headers.set('X-Admin-Language', language)
    const sent = { ...init, headers }
    const call: unknown = JSON.parse(init.body)
    const action = isRecord(call) ? call.action : undefined
    const writes = action === 'persistEntry' || action === 'publishUnpublishedEntry' || action === 'deleteFile' || action === 'deleteFiles'
    let response = await original(input, sent)
    if (!writes) return response
    let answer: unknown = response.ok
      ? undefined
      : await response
          .clone()
          .json()
          .catch(() => undefined)
    const broken = isRecord(answer) ? linksOf(answer.brokenLinks) : []
    if (response.status === 409 && broken.length > 0 && isRecord(call) && isRecord(call.params)) {
      if (!(await askAboutLinks(broken, action === 'deleteFile' || action === 'deleteFiles')))
        return Response.json({ error: texts.cancelled }, { status: 409, headers: { 'Cache-Control': 'no-store' } })
      response = await original(input, { ...sent, body: JSON.stringify({ ...call, params: { ...call.params, links: 'mend' } }) })
      answer = response.ok
        ? undefined
        : await response
            .clone()
            .json()
            .catch(() => undefined)
    }
    const problems = isRecord(answer) ? problemsOf(answer.problems) : []
    if (problems.length > 0) void showProblems(problems)
    else if (response.ok) clear()
    return response
  }
}
