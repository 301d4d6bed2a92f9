import type { editorWords } from './admin-words'
import type { PreviewSettings, previewPane } from './preview-pane'
import type { decapGlobals } from './decap-globals'
import type { decapPhraseGaps } from '../../embedded-cms/index.server'

/**
 * /admin/editor.js, run in the editor's tab before Decap (in every admin mode), for what Decap's
 * configuration cannot say:
 *
 * - Decap is started here (CMS_MANUAL_INIT) in the admin's language, which language-script.ts
 *   (run before this) chose and wrote to `<html lang>`.
 * - A rich-text field's Markdown mode belongs to that field while it is open: Decap would
 *   remember the last switch for every rich-text field of every entry.
 * - Pasted HTML (Word, Google Docs, a web page) is reduced to what the editor keeps (paragraphs,
 *   headings, lists, quotes, links, bold, italic, line breaks) before Decap reads it: Decap's
 *   reader drops the whole paste when a styled span or a bold run holds a link.
 * - A yes/no field without a value shows its default (what the site uses), not "off".
 * - Decap's texts its Dutch, German, French or Danish lacks are added (decap-labels.ts'
 *   `decapPhraseGaps`): it would show them in English.
 * - The preview pane beside the form shows the entry's own page from the form's unsaved values
 *   (app/server/admin/preview-pane.ts, ADR 099, 108), for the collections `preview` names.
 *
 * Served as this function's source with its arguments (`(${editorScript})(${JSON.stringify(preview)}, ${previewPane}, words, ${decapGlobals}, gaps)`):
 * it must use nothing from outside itself.
 */
