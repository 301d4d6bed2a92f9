import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import * as v from 'valibot'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { adminMode, parseRuntimeConfig } from '../platform/env.server'
import { adminContentSecurityPolicy, contentSecurityPolicy } from '../http/security-headers'
import { adminConfig } from './admin-config'
import { serveAdmin } from './admin.server'
import { uploadProblem } from './local-save.server'
import { decapConfig, saveProblem } from '../../embedded-cms/index.server'

// Before anything reads the runtime config (read once, lazily, per test file): /admin is on.
vi.stubEnv('CMS_ADMIN', 'local')
afterAll(() => {
  vi.unstubAllEnvs()
})

const config = (env: Record<string, string> = {}) => parseRuntimeConfig({ SITE_URL: 'https://www.example.com', ...env })

describe('the admin mode', () => {
  it('runs the local backend in development or when asked for, never under NODE_ENV=production otherwise', () => {
    expect(adminMode(config(), true, 'development')).toBe('local')
    expect(adminMode(config(), true, 'production')).toBe('off')
    expect(adminMode(config(), false, undefined)).toBe('off')
    expect(adminMode(config({ CMS_ADMIN: 'local' }), false, 'production')).toBe('local')
    // A site reading a remote CMS has no content folder to edit.
    expect(adminMode(config({ CMS_GRAPHQL_URL: 'https://cms.example.com/graphql' }), true, 'development')).toBe('off')
  })

  it('refuses the site mode without its provider, a role for someone and an https SITE_URL', () => {
    expect(() => config({ CMS_ADMIN: 'site' })).toThrow(
      /ADMIN_OIDC_ISSUER: required with CMS_ADMIN=site\n\s+ADMIN_OIDC_CLIENT_ID: required[\s\S]*ADMIN_OIDC_CLIENT_SECRET: required[\s\S]*ADMIN_ROLES:/,
    )
    const site = {
      CMS_ADMIN: 'site',
      ADMIN_OIDC_ISSUER: 'https://login.example.com',
      ADMIN_OIDC_CLIENT_ID: 'site',
      ADMIN_OIDC_CLIENT_SECRET: 's3cret',
    }
    expect(() => config({ ...site, ADMIN_ROLES: 'anna@example.com=publisher', SITE_URL: 'http://www.example.com' })).toThrow(
      /SITE_URL: must be https/,
    )
    expect(() => config({ ...site, ADMIN_EDITOR_GROUPS: 'x', ADMIN_OIDC_ISSUER: 'http://login.example.com' })).toThrow(
      /ADMIN_OIDC_ISSUER: must be an https/,
    )
    expect(() => parseRuntimeConfig({ ...site, ADMIN_EDITOR_GROUPS: 'x' })).toThrow(/SITE_URL: required with CMS_ADMIN=site/)
    expect(() => config({ ...site, ADMIN_ROLES: 'anna' })).toThrow(/ADMIN_ROLES: must look like/)
    expect(adminMode(config({ ...site, ADMIN_EDITOR_GROUPS: 'editors' }), false, 'production')).toBe('site')
    // A provider on this machine (a test's) may speak http.
    expect(config({ ...site, ADMIN_PUBLISHER_GROUPS: 'p', ADMIN_OIDC_ISSUER: 'http://127.0.0.1:9000' }).ADMIN_OIDC_ISSUER).toBe(
      'http://127.0.0.1:9000',
    )
    for (const gone of ['gitlab', 'gitea', 'wordpress']) expect(() => config({ CMS_ADMIN: gone })).toThrow(/CMS_ADMIN/)
  })

  it('saves through the checked API of the site, with or without sign-in', () => {
    const local = adminConfig(config(), decapConfig, 'site-content')
    expect(local).toMatchObject({
      backend: { name: 'proxy', proxy_url: '/admin/api/v1' },
      media_folder: 'site-content/media',
      locale: 'nl',
    })
    // Drafts beside the published entries locally too (ADR 092).
    expect(local).toHaveProperty('publish_mode', 'editorial_workflow')
    // The collections follow the content folder's name (the local backend's repository is the folder around it).
    expect(JSON.stringify(local)).toContain('"folder":"site-content/news"')
    expect(JSON.stringify(local)).not.toContain('"content/')
  })
})

describe('the admin policy', () => {
  it('allows what Decap needs on /admin only, and nothing beyond the site', () => {
    const policy = adminContentSecurityPolicy()
    expect(policy).toContain("script-src 'self' 'unsafe-eval'")
    expect(policy).toContain("connect-src 'self' blob: data:")
    expect(policy).toContain("frame-ancestors 'none'")
    // The pages' policy does not change with the admin.
    expect(contentSecurityPolicy(config({ CMS_ADMIN: 'local' }), [])).toBe(contentSecurityPolicy(config(), []))
    expect(contentSecurityPolicy(config(), [])).not.toContain('unsafe-eval')
  })
})

