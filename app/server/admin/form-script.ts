import type { editorWords } from './admin-words'
import type { decapGlobals } from './decap-globals'

/**
 * The start of /admin/editor.js (after language-script.ts): what makes Decap's forms scannable, on a wide screen and on a
 * phone (ADR 096, 097). Served as this function's source with its words and app/server/admin/decap-globals.ts (`(${formScript})(words, ${decapGlobals})`), before
 * editor-script.ts starts Decap: it must use nothing from outside itself.
 *
 * - A text per language (the `localized` widget of decap-config.ts, an object of one subfield per
 *   language) shows one language at a time under a row of tabs, which say which languages are
 *   empty or have an error. The language shown is the form's: a tab chosen in one field shows
 *   that language in every field, and the next form opens in it (this tab of the browser). The
 *   value is Decap's object widget's, stored as before.
 * - A tab whose language holds a problem of a refused save (problems.js marks it) is red too, so a
 *   problem in a language not shown is found.
 * - On a narrow screen the editor fits the screen (Decap's editor is at least 800 px wide).
 */
export function formScript(words: typeof editorWords, globals: typeof decapGlobals): void {
  const widgetName = 'localized'
  const shownKey = 'admin-form-language'
  const classes = { field: 'localized-field', tabs: 'localized-tabs', tab: 'localized-tab' }
  /** The most languages a field has (the CSS below has a rule per position). */
  const most = 12

  let shown = sessionStorage.getItem(shownKey) ?? ''
  const listeners = new Set<(code: string) => void>()
  const show = (code: string) => {
    shown = code
    sessionStorage.setItem(shownKey, code)
    for (const listener of listeners) listener(code)
  }

  // ---- Styles ----

  // The widget's box is Decap's object control: [top bar, fields], a field being
  // [top bar with label and errors, control]. Only the shown language's field is displayed.
  const box = `.${classes.field} > div:last-child`
  const languageFields = '> div:last-child > div:last-child > div'
  const fields = `.${classes.field} ${languageFields}`
  const perPosition = Array.from({ length: most }, (_, index) => {
    const n = index + 1
    const invalid = `.${classes.field}:has(${languageFields}:nth-child(${n}) > div:first-child > ul) > .${classes.tabs} > .${classes.tab}:nth-child(${n})`
    // Red as a refused save's tab (below), white on red when chosen: red on the chosen blue would be unreadable.
    return `.${classes.field}[data-shown="${n}"] ${languageFields}:not(:nth-child(${n})) { display: none; }
${invalid} { color: #b3261e; border-color: #b3261e; }
${invalid}[aria-selected="true"] { color: #fff; background: #b3261e; }`
  })
  const style = document.createElement('style')
  style.textContent = `
.${classes.field} { position: relative; }
${box} { border: 0; padding: 0; margin: 0; background: none; }
${box} > div:first-child { display: none; }
${fields} { margin: 0; }
${fields} > div:first-child > label { display: none; }
.${classes.tabs} { display: flex; gap: 4px; justify-content: flex-end; margin: 0 0 4px; }
@media (min-width: 700px) { .${classes.tabs} { position: absolute; right: 0; top: -26px; margin: 0; } }
.${classes.tab} {
  font: 600 12px/1 system-ui, sans-serif; letter-spacing: 0.04em; padding: 4px 8px; cursor: pointer;
  color: #313d3e; background: #fff; border: 1px solid #dfdfe3; border-radius: 3px;
}
.${classes.tab}[aria-selected="true"] { color: #fff; background: #3a69c7; border-color: #3a69c7; }
.${classes.tab}[data-empty]::after { content: " \\25CB"; font-weight: 400; }
.${classes.tab}[data-admin-problem] { color: #b3261e; border-color: #b3261e; }
.${classes.tab}[data-admin-problem]::after { content: " !"; font-weight: 700; }
.${classes.tab}[data-admin-problem][aria-selected="true"] { color: #fff; background: #b3261e; }
.${classes.tab}:focus-visible { outline: 2px solid #3a69c7; outline-offset: 1px; }
${perPosition.join('\n')}
@media (max-width: 799px) {
  [class*="-EditorContainer"] { min-width: 0 !important; padding-top: 0 !important; display: flex !important; flex-direction: column; }
  [class*="-EditorContainer"] > div:last-child { flex: 1; min-height: 0; width: 100%; }
  [class*="-ToolbarContainer"] { position: relative !important; flex: none; min-width: 0 !important; height: auto !important; flex-wrap: wrap; }
  [class*="-ToolbarSectionBackLink"], [class*="-ToolbarSectionMain"], [class*="-ToolbarSectionMeta"] { height: auto !important; padding: 6px 8px !important; }
  [class*="-ToolbarSectionMain"], [class*="-ToolbarSubSection"] { flex-wrap: wrap; gap: 6px; }
  [class*="-ToolbarSubSection"] > * { margin: 0 !important; }
  [class*="-ControlPaneContainer"] { padding: 0 8px !important; }
}
`
  document.head.append(style)

  // ---- The widget ----

  /** Decap's object control, whose instance the form asks to validate and focus. */
  interface ObjectControl {
    validate?(): void
    focus?(path?: string): void
  }
  interface Instance {
    props: Record<string, unknown>
    state: { shown: string }
    setState(state: { shown: string }): void
    inner?: ObjectControl
    onShow(code: string): void
    keepInner(control: ObjectControl | null): void
  }
  // The admin's language: language-script.ts, run before this, chose it.
  const emptyWord = (Object.entries(words).find(([code]) => code === document.documentElement.lang)?.[1] ?? words.nl).empty

  document.addEventListener('DOMContentLoaded', () => {
    const decap = globals()
    if (!decap) return
    const { cms, h, createClass, textOf: text, valueOf, itemsOf } = decap
    const object = cms.getWidget('object')
    if (!object) return

    const spec: object & ThisType<Instance> = {
      displayName: 'LocalizedControl',
      getInitialState() {
        return { shown }
      },
      componentDidMount() {
        listeners.add(this.onShow)
      },
      componentWillUnmount() {
        listeners.delete(this.onShow)
      },
      onShow(code: string) {
        this.setState({ shown: code })
      },
      keepInner(control: ObjectControl | null) {
        if (control) this.inner = control
      },
      // Decap's object control updates on every change of the form (its fields decide): so does this.
      shouldComponentUpdate() {
        return true
      },
      // The form validates and focuses its fields through the control: the object's do it.
      validate() {
        this.inner?.validate?.()
      },
      focus(path?: string) {
        const code = path?.split('.')[0]
        if (code) show(code)
        this.inner?.focus?.(path)
      },
      render() {
        const { field, value } = this.props
        const languages = itemsOf(valueOf(field, 'fields')).map((subfield) => ({
          code: text(subfield, 'name'),
          label: text(subfield, 'label'),
        }))
        const index = Math.max(
          0,
          languages.findIndex(({ code }) => code === this.state.shown),
        )
        const tabs = languages.map(({ code, label }, position) => {
          const empty = text(value, code).trim() === ''
          return h(
            'button',
            {
              key: code,
              type: 'button',
              role: 'tab',
              className: classes.tab,
              lang: code,
              'aria-selected': position === index ? 'true' : 'false',
              // Named as it reads (WCAG 2.5.3): the code shown, then the language ("NL – Nederlands").
              'aria-label': `${code.toUpperCase()} – ${label.replace(/\s*\([^()]*\)$/, '')}`,
              title: empty ? emptyWord : undefined,
              'data-empty': empty ? '' : undefined,
              onClick: () => show(code),
            },
            code.toUpperCase(),
          )
        })
        return h(
          'div',
          { className: classes.field, 'data-shown': String(index + 1) },
          h('div', { role: 'tablist', className: classes.tabs }, ...tabs),
          h(object.control, { ...this.props, ref: this.keepInner }),
        )
      },
    }
    cms.registerWidget(widgetName, createClass(spec), object.preview, object.schema)
  })
}