export function editorScript(
  preview: PreviewSettings,
  pane: typeof previewPane,
  words: typeof editorWords,
  globals: typeof decapGlobals,
  gaps: typeof decapPhraseGaps,
): void {
  const language = document.documentElement.lang
  Reflect.set(window, 'CMS_MANUAL_INIT', true)

  // Decap reads the stored mode when a rich-text field is made and stores each switch: nothing
  // is stored, so every field opens in rich text and a switch stays with its own field.
  const modeKey = 'cms.md-mode'
  localStorage.removeItem(modeKey)
  const setItem = Storage.prototype.setItem
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    if (key !== modeKey) setItem.call(this, key, value)
  }

  // ---- Pasting ----

  const blocks: Record<string, string> = {
    P: 'p',
    DIV: 'p',
    H1: 'h2',
    H2: 'h2',
    H3: 'h3',
    H4: 'h4',
    H5: 'h4',
    H6: 'h4',
    UL: 'ul',
    OL: 'ol',
    LI: 'li',
    BLOCKQUOTE: 'blockquote',
  }
  const dropped = new Set(['SCRIPT', 'STYLE', 'META', 'LINK', 'TITLE', 'HEAD', 'IMG', 'svg', 'TEMPLATE', 'IFRAME', 'OBJECT'])
  const safeHref = (href: string | null) => (href !== null && /^(?:https?:|mailto:|tel:|\/|#)/i.test(href.trim()) ? href.trim() : undefined)
  interface Marks {
    bold: boolean
    italic: boolean
  }
  const marksOf = (element: Element, marks: Marks): Marks => {
    const style = element instanceof HTMLElement ? element.style : undefined
    const weight = style?.fontWeight ?? ''
    let bold = marks.bold || element.nodeName === 'STRONG' || (element.nodeName === 'B' && weight === '')
    if (weight === 'bold' || weight === 'bolder' || Number(weight) >= 600) bold = true
    // Google Docs wraps the whole paste in <b style="font-weight:normal">.
    if (weight === 'normal' || (weight !== '' && Number(weight) < 600)) bold = false
    let italic = marks.italic || element.nodeName === 'EM' || element.nodeName === 'I'
    if (style?.fontStyle === 'italic') italic = true
    if (style?.fontStyle === 'normal') italic = false
    return { bold, italic }
  }
  const wrap = (parent: Element, children: Node[]): Element => {
    for (const child of children) parent.append(child)
    return parent
  }
  /**
   * The node's content as the editor keeps it: marks (bold, italic) only ever around text, so no
   * element ends up inside a mark; everything else unwrapped to its text.
   */
  const cleaned = (node: Node, marks: Marks, out: Document): Node[] => {
    if (node.nodeType === Node.TEXT_NODE) {
      let result: Node = out.createTextNode(node.textContent ?? '')
      if (marks.italic) result = wrap(out.createElement('em'), [result])
      if (marks.bold) result = wrap(out.createElement('strong'), [result])
      return [result]
    }
    if (!(node instanceof Element) || dropped.has(node.nodeName)) return []
    if (node.nodeName === 'BR') return [out.createElement('br')]
    const inner = marksOf(node, marks)
    const children = Array.from(node.childNodes).flatMap((child) => cleaned(child, inner, out))
    const block = blocks[node.nodeName]
    // A DIV is a paragraph unless it holds paragraphs of its own (Word's page sections).
    const holdsBlocks = children.some((child) => child instanceof Element && Object.values(blocks).includes(child.localName))
    if (block && !(node.nodeName === 'DIV' && holdsBlocks)) return [wrap(out.createElement(block), children)]
    const href = node.nodeName === 'A' ? safeHref(node.getAttribute('href')) : undefined
    if (href) {
      const link = out.createElement('a')
      link.setAttribute('href', href)
      return [wrap(link, children)]
    }
    return children
  }
  const cleanHtml = (html: string): string => {
    const source = new DOMParser().parseFromString(html, 'text/html')
    const out = document.implementation.createHTMLDocument('')
    const nodes = Array.from(source.body.childNodes).flatMap((node) => cleaned(node, { bold: false, italic: false }, out))
    return wrap(out.createElement('div'), nodes).innerHTML
  }
  /** Decap's rich-text editor (Slate) around a node, if any. */
  const richTextEditor = (target: EventTarget | null) =>
    target instanceof Node ? (target instanceof Element ? target : target.parentElement)?.closest('[data-slate-editor="true"]') : null
  window.addEventListener(
    'paste',
    (event) => {
      const data = event.clipboardData
      const editor = richTextEditor(event.target)
      // A copy from Decap's own editor carries its own fragment, which Decap reads as it is.
      if (!data || !editor || !data.types.includes('text/html') || data.types.some((type) => type.startsWith('application/x-slate'))) return
      const html = cleanHtml(data.getData('text/html'))
      const plain = data.getData('text/plain')
      event.preventDefault()
      event.stopImmediatePropagation()
      const transfer = new DataTransfer()
      transfer.setData('text/html', html)
      transfer.setData('text/plain', plain)
      // Decap's editor takes a paste as the browser announces it, a "beforeinput" with the data.
      const target = event.target instanceof Node && editor.contains(event.target) ? event.target : editor
      target.dispatchEvent(
        new InputEvent('beforeinput', { inputType: 'insertFromPaste', dataTransfer: transfer, bubbles: true, cancelable: true }),
      )
    },
    true,
  )

  // ---- Starting Decap ----

  // After decap-cms.js (a script after this one) has run, before anything is shown.
  document.addEventListener('DOMContentLoaded', () => {
    const decap = globals()
    if (!decap) {
      // Without our extras (an upgrade that drops one of Decap's globals) Decap still starts.
      const cms: unknown = Reflect.get(window, 'CMS')
      const init: unknown = typeof cms === 'object' && cms !== null ? Reflect.get(cms, 'init') : undefined
      if (typeof init === 'function') Reflect.apply(init, cms, [{ config: { locale: language } }])
      return
    }
    const { cms, h, valueOf } = decap
    try {
      const boolean = cms.getWidget('boolean')
      if (boolean) {
        const control = (props: Record<string, unknown>) =>
          h(boolean.control, { ...props, value: props.value ?? valueOf(props.field, 'default') })
        cms.registerWidget('boolean', control, boolean.preview, boolean.schema)
      }
      const template = pane(preview, Object.entries(words).find(([code]) => code === language)?.[1] ?? words.nl, h)
      for (const name of preview.collections) cms.registerPreviewTemplate(name, template)
      // Each text Decap's phrases of this language lack, set at its path (Decap's own wins).
      const phrases = cms.getLocale(language)
      const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
      if (isRecord(phrases)) {
        for (const [path, texts] of Object.entries(gaps)) {
          const text = Object.entries(texts).find(([code]) => code === language)?.[1]
          const names = path.split('.')
          const last = names.pop()
          let at: unknown = phrases
          for (const name of names) {
            if (isRecord(at) && !isRecord(at[name])) at[name] = {}
            at = isRecord(at) ? at[name] : undefined
          }
          if (text !== undefined && last !== undefined && isRecord(at) && typeof at[last] !== 'string') at[last] = text
        }
        cms.registerLocale(language, phrases)
      }
    } finally {
      // A failing extra leaves the admin without it, not blank.
      cms.init({ config: { locale: language } })
    }
  })
}
