/**
 * /admin/editor.js, run in the editor's tab before Decap (in every admin mode), for what Decap's
 * configuration cannot say:
 *
 * - The admin's own language (Decap's texts; the field labels are the generated ones): Dutch
 *   unless the editor chose English with the button in the corner, remembered in this browser.
 *   Decap is started here (CMS_MANUAL_INIT) with that language over /admin/config.yml.
 * - A rich-text field's Markdown mode belongs to that field while it is open: Decap would
 *   remember the last switch for every rich-text field of every entry.
 * - A yes/no field without a value shows its default (what the site uses), not "off".
 *
 * Served as this function's source (`(${editorScript})()`): it must use nothing from outside itself.
 */
export function editorScript(): void {
  const languageKey = 'admin-language'
  const stored = localStorage.getItem(languageKey)
  const language = stored === 'en' ? 'en' : 'nl'
  document.documentElement.lang = language
  Reflect.set(window, 'CMS_MANUAL_INIT', true)

  // Decap reads the stored mode when a rich-text field is made and stores each switch: nothing
  // is stored, so every field opens in rich text and a switch stays with its own field.
  const modeKey = 'cms.md-mode'
  localStorage.removeItem(modeKey)
  const setItem = Storage.prototype.setItem
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    if (key !== modeKey) setItem.call(this, key, value)
  }

  // ---- Starting Decap ----

  interface ImmutableMap {
    get(key: string): unknown
  }
  interface Widget {
    control: unknown
    preview?: unknown
    schema?: unknown
  }
  interface DecapCms {
    init(options: { config: Record<string, unknown> }): void
    getWidget(name: string): Widget | undefined
    registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void
  }
  type CreateElement = (type: unknown, props: Record<string, unknown>) => unknown
  const isFunction = (value: unknown, name: string) =>
    typeof value === 'object' && value !== null && typeof Reflect.get(value, name) === 'function'
  const isCms = (value: unknown): value is DecapCms => ['init', 'getWidget', 'registerWidget'].every((name) => isFunction(value, name))
  const isMap = (value: unknown): value is ImmutableMap => isFunction(value, 'get')
  const isCreateElement = (value: unknown): value is CreateElement => typeof value === 'function'

  const switchLanguage = () => {
    const button = document.createElement('button')
    const other = language === 'nl' ? 'en' : 'nl'
    button.type = 'button'
    button.lang = other
    button.textContent = other === 'en' ? 'English' : 'Nederlands'
    button.title = other === 'en' ? 'Show the admin in English' : 'Toon de beheeromgeving in het Nederlands'
    Object.assign(button.style, {
      position: 'fixed',
      left: '8px',
      bottom: '8px',
      zIndex: '250',
      padding: '4px 10px',
      font: '13px/1.4 system-ui, sans-serif',
      color: '#313d3e',
      background: '#fff',
      border: '1px solid #dfdfe3',
      borderRadius: '12px',
      boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
      cursor: 'pointer',
    })
    button.addEventListener('click', () => {
      localStorage.setItem(languageKey, other)
      location.reload()
    })
    document.body.append(button)
  }

  // After decap-cms.js (a script after this one) has run, before anything is shown.
  document.addEventListener('DOMContentLoaded', () => {
    switchLanguage()
    const cms: unknown = Reflect.get(window, 'CMS')
    const h: unknown = Reflect.get(window, 'h')
    if (!isCms(cms)) return
    const boolean = cms.getWidget('boolean')
    if (boolean && isCreateElement(h)) {
      const control = (props: Record<string, unknown>) => {
        const field = props.field
        const value = props.value ?? (isMap(field) ? field.get('default') : undefined)
        return h(boolean.control, { ...props, value })
      }
      cms.registerWidget('boolean', control, boolean.preview, boolean.schema)
    }
    cms.init({ config: { locale: language } })
  })
}
