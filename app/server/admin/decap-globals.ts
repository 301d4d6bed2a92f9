/** A widget as Decap's registry holds it. */
export interface DecapWidget {
  control: unknown
  preview?: unknown
  schema?: unknown
}

/** What the admin's scripts use of the globals Decap's bundle sets for custom widgets and templates. */
export interface DecapGlobals {
  cms: {
    init(options: { config: Record<string, unknown> }): void
    getWidget(name: string): DecapWidget | undefined
    registerWidget(name: string, control: unknown, preview?: unknown, schema?: unknown): void
    registerPreviewTemplate(name: string, component: unknown): void
    /** Decap's phrases of a language (its own, registered when its script ran), if any. */
    getLocale(language: string): unknown
    registerLocale(language: string, phrases: unknown): void
  }
  /** React's createElement. */
  h: (type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) => unknown
  /** create-react-class: a component from a spec, `this` its instance. */
  createClass: (spec: object) => unknown
  /** A setting of one of Decap's Immutable maps (a field's, a collection's, an object's value). */
  valueOf: (map: unknown, key: string) => unknown
  /** The same, when it is a string; '' otherwise. */
  textOf: (map: unknown, key: string) => string
  /** The items of one of Decap's Immutable lists; none otherwise. */
  itemsOf: (list: unknown) => unknown[]
}

/**
 * Decap's globals (`CMS`, `h`, `createClass`), checked, once decap-cms.js has run (from
 * DOMContentLoaded on); undefined before, or if a Decap upgrade drops one. One copy of these
 * checks for every script of /admin/editor.js: each is served as its function's source and gets
 * this one as an argument (`(${formScript})(words, ${decapGlobals})`), so it must use nothing from
 * outside itself either.
 */
export function decapGlobals(): DecapGlobals | undefined {
  const hasMethod = (value: unknown, name: string) =>
    typeof value === 'object' && value !== null && typeof Reflect.get(value, name) === 'function'
  const isCms = (value: unknown): value is DecapGlobals['cms'] =>
    ['init', 'getWidget', 'registerWidget', 'registerPreviewTemplate', 'getLocale', 'registerLocale'].every((name) =>
      hasMethod(value, name),
    )
  const isH = (value: unknown): value is DecapGlobals['h'] => typeof value === 'function'
  const isCreateClass = (value: unknown): value is DecapGlobals['createClass'] => typeof value === 'function'
  const isMap = (value: unknown): value is { get(key: string): unknown } => hasMethod(value, 'get')
  const isList = (value: unknown): value is { toArray(): unknown[] } => hasMethod(value, 'toArray')

  const cms: unknown = Reflect.get(window, 'CMS')
  const h: unknown = Reflect.get(window, 'h')
  const createClass: unknown = Reflect.get(window, 'createClass')
  if (!isCms(cms) || !isH(h) || !isCreateClass(createClass)) return undefined
  const valueOf = (map: unknown, key: string) => (isMap(map) ? map.get(key) : undefined)
  return {
    cms,
    h,
    createClass,
    valueOf,
    textOf: (map, key) => {
      const found = valueOf(map, key)
      return typeof found === 'string' ? found : ''
    },
    itemsOf: (list) => (isList(list) ? list.toArray() : []),
  }
}
