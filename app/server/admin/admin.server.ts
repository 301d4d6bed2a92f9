import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { stringify } from 'yaml'
import { adminMode, getRuntimeConfig, type AdminMode, type RuntimeConfig } from '../platform/env.server'
import { adminContentSecurityPolicy } from '../http/security-headers'
import { adminConfig } from './admin-config'
import { answerLocalApi } from './local-api.server'

/**
 * /admin: the editors' admin, Decap CMS served from the installed package (no CDN), its
 * configuration generated from the content schema, and with CMS_ADMIN=local the checked API of
 * the local backend. Every answer is noindex and carries the admin's own CSP (ADR 035).
 */

/** The admin's mode in this process: development counts (import.meta.env.DEV), NODE_ENV=production overrides it. */
export function currentAdminMode(config: RuntimeConfig = getRuntimeConfig()): AdminMode {
  return adminMode(config, import.meta.env.DEV, process.env.NODE_ENV)
}

const indexHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content admin</title>
<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml">
</head>
<body>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`

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
  return { 'Content-Security-Policy': adminContentSecurityPolicy(config), 'X-Robots-Tag': 'noindex', 'Cache-Control': cacheControl }
}

function withAdminHeaders(response: Response, config: RuntimeConfig): Response {
  const copy = new Response(response.body, response)
  for (const [name, value] of Object.entries(adminHeaders(config))) copy.headers.set(name, value)
  return copy
}

function notFound(config: RuntimeConfig): Response {
  return new Response('Not found / Niet gevonden\n', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...adminHeaders(config) },
  })
}

/** Answers a request under /admin. */
export async function serveAdmin(request: Request, url: URL, socketAddress: string | undefined): Promise<Response> {
  const config = getRuntimeConfig()
  const mode = currentAdminMode(config)
  if (mode === 'off') return notFound(config)
  const { pathname } = url
  if (pathname === '/admin/api/v1') {
    if (mode !== 'local') return notFound(config)
    const contentDir = resolve(process.cwd(), config.CONTENT_DIR)
    return withAdminHeaders(await answerLocalApi(request, url, { port: config.CMS_ADMIN_PORT, contentDir, socketAddress }), config)
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD', ...adminHeaders(config) } })
  }
  const body = (text: string | Buffer, type: string, cacheControl?: string) =>
    new Response(request.method === 'HEAD' ? null : new Uint8Array(text instanceof Buffer ? text : Buffer.from(text)), {
      headers: { 'Content-Type': type, ...adminHeaders(config, cacheControl) },
    })
  if (pathname === '/admin') return body(indexHtml, 'text/html; charset=utf-8')
  // Decap reads "config.yml" next to the page; /admin/ would be the same page under another URL.
  if (pathname === '/admin/config.yml') {
    // Locally the repository is the folder around CONTENT_DIR, whatever its name; on a git host it is the project's, with content/.
    const folder = mode === 'local' ? basename(resolve(process.cwd(), config.CONTENT_DIR)) : 'content'
    // The content model lives in the embedded CMS (decap-config.ts), loaded when asked for, like the CMS itself.
    const { decapConfig } = await import('../../embedded-cms/index.server')
    return body(stringify(adminConfig(config, mode, decapConfig, folder)), 'text/yaml; charset=utf-8')
  }
  const file = packageFile.exec(pathname)?.[1]
  if (!file) return notFound(config)
  const path = join(decapDist(), file)
  let stat
  try {
    stat = statSync(path)
  } catch {
    return notFound(config)
  }
  // Names without a hash, so revalidated each time; an unchanged file is a 304.
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`
  const cacheControl = 'no-cache'
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, ...adminHeaders(config, cacheControl) } })
  }
  const response = body(readFileSync(path), fileTypes[file.split('.').pop() ?? ''] ?? 'application/octet-stream', cacheControl)
  response.headers.set('ETag', etag)
  return response
}
