import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { stringify } from 'yaml'
import { adminMode, getRuntimeConfig, type AdminMode, type RuntimeConfig } from '../platform/env.server'
import { compressedResponse } from '../http/compressed-response.server'
import { renderedPage, type CachedPage } from '../http/representation'
import { adminContentSecurityPolicy } from '../http/security-headers'
import { defaultLocale, languages } from '../../../app.config'
import { adminConfig } from './admin-config'
import { accountWords, editorWords, problemsWords, roleNames, translationStatusWords } from './admin-words'
import { issueSessionToken } from './admin-session.server'
import type { ContentFolder } from './content-folder.server'
import type { Session } from './auth/sessions.server'
import type { EditorIdentity } from './local-api.server'
import { editorScript } from './editor-script'
import { languageScript } from './language-script'
import { formScript } from './form-script'
import { dateScript, type ScheduledDate } from './date-script'
import { decapGlobals } from './decap-globals'
import { previewPane } from './preview-pane'
import { adminLanguage, answerCall, answerLocalApi } from './local-api.server'
import { answerPreview, enterPreview, previewSettings, previewValues } from './live-preview.server'
import { problemsScript } from './problems-script'
import { accountScript } from './account-script'
import type { Role } from './auth/roles'
import { sessionScript } from './session-script'
import { linksScript, type LinkPickerWords } from './links-script'
import { translationStatusScript } from './translation-status-script'
import { historyScript } from './history-script'

/**
 * /admin: the editors' admin, Decap CMS served from the installed package (no CDN), its
 * configuration generated from the content schema, and the checked API that saves into the
 * content folder: with CMS_ADMIN=local for a browser on this machine, with CMS_ADMIN=site for
 * signed-in editors (auth/site-admin.server.ts). Every answer is noindex and carries the admin's own CSP (ADR 035).
 */

/** The admin's mode in this process: development counts (import.meta.env.DEV), NODE_ENV=production overrides it. */
export function currentAdminMode(config: RuntimeConfig = getRuntimeConfig()): AdminMode {
  return adminMode(config, import.meta.env.DEV, process.env.NODE_ENV)
}

/**
 * /admin's page: editor.js (the admin's language (language-script.ts), pasting, rich-text modes; it starts Decap),
 * its session token and the script that sends it (session-script.ts) after the one that shows
 * the server's refusals on the form (problems-script.ts), an entry's translation status
 * (translation-status-script.ts), its history (history-script.ts), the link picker, page tree and search (links-script.ts), signed in the editor's name and the sign-out button
 * (account-script.ts), then Decap.
 */
const indexHtml = (token: string | undefined, account?: string) => `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content admin</title>
<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">
${token === undefined ? '' : `<meta name="admin-session" content="${token}">\n`}${account === undefined ? '' : `<meta name="admin-account" content="${account}">\n`}</head>
<body>
<script src="/admin/editor.js"></script>
${token === undefined ? '' : '<script src="/admin/problems.js"></script>\n<script src="/admin/session.js"></script>\n<script src="/admin/translation-status.js"></script>\n<script src="/admin/history.js"></script>\n<script src="/admin/links.js"></script>\n'}${account === undefined ? '' : '<script src="/admin/account.js"></script>\n'}<script src="/admin/decap-cms.js"></script>
</body>
</html>
`

/** The signed-in editor as /admin's page names them (HTML-escaped: the name comes from the provider). */
function accountMeta(session: Session): string {
  const escape = (value: string) =>
    value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char)
  return escape(JSON.stringify({ name: session.name, role: session.role, csrf: session.csrf }))
}

/** Decap's files: the app, its numbered chunks, its CSS and WebAssembly (no source maps). */
const packageFile = /^\/admin\/((?:\d+\.)?decap-cms\.js|cms\.css|[0-9a-f]{20}\.wasm)$/
const fileTypes: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  wasm: 'application/wasm',
}