describe('uploads', () => {
  const folder = {
    root: '/nowhere/content',
    name: 'content',
    entryFolders: new Set<string>(),
    entryFiles: new Set<string>(),
    mediaFolder: 'content/media',
  }
  const base64 = (bytes: number) => Buffer.alloc(bytes).toString('base64')
  it('takes images and PDFs the site serves, up to the limit, into the media folder', () => {
    expect(uploadProblem(folder, 'content/media/car.webp', base64(1000))).toBeUndefined()
    expect(uploadProblem(folder, 'content/media/logo.svg', base64(1000))).toMatch(/^logo\.svg: the site serves only \.avif, .*\.pdf files/)
    expect(uploadProblem(folder, 'content/media/big.jpg', base64(11 * 1024 * 1024))).toBe(
      'big.jpg is 11.0 MB; files up to 10.0 MB can be uploaded (make the image smaller)',
    )
    expect(uploadProblem(folder, 'content/pages/x.jpg', base64(10))).toMatch(/uploads go into the media folder/)
    expect(uploadProblem(folder, 'content/media/../x.jpg', base64(10))).toMatch(/uploads go into the media folder/)
    // public/media/hero-home.webp comes with the site and is served before any upload of that name.
    expect(uploadProblem(folder, 'content/media/hero-home.webp', base64(10))).toBe(
      'hero-home.webp: an image of this name comes with the site; give the upload another name',
    )
  })
})

describe('a save checked before it is written', () => {
  function contentCopy(): string {
    const dir = join(mkdtempSync(join(tmpdir(), 'admin-check-')), 'content')
    cpSync('content', dir, { recursive: true })
    return dir
  }
  const about = readFileSync('content/pages/about.yaml', 'utf8')

  it('accepts valid content and never touches the folder', () => {
    const dir = contentCopy()
    const before = readdirSync(join(dir, 'pages'))
    expect(
      saveProblem(dir, {
        write: [{ path: 'content/pages/about.yaml', data: about.replace('nl: Over ons,', 'nl: Wie wij zijn,') }],
        remove: [],
      }),
    ).toBeUndefined()
    expect(saveProblem(dir, { write: [], remove: ['content/news/jubileum.yaml'] })).toBeUndefined()
    expect(readdirSync(join(dir, 'pages'))).toEqual(before)
    expect(readFileSync(join(dir, 'pages/about.yaml'), 'utf8')).toBe(about)
  })

  it("refuses with the server's message: file, line and field", () => {
    const dir = contentCopy()
    const withoutDutchTitle = about.replace('title: { nl: Over ons, ', 'title: { ')
    expect(saveProblem(dir, { write: [{ path: 'content/pages/about.yaml', data: withoutDutchTitle }], remove: [] })).toMatch(
      /^content\/pages\/about\.yaml:7:\d+: title\.nl: /,
    )
    const sameLinkAsContact = about.replace('urlSegment: { nl: over-ons,', 'urlSegment: { nl: contact,')
    expect(saveProblem(dir, { write: [{ path: 'content/pages/about.yaml', data: sameLinkAsContact }], remove: [] })).toMatch(
      /^content\/pages\/(?:about|contact)\.yaml:[56]:\d+: urlSegment\.nl: the link \/contact is also the link of /,
    )
    // A page others name as their parent cannot go.
    expect(saveProblem(dir, { write: [], remove: ['content/pages/about.yaml'] })).toMatch(/no page with id "about"/)
    expect(saveProblem(dir, { write: [{ path: '../outside.yaml', data: 'x' }], remove: [] })).toBe(
      '../outside.yaml: not a file in the content folder',
    )
  })
})

