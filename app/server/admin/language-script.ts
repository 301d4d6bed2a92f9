/**
 * The start of /admin/editor.js, before anything else of the admin runs: the admin's language
 * (ADR 097, 110). The editor's choice, kept in this browser; else the first of the browser's
 * languages the admin speaks; else the fallback (Dutch). It is written to `<html lang>`, where
 * every later script of the admin reads it (problems.js, translation-status.js, history.js,
 * links.js, account.js, the form's tabs), and to Decap's `cms-config-url`, so the form's labels come in it too
 * (/admin/config.yml?language=). A chooser in the corner of the lists changes it.
 *
 * Served as this function's source with its arguments: it must use nothing from outside itself.
 */
export function languageScript(
  languages: ReadonlyArray<{ code: string; name: string }>,
  fallback: string,
  label: Record<string, string>,
): void {
  const key = 'admin-language'
  const known = (code: string | null | undefined) => languages.some((language) => language.code === code)
  const stored = localStorage.getItem(key)
  // `de-AT` → `de`: the browser's list, most wanted first.
  const browser = navigator.languages.map((tag) => tag.split('-')[0]?.toLowerCase()).find((code) => known(code))
  const language = stored !== null && known(stored) ? stored : (browser ?? fallback)
  document.documentElement.lang = language
  document.querySelector('link[rel="cms-config-url"]')?.setAttribute('href', `/admin/config.yml?language=${language}`)

  const chooser = () => {
    const select = document.createElement('select')
    select.setAttribute('aria-label', label[language] ?? '')
    select.title = label[language] ?? ''
    select.dataset.adminLanguage = ''
    for (const { code, name } of languages) {
      const option = document.createElement('option')
      option.value = code
      option.lang = code
      // Each language by its own name: an editor finds theirs whatever the admin speaks now.
      option.textContent = name
      option.selected = code === language
      select.append(option)
    }
    Object.assign(select.style, {
      position: 'fixed',
      right: '8px',
      bottom: '8px',
      zIndex: '250',
      padding: '4px 8px',
      font: '13px/1.4 system-ui, sans-serif',
      color: '#313d3e',
      background: '#fff',
      border: '1px solid #dfdfe3',
      borderRadius: '12px',
      boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
      cursor: 'pointer',
    })
    select.addEventListener('change', () => {
      localStorage.setItem(key, select.value)
      location.reload()
    })
    document.body.append(select)
    // Not over an entry's form (on a phone it would cover a field): the lists and the login have it.
    const place = () => {
      select.hidden = /^#\/collections\/[^/]+\/(?:entries\/|new)/.test(location.hash)
    }
    place()
    window.addEventListener('hashchange', place)
  }
  document.addEventListener('DOMContentLoaded', chooser)
}