let distDir: string | undefined
/** decap-cms's dist folder, resolved from the working directory (as the content folder is). */
function decapDist(): string {
  distDir ??= join(dirname(createRequire(join(process.cwd(), 'package.json')).resolve('decap-cms/package.json')), 'dist')
  return distDir
}

function adminHeaders(config: RuntimeConfig, cacheControl = 'no-store'): Record<string, string> {
  return { 'Content-Security-Policy': adminContentSecurityPolicy(), 'X-Robots-Tag': 'noindex', 'Cache-Control': cacheControl }
}

/**
 * Decap's files as sent: read once and compressed once per coding, when first asked for (the
 * app is 5 MB of script, about 1 MB in brotli). The set is bounded: the file names are the package's.
 */
const packageFiles = new Map<string, Promise<CachedPage | undefined>>()

function packageFileBody(file: string): Promise<CachedPage | undefined> {
  let page = packageFiles.get(file)
  if (!page) {
    page = readFile(join(decapDist(), file)).then(
      (bytes) => renderedPage(bytes, 200, [], []),
      // Not in the package (a 404); a failed read is not kept, the next request tries again.
      () => void packageFiles.delete(file),
    )
    packageFiles.set(file, page)
  }
  return page
}

function withAdminHeaders(response: Response, config: RuntimeConfig): Response {
  const copy = new Response(response.body, response)
  for (const [name, value] of Object.entries(adminHeaders(config))) copy.headers.set(name, value)
  return copy
}

function notFound(config: RuntimeConfig, text = 'Not found / Niet gevonden'): Response {
  return new Response(`${text}\n`, {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...adminHeaders(config) },
  })
}

/** /admin/view/<collection>/<entry>: "View Live" in the admin (its preview_path, admin-config.ts). */
const viewPath = /^\/admin\/view\/([a-z-]+)\/([\w-]{1,200})$/

/**
 * /admin/draft/admin/view/<collection>/<entry>: "View Preview" of a draft with CMS_ADMIN=site
 * (ADR 108): the API's getDeployPreview names /admin/draft as the base Decap puts the
 * collection's preview_path after.
 */
const draftPath = /^\/admin\/draft\/admin\/view\/([a-z-]+)\/([\w-]{1,200})$/

/**
 * Sends the editor to an entry's public page, which only the site can compute (a page's address
 * is its parents' segments, a news item's its slug), in preview mode when `preview` (a draft's).
 * Never cached: the address changes with the content.
 */
async function viewEntry(request: Request, config: RuntimeConfig, collection: string, slug: string, preview = false): Promise<Response> {
  const { entryPublicPath } = await import('../../embedded-cms/index.server')
  const path = entryPublicPath(collection, slug)
  if (path === undefined)
    return notFound(config, `No public page for ${collection}/${slug} / Geen openbare pagina voor ${collection}/${slug}`)
  if (preview) return withAdminHeaders(await enterPreview(request, path), config)
  return new Response(null, { status: 302, headers: { Location: path, ...adminHeaders(config) } })
}

let folderOf: { config: RuntimeConfig; folder: ContentFolder } | undefined

/** The content folder as the local backend edits it: where the generated collections keep their files. */
async function contentFolder(config: RuntimeConfig): Promise<ContentFolder> {
  if (folderOf?.config === config) return folderOf.folder
  const root = resolve(process.cwd(), config.CONTENT_DIR)
  const name = basename(root)
  const { decapConfig } = await import('../../embedded-cms/index.server')
  const generated = adminConfig(config, decapConfig, name)
  const collections = Array.isArray(generated.collections) ? generated.collections : []
  const entryFolders = new Set<string>()
  const entryFiles = new Set<string>()
  const byName = new Map<string, string | Map<string, string>>()
  for (const collection of collections) {
    const files = new Map<string, string>()
    if (typeof collection.folder === 'string') entryFolders.add(collection.folder)
    for (const file of Array.isArray(collection.files) ? collection.files : []) {
      if (typeof file.file === 'string') entryFiles.add(file.file)
      if (typeof file.file === 'string' && typeof file.name === 'string') files.set(file.name, file.file)
    }
    if (typeof collection.name === 'string') byName.set(collection.name, typeof collection.folder === 'string' ? collection.folder : files)
  }
  const folder: ContentFolder = { root, name, entryFolders, entryFiles, mediaFolder: `${name}/media`, collections: byName }
  folderOf = { config, folder }
  return folder
}

