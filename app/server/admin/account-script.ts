import type { accountWords, roleNames as roleNamesTable } from './admin-words'

/**
 * /admin/account.js, run in the editor's tab with CMS_ADMIN=site (after editor.js has set the
 * admin's language): who is signed in, with which role, and a sign-out button (a form posted to
 * /admin/auth/sign-out with the session's CSRF token). When the session has ended (idle, signed
 * out in another tab) the API answers 401: a notice then offers to sign in again, instead of
 * Decap's bare error.
 *
 * Served as this function's source with its words (admin-words.ts) as arguments: it must use nothing from outside itself.
 */
export function accountScript(words: typeof accountWords, roleNames: typeof roleNamesTable): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="admin-account"]')?.content
  if (!meta) return
  // Signed in at the provider already: Decap restores its (proxy backend's) user instead of showing its own Login button.
  localStorage.setItem('decap-cms-user', JSON.stringify({ backendName: 'proxy' }))
  const account: unknown = JSON.parse(meta)
  const field = (name: string) =>
    typeof account === 'object' && account !== null && name in account ? String(Reflect.get(account, name)) : ''
  const language = document.documentElement.lang
  const texts = Object.entries(words).find(([code]) => code === language)?.[1] ?? words.nl
  const roles: Record<string, string> = Object.entries(roleNames).find(([code]) => code === language)?.[1] ?? roleNames.nl
  const role = roles[field('role')] ?? field('role')

  const box = document.createElement('form')
  box.method = 'post'
  box.action = '/admin/auth/sign-out'
  box.dataset.adminAccount = ''
  Object.assign(box.style, {
    position: 'fixed',
    left: '8px',
    bottom: '8px',
    zIndex: '250',
    alignItems: 'center',
    gap: '8px',
    maxWidth: 'calc(100vw - 140px)',
    padding: '4px 4px 4px 10px',
    font: '13px/1.4 system-ui, sans-serif',
    color: '#313d3e',
    background: '#fff',
    border: '1px solid #dfdfe3',
    borderRadius: '12px',
    boxShadow: '0 1px 3px rgba(0,0,0,0.15)',
  })
  const who = document.createElement('span')
  who.textContent = `${field('name')} · ${role}`
  Object.assign(who.style, { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
  const csrf = document.createElement('input')
  csrf.type = 'hidden'
  csrf.name = 'csrf'
  csrf.value = field('csrf')
  const button = document.createElement('button')
  button.type = 'submit'
  button.textContent = texts.signOut
  Object.assign(button.style, {
    font: 'inherit',
    padding: '2px 10px',
    color: '#fff',
    background: '#3a69c7',
    border: '0',
    borderRadius: '9px',
    cursor: 'pointer',
  })
  box.append(who, csrf, button)

  const ended = () => {
    if (document.getElementById('admin-session-ended')) return
    const notice = document.createElement('div')
    notice.id = 'admin-session-ended'
    notice.setAttribute('role', 'alert')
    Object.assign(notice.style, {
      position: 'fixed',
      top: '8px',
      left: '50%',
      transform: 'translateX(-50%)',
      zIndex: '300',
      padding: '10px 16px',
      font: '14px/1.4 system-ui, sans-serif',
      color: '#313d3e',
      background: '#fff7e0',
      border: '1px solid #e0c060',
      borderRadius: '8px',
    })
    const link = document.createElement('a')
    link.href = '/admin/auth/sign-in'
    link.textContent = texts.signIn
    notice.append(`${texts.ended} `, link)
    document.body.append(notice)
  }
  const api = new URL('/admin/api/v1', location.href).href
  const original = window.fetch.bind(window)
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await original(input, init)
    const url = input instanceof Request ? input.url : new URL(String(input), location.href).href
    if (url === api && response.status === 401) ended()
    return response
  }
  document.addEventListener('DOMContentLoaded', () => document.body.append(box))
  // Not over an entry's form (on a phone it would cover a field), as the language button: the lists have it.
  const place = () => {
    // display, not the hidden attribute: the box's own display: flex would win over it.
    box.style.display = /^#\/collections\/[^/]+\/(?:entries\/|new)/.test(location.hash) ? 'none' : 'flex'
  }
  place()
  window.addEventListener('hashchange', place)
}
