import { parse as parseCookies, serialize } from 'cookie-es'
import { getRuntimeConfig, type RuntimeConfig } from '../../platform/env.server'
import { logger } from '../../platform/logger.server'
import { sameSecret } from '../../platform/same-secret.server'
import { clearedPreviewCookie, revokePreview } from '../../cms-client/preview.server'
import { readCall, type EditorIdentity } from '../local-api.server'
import { audit, pruneAudit, targetOf } from './audit.server'
import { beginSignIn, finishSignIn, SignInError } from './oidc.server'
import { isAction, onlyReads, roleOf, verifiedEmail, type Role } from './roles'
import { endSession, pruneSessions, sessionOf, startSession, type Session } from './sessions.server'

/**
 * /admin with CMS_ADMIN=site (ADR 100, 101, 102): the admin's page, its configuration and its API
 * only for a signed-in editor; sign-in and sign-out under /admin/auth/. Decap's own files (a
 * public package) and the admin's scripts are served to anyone, as in local mode.
 *
 * Cookies are `__Host-` (Secure, Path=/, no Domain: this host only), HttpOnly and SameSite=Lax:
 * Lax so the provider's redirect back and a link to /admin from the company's intranet arrive
 * signed in; no write rides on that, since every call of the API must also carry the CSRF token
 * bound to the session (a header another origin can neither read nor send) and the site's Origin.
 */

const sessionCookie = '__Host-admin-session'
const signInCookie = '__Host-admin-sign-in'

const cookie = (name: string, value: string, maxAgeSeconds: number) =>
  serialize(name, value, { httpOnly: true, secure: true, sameSite: 'lax', path: '/', maxAge: maxAgeSeconds })

const cookieOf = (request: Request, name: string) => parseCookies(request.headers.get('cookie') ?? '')[name]

const times = (config: RuntimeConfig) => ({ idleMinutes: config.ADMIN_SESSION_IDLE_MINUTES, maxHours: config.ADMIN_SESSION_MAX_HOURS })

/** Who an event names: the verified address, else the provider's id of the person. */
const actorOf = (person: Pick<Session, 'email' | 'subject'>) => person.email ?? `sub:${person.subject}`

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })

const json = (status: number, error: string) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store' } })

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)