/** Removes the scratch copies a save check left when its process ended (at start-up, under the save lock). */
export async function tidyAdminFolder(config: RuntimeConfig): Promise<void> {
  const folder = await contentFolder(config)
  const { removeScratchCopies } = await import('../../embedded-cms/index.server')
  const { underSaveLock } = await import('./local-save.server')
  await underSaveLock(folder, () => {
    removeScratchCopies(folder.root)
    return { status: 200, body: null }
  })
}

/** Answers a request under /admin. */
export async function serveAdmin(request: Request, url: URL, socketAddress: string | undefined): Promise<Response> {
  const config = getRuntimeConfig()
  const mode = currentAdminMode(config)
  if (mode === 'off') return notFound(config)
  const { pathname } = url
  // The address Decap's own documentation gives editors; the site's addresses have no trailing slash.
  if (pathname === '/admin/') return new Response(null, { status: 301, headers: { Location: '/admin', ...adminHeaders(config) } })
  const dataDir = resolve(process.cwd(), config.DATA_DIR)
  // The site mode answers sign-in, sign-out and the API itself, and names the signed-in editor.
  let session: Session | undefined
  if (mode === 'site') {
    const { siteAdmin } = await import('./auth/site-admin.server')
    const language = adminLanguage(request)
    const answerApi = async (body: unknown, editor: EditorIdentity, role: Role) =>
      answerCall(body, { folder: await contentFolder(config), dataDir, socketAddress, editor, role, language })
    const answerPreviewOf = async (signedIn: Session) =>
      previewValues(request, { folder: await contentFolder(config), dataDir, socketAddress }, signedIn.csrf)
    const gate = await siteAdmin(request, url, answerApi, answerPreviewOf, config)
    if (gate instanceof Response) return withAdminHeaders(gate, config)
    session = gate
  } else if (pathname === '/admin/api/v1') {
    const folder = await contentFolder(config)
    return withAdminHeaders(await answerLocalApi(request, url, { folder, dataDir, socketAddress }), config)
  }
  if (pathname === '/admin/preview' && mode === 'local') {
    const folder = await contentFolder(config)
    const dataDir = resolve(process.cwd(), config.DATA_DIR)
    return withAdminHeaders(await answerPreview(request, url, { folder, dataDir, socketAddress }), config)
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', ...adminHeaders(config) } })
  }
  const body = (text: string, type: string) =>
    new Response(request.method === 'HEAD' ? null : text, { headers: { 'Content-Type': type, ...adminHeaders(config) } })
  if (pathname === '/admin') {
    if (session) return body(indexHtml(session.csrf, accountMeta(session)), 'text/html; charset=utf-8')
    return body(indexHtml(issueSessionToken(dataDir)), 'text/html; charset=utf-8')
  }
  if (pathname === '/admin/editor.js') {
    const preview = JSON.stringify(await previewSettings())
    // The admin's language first (every later script reads it), each language by its own name;
    // then the form's own widgets: they are registered before editorScript starts Decap.
    // The site's languages the admin's words are written in (ADR 110).
    const spoken = languages.filter(({ code }) => Object.hasOwn(editorWords, code))
    const choices = JSON.stringify(spoken.map(({ code, name }) => ({ code, name })))
    const words = JSON.stringify(editorWords)
    const chooserLabel = JSON.stringify(Object.fromEntries(Object.entries(editorWords).map(([code, texts]) => [code, texts.chooser])))
    const { publicationDate, publicationTimeZone, decapPhraseGaps } = await import('../../embedded-cms/index.server')
    const scheduled: ScheduledDate = { ...publicationDate, zone: publicationTimeZone }
    const globals = decapGlobals.toString()
    return body(
      `(${languageScript.toString()})(${choices}, ${JSON.stringify(defaultLocale)}, ${chooserLabel});\n` +
        `(${formScript.toString()})(${words}, ${globals});\n(${dateScript.toString()})(${words}, ${JSON.stringify(scheduled)}, ${globals});\n` +
        `(${editorScript.toString()})(${preview}, ${previewPane.toString()}, ${words}, ${globals}, ${JSON.stringify(decapPhraseGaps)})\n`,
      'text/javascript; charset=utf-8',
    )
  }
  const view = viewPath.exec(pathname)
  if (view?.[1] !== undefined && view[2] !== undefined) return viewEntry(request, config, view[1], view[2])
  const draft = mode === 'site' ? draftPath.exec(pathname) : null
  if (draft?.[1] !== undefined && draft[2] !== undefined) return viewEntry(request, config, draft[1], draft[2], true)
  if (pathname === '/admin/problems.js')
    return body(`(${problemsScript.toString()})(${JSON.stringify(problemsWords)})\n`, 'text/javascript; charset=utf-8')
  if (pathname === '/admin/session.js') return body(`(${sessionScript.toString()})()\n`, 'text/javascript; charset=utf-8')
  if (pathname === '/admin/links.js') {
    const { linkPickerWords } = await import('../../embedded-cms/index.server')
    // Checked here: every word the script says, in the one source.
    const words: LinkPickerWords = linkPickerWords
    return body(`(${linksScript.toString()})(${JSON.stringify(words)})\n`, 'text/javascript; charset=utf-8')
  }
  if (pathname === '/admin/translation-status.js')
    return body(`(${translationStatusScript.toString()})(${JSON.stringify(translationStatusWords)})\n`, 'text/javascript; charset=utf-8')
  if (pathname === '/admin/history.js') {
    const { historyWords } = await import('../../embedded-cms/index.server')
    return body(`(${historyScript.toString()})(${JSON.stringify(historyWords)})\n`, 'text/javascript; charset=utf-8')
  }
  if (pathname === '/admin/account.js' && mode === 'site')
    return body(
      `(${accountScript.toString()})(${JSON.stringify(accountWords)}, ${JSON.stringify(roleNames)})\n`,
      'text/javascript; charset=utf-8',
    )
  // Decap reads "config.yml" next to the page; /admin/ would be the same page under another URL.
  if (pathname === '/admin/config.yml') {
    // The repository Decap sees is the folder around CONTENT_DIR, whatever its name.
    const folder = basename(resolve(process.cwd(), config.CONTENT_DIR))
    // The content model lives in the embedded CMS (decap-config.ts), loaded when asked for, like the CMS itself.
    const { decapConfig, defaultAdminLanguage, isAdminLanguage } = await import('../../embedded-cms/index.server')
    // Locally "View Live" opens this site, where the save is live, whatever SITE_URL names.
    const siteUrl = mode === 'local' ? url.origin : config.SITE_URL
    // The labels in the admin's language, which editor.js asks for (Dutch unless it is another the admin speaks).
    const asked = url.searchParams.get('language')
    const language = isAdminLanguage(asked) ? asked : defaultAdminLanguage
    return body(stringify(adminConfig(config, decapConfig, folder, siteUrl, { language, pagePreviews: true })), 'text/yaml; charset=utf-8')
  }
  const file = packageFile.exec(pathname)?.[1]
  if (!file) return notFound(config)
  const page = await packageFileBody(file)
  if (!page) return notFound(config)
  // Names without a hash, so revalidated each time: an unchanged file is a 304 with no body.
  const type = fileTypes[file.split('.').pop() ?? ''] ?? 'application/octet-stream'
  return compressedResponse(request, page, { 'Content-Type': type, ...adminHeaders(config, 'no-cache') })
}