describe("Decap's files", () => {
  const dist = join(dirname(createRequire(join(process.cwd(), 'package.json')).resolve('decap-cms/package.json')), 'dist')
  // A chunk of the app (the 5 MB app itself is served the same way, but compressing it takes seconds on a busy machine).
  const chunk = readFileSync(join(dist, '977.decap-cms.js'))
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const url = new URL(path, 'http://localhost')
    return serveAdmin(new Request(url, { method, headers }), url, '127.0.0.1')
  }

  it('are sent compressed as the browser accepts, revalidated by a strong ETag, with the admin headers', async () => {
    const br = await get('/admin/977.decap-cms.js', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(br.headers.get('cache-control')).toBe('no-cache')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('x-robots-tag')).toBe('noindex')
    expect(br.headers.get('content-security-policy')).toContain("'unsafe-eval'")
    const compressed = Buffer.from(await br.arrayBuffer())
    expect(compressed.byteLength).toBeLessThan(chunk.byteLength / 2)
    expect(brotliDecompressSync(compressed).equals(chunk)).toBe(true)

    const gzip = await get('/admin/977.decap-cms.js', { 'Accept-Encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(chunk)).toBe(true)
    const plain = await get('/admin/977.decap-cms.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await plain.arrayBuffer()).equals(chunk)).toBe(true)

    const etag = br.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[^"]+-br"$/)
    const again = await get('/admin/977.decap-cms.js', { 'Accept-Encoding': 'br', 'If-None-Match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const head = await get('/admin/977.decap-cms.js', { 'Accept-Encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('/admin/ (the address in Decap’s documentation) sends the editor to /admin', async () => {
    const answer = await get('/admin/')
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('/admin')
    expect(answer.headers.get('x-robots-tag')).toBe('noindex')
  })

  it("/admin/editor.js starts Decap itself (in the editor's language), in every admin mode", async () => {
    const script = await get('/admin/editor.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const text = await script.text()
    expect(text).toContain('CMS_MANUAL_INIT')
    const page = await (await get('/admin')).text()
    expect(page.indexOf('/admin/editor.js')).toBeLessThan(page.indexOf('/admin/decap-cms.js'))
  })

  it("/admin/config.yml has the form's labels in the language editor.js asks for: Dutch unless English", async () => {
    const named = v.looseObject({ name: v.string(), label: v.string() })
    const shape = v.looseObject({
      locale: v.string(),
      collections: v.array(v.looseObject({ ...named.entries, fields: v.optional(v.array(named)) })),
    })
    const labels = async (query: string) => {
      const config = v.parse(shape, parse(await (await get(`/admin/config.yml${query}`)).text()))
      const news = config.collections.find((collection) => collection.name === 'news')
      return [config.locale, news?.label, news?.fields?.find((field) => field.name === 'title')?.label]
    }
    expect(await labels('')).toEqual(['nl', 'Nieuws', 'Titel'])
    expect(await labels('?language=en')).toEqual(['en', 'News', 'Title'])
    expect(await labels('?language=xx')).toEqual(['nl', 'Nieuws', 'Titel'])
    const script = await (await get('/admin/editor.js')).text()
    // The form's widgets are registered before editorScript starts Decap.
    expect(script.search(/["']localized["']/)).toBeGreaterThan(-1)
    expect(script.search(/["']localized["']/)).toBeLessThan(script.indexOf('CMS_MANUAL_INIT'))
    expect(script).toContain('config.yml?language=')
  })

  it("are the package's app, chunks, CSS and WebAssembly only", async () => {
    expect((await get('/admin/cms.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    for (const path of ['/admin/decap-cms.js.map', '/admin/cms.js', '/admin/../package.json', '/admin/99999.decap-cms.js']) {
      expect((await get(path)).status, path).toBe(404)
    }
  })
})

describe('"View Live"', () => {
  const get = (path: string) => {
    const url = new URL(path, 'http://localhost:3000')
    return serveAdmin(new Request(url), url, '127.0.0.1')
  }

  it("sends the editor to the entry's public page, never cached; an unknown entry is a 404 that names it", async () => {
    for (const [path, location] of [
      ['/admin/view/pages-page/about', '/over-ons'],
      ['/admin/view/pages/history', '/over-ons/historie'],
      ['/admin/view/news/jubileum', '/nieuws/zestig-jaar-autogroep-horizon'],
      ['/admin/view/locations/utrecht-dealer', '/vestigingen/utrecht-dealer'],
      ['/admin/view/settings/site', '/'],
    ] as const) {
      const answer = await get(path)
      expect(answer.status, path).toBe(302)
      expect(answer.headers.get('location'), path).toBe(location)
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
    const unknown = await get('/admin/view/news/no-such-item')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('news/no-such-item')
    expect((await get('/admin/view/news/../site')).status).toBe(404)
  })

  it("is each collection's preview_path, on the site the editor is on with the local backend", () => {
    const local = adminConfig(config(), decapConfig, 'content', 'http://localhost:3000')
    expect(local).toMatchObject({ site_url: 'http://localhost:3000', display_url: 'http://localhost:3000' })
    const collections = Array.isArray(local.collections) ? local.collections : []
    expect(collections.find((collection) => collection.name === 'news')).toMatchObject({ preview_path: 'admin/view/news/{{slug}}' })
    expect(collections.find((collection) => collection.name === 'locations')).toMatchObject({
      preview_path: 'admin/view/locations/{{slug}}',
    })
    expect(collections.find((collection) => collection.name === 'settings')?.files?.[0]).toMatchObject({
      preview_path: 'admin/view/settings/site',
    })
  })

  it('shows the preview pane (the page from unsaved values, ADR 099) with the local backend, for entries with a page', () => {
    const paneOf = (mode: 'local' | 'site', name: string) => {
      const generated = adminConfig(config(), decapConfig, 'content', undefined, { pagePreviews: mode === 'local' })
      const collections = Array.isArray(generated.collections) ? generated.collections : []
      const editor = generated.editor
      const global = typeof editor === 'object' && editor !== null && 'preview' in editor ? editor.preview : undefined
      return collections.find((collection) => collection.name === name)?.editor?.preview ?? global
    }
    expect(paneOf('local', 'pages-page')).toBe(true)
    expect(paneOf('local', 'news')).toBe(true)
    expect(paneOf('local', 'settings')).toBe(false)
    expect(paneOf('site', 'pages-page')).toBe(false)
  })
})