/** A short page of its own (signed out, a refused sign-in): it says what happened and where to go on. */
function notice(status: number, title: string, message: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#313d3e}a{color:#3a69c7}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/admin/auth/sign-in">Sign in / Aanmelden</a></p></body>
</html>
`
  return new Response(html, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers } })
}

/** The site's own origin: calls of the API must come from it (its Origin header) and nowhere else. */
const siteOrigin = (config: RuntimeConfig) => new URL(config.SITE_URL).origin

/** Why a call does not come from /admin's page on this site, or undefined. */
function notFromTheAdmin(request: Request, config: RuntimeConfig): string | undefined {
  if (request.headers.get('origin') !== siteOrigin(config)) return 'Not a request from this site’s /admin'
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin') return 'Not a request from this site’s /admin'
  return undefined
}

/** The session the request's cookie names, or undefined (an expired one is logged as such). */
async function sessionOfRequest(request: Request, config: RuntimeConfig): Promise<Session | undefined> {
  const found = await sessionOf(cookieOf(request, sessionCookie), times(config))
  if (found && 'expired' in found) {
    await audit({ actor: actorOf(found.expired), role: found.expired.role, event: 'session-expired', outcome: 'ok' })
    return undefined
  }
  return found
}

async function signIn(config: RuntimeConfig): Promise<Response> {
  try {
    const { location, signInId } = await beginSignIn(config)
    return new Response(null, { status: 302, headers: { Location: location, 'Set-Cookie': cookie(signInCookie, signInId, 600) } })
  } catch (error) {
    logger.error({ err: error }, '[admin] the sign-in provider cannot be reached')
    return text(
      503,
      'The sign-in provider cannot be reached; try again in a minute. / De aanmeldprovider is niet bereikbaar; probeer het zo opnieuw.',
    )
  }
}

async function callback(request: Request, url: URL, config: RuntimeConfig): Promise<Response> {
  const clearSignIn = cookie(signInCookie, '', 0)
  const problem = url.searchParams.get('error')
  if (problem !== null) {
    // The provider refused or the person cancelled: its code says which (its description may echo input).
    const code = /^[\w.-]{1,64}$/.test(problem) ? problem : 'error'
    return notice(403, 'Not signed in / Niet aangemeld', `The sign-in provider answered “${code}”.`, { 'Set-Cookie': clearSignIn })
  }
  let claims
  try {
    claims = await finishSignIn(config, url.searchParams, cookieOf(request, signInCookie))
  } catch (error) {
    if (!(error instanceof SignInError)) logger.error({ err: error }, '[admin] sign-in failed')
    const message = error instanceof SignInError ? error.message : 'The sign-in could not be finished: start again.'
    return notice(error instanceof SignInError ? 400 : 503, 'Not signed in / Niet aangemeld', message, { 'Set-Cookie': clearSignIn })
  }
  const subject = String(claims.sub)
  const email = verifiedEmail(claims)
  const role = roleOf(claims, config)
  if (!role) {
    await audit({ actor: email ?? `sub:${subject}`, role: undefined, event: 'sign-in', outcome: 'refused' })
    return notice(
      403,
      'No access / Geen toegang',
      'Your account has no role in this site’s admin; ask the site’s operator for one. / Uw account heeft geen rol in het beheer van deze site; vraag de beheerder erom.',
      { 'Set-Cookie': clearSignIn },
    )
  }
  const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim().slice(0, 200) : (email ?? subject)
  const { token } = await startSession({ subject, name, email, role }, cookieOf(request, sessionCookie))
  await audit({ actor: email ?? `sub:${subject}`, role, event: 'sign-in', outcome: 'ok' })
  // Now and then, not on a timer: what is past its time goes at a sign-in.
  await Promise.all([pruneSessions(times(config)), pruneAudit(config.ADMIN_AUDIT_RETENTION_DAYS)]).catch((error: unknown) =>
    logger.warn({ err: error }, '[admin] old sessions or audit events not pruned'),
  )
  const headers = new Headers({ Location: '/admin' })
  headers.append('Set-Cookie', cookie(sessionCookie, token, config.ADMIN_SESSION_MAX_HOURS * 3600))
  headers.append('Set-Cookie', clearSignIn)
  return new Response(null, { status: 303, headers })
}

async function signOut(request: Request, config: RuntimeConfig): Promise<Response> {
  if (request.method !== 'POST') return text(405, 'POST only', { Allow: 'POST' })
  const session = await sessionOfRequest(request, config)
  const stranger = notFromTheAdmin(request, config)
  const form = /^application\/x-www-form-urlencoded\b/.test(request.headers.get('content-type') ?? '')
    ? new URLSearchParams(await request.text())
    : undefined
  const csrf = form?.get('csrf') ?? request.headers.get('x-admin-session')
  if (session && (stranger || !sameSecret(csrf, session.csrf))) {
    await audit({ actor: actorOf(session), role: session.role, event: 'sign-out', outcome: 'refused' })
    return text(403, 'Not a sign-out from this site’s /admin / Geen afmelding vanuit /admin van deze site')
  }
  if (session) {
    await endSession(cookieOf(request, sessionCookie))
    await audit({ actor: actorOf(session), role: session.role, event: 'sign-out', outcome: 'ok' })
  }
  // Drafts were this editor's to see: the preview this browser entered from the admin ends too
  // (on a shared computer the next person would see them until the cookie expires).
  await revokePreview(request.headers.get('cookie')).catch((error: unknown) =>
    logger.warn({ err: error }, '[admin] the preview of a signed-out editor was not revoked'),
  )
  const signedOut = notice(200, 'Signed out / Afgemeld', 'You have signed out of the admin. / U bent afgemeld bij het beheer.')
  signedOut.headers.set('Set-Cookie', cookie(sessionCookie, '', 0))
  signedOut.headers.append('Set-Cookie', clearedPreviewCookie())
  return signedOut
}

/**
 * The session of a call from /admin's page on this site (POST, this site's Origin, JSON, a
 * session and its CSRF token), or the refusal. Cross-origin calls with a session and calls
 * without the token are logged: they are someone else's page using the editor's cookie.
 */
async function adminCall(request: Request, config: RuntimeConfig): Promise<Session | Response> {
  if (request.method !== 'POST') return json(405, 'POST only')
  const session = await sessionOfRequest(request, config)
  const stranger = notFromTheAdmin(request, config)
  // A call another origin made with a signed-in editor's cookie is worth a line in the log; one without a session is nobody's.
  if (stranger) {
    if (session) await audit({ actor: actorOf(session), role: session.role, event: 'call', target: 'cross-origin', outcome: 'refused' })
    return json(403, stranger)
  }
  if (!/^application\/json\b/.test(request.headers.get('content-type') ?? '')) return json(415, 'JSON only')
  if (!session) return json(401, 'Not signed in, or the session has ended: reload /admin to sign in / Niet aangemeld: laad /admin opnieuw')
  if (!sameSecret(request.headers.get('x-admin-session'), session.csrf)) {
    await audit({ actor: actorOf(session), role: session.role, event: 'call', target: 'no CSRF token', outcome: 'refused' })
    return json(403, 'Not a request from this site’s /admin: reload /admin')
  }
  return session
}

/** Answers a call of the API for a signed-in editor whose role allows it; `answer` performs it. */
async function api(
  request: Request,
  config: RuntimeConfig,
  answer: (body: unknown, editor: EditorIdentity, role: Role) => Promise<Response>,
): Promise<Response> {
  const session = await adminCall(request, config)
  if (session instanceof Response) return session
  const read = await readCall(request)
  if ('refusal' in read) return read.refusal
  const action: unknown = typeof read.body === 'object' && read.body !== null && 'action' in read.body ? read.body.action : undefined
  if (!isAction(action)) return json(422, 'Unknown or malformed call')
  const target = targetOf(read.body)
  // The role is checked with the call (local-api.server.ts, one table: roles.ts); a refusal is logged below.
  const response = await answer(read.body, { subject: session.subject, name: session.name, email: session.email }, session.role)
  if (!onlyReads(action)) {
    const outcome = response.ok ? 'ok' : response.status >= 500 ? 'failed' : 'refused'
    await audit({ actor: actorOf(session), role: session.role, event: action, target, outcome })
  }
  return response
}

/** The paths a visitor without a session may fetch: Decap's package files and the admin's scripts. */
const publicPath = /^\/admin\/(?:(?:\d+\.)?decap-cms\.js|cms\.css|[0-9a-f]{20}\.wasm|editor\.js|session\.js|account\.js)$/

/**
 * The site mode's gate in front of /admin: the answer itself (sign-in, callback, sign-out, the
 * API, a refusal), or the signed-in editor's session for /admin's page and configuration (or
 * undefined for a public file) for admin.server.ts to answer.
 */
export async function siteAdmin(
  request: Request,
  url: URL,
  answerApi: (body: unknown, editor: EditorIdentity, role: Role) => Promise<Response>,
  answerPreview: (session: Session) => Promise<Response>,
  config: RuntimeConfig = getRuntimeConfig(),
): Promise<Response | Session | undefined> {
  const { pathname } = url
  if (pathname === '/admin/auth/sign-in') return request.method === 'GET' ? signIn(config) : text(405, 'GET only', { Allow: 'GET' })
  if (pathname === '/admin/auth/callback')
    return request.method === 'GET' ? callback(request, url, config) : text(405, 'GET only', { Allow: 'GET' })
  if (pathname === '/admin/auth/sign-out') return signOut(request, config)
  if (pathname === '/admin/api/v1') return api(request, config, answerApi)
  // The preview pane's values (ADR 099, 108): every editor's, under the API's checks; nothing is saved.
  if (pathname === '/admin/preview') {
    const session = await adminCall(request, config)
    return session instanceof Response ? session : answerPreview(session)
  }
  if (publicPath.test(pathname)) return undefined
  const session = await sessionOfRequest(request, config)
  if (session) return session
  // The admin's page sends the editor to sign in; its configuration and the rest answer 401.
  if (pathname === '/admin') return new Response(null, { status: 302, headers: { Location: '/admin/auth/sign-in' } })
  return text(401, 'Not signed in / Niet aangemeld')
}
