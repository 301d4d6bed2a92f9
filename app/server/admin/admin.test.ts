import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adminMode, parseRuntimeConfig } from '../platform/env.server'
import { adminContentSecurityPolicy, contentSecurityPolicy } from '../http/security-headers'
import { adminConfig } from './admin-config'
import { isLocalEditor, uploadProblem } from './local-api.server'
import { decapConfig, saveProblem } from '../../embedded-cms/index.server'

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

  it('refuses a git host without the repository and the OAuth application', () => {
    expect(() => config({ CMS_ADMIN: 'gitlab' })).toThrow(/CMS_REPO: required with CMS_ADMIN=gitlab\n\s+CMS_APP_ID: required/)
    expect(() => config({ CMS_ADMIN: 'gitea', CMS_REPO: 'team/site', CMS_APP_ID: 'x' })).toThrow(
      /CMS_GIT_URL: required with CMS_ADMIN=gitea/,
    )
    expect(() => config({ CMS_ADMIN: 'wordpress' })).toThrow(/CMS_ADMIN/)
  })

  it('saves on a git host through the editorial workflow with PKCE, locally through the checked API', () => {
    const gitlab = adminConfig(config({ CMS_ADMIN: 'gitlab', CMS_REPO: 'team/site', CMS_APP_ID: 'abc' }), 'gitlab', decapConfig)
    expect(gitlab).toMatchObject({
      publish_mode: 'editorial_workflow',
      backend: { name: 'gitlab', repo: 'team/site', auth_type: 'pkce', app_id: 'abc' },
    })
    const local = adminConfig(config(), 'local', decapConfig, 'site-content')
    expect(local).toMatchObject({
      backend: { name: 'proxy', proxy_url: '/admin/api/v1' },
      media_folder: 'site-content/media',
      locale: 'en',
    })
    expect(local).not.toHaveProperty('publish_mode')
    // The collections follow the content folder's name (the local backend's repository is the folder around it).
    expect(JSON.stringify(local)).toContain('"folder":"site-content/news"')
    expect(JSON.stringify(local)).not.toContain('"content/')
  })
})

describe('the admin policy', () => {
  it('allows what Decap needs on /admin only, and the git host it talks to', () => {
    const gitlab = config({ CMS_ADMIN: 'gitlab', CMS_REPO: 'team/site', CMS_APP_ID: 'abc', CMS_GIT_URL: 'https://git.example.com' })
    const policy = adminContentSecurityPolicy(gitlab)
    expect(policy).toContain("script-src 'self' 'unsafe-eval'")
    expect(policy).toContain("connect-src 'self' blob: data: https://git.example.com")
    expect(policy).toContain("frame-ancestors 'none'")
    // The pages' policy does not change with the admin.
    expect(contentSecurityPolicy(gitlab, [])).toBe(contentSecurityPolicy(config(), []))
    expect(contentSecurityPolicy(gitlab, [])).not.toContain('unsafe-eval')
  })
})

describe('uploads', () => {
  const base64 = (bytes: number) => Buffer.alloc(bytes).toString('base64')
  it('takes images and PDFs the site serves, up to the limit, into the media folder', () => {
    expect(uploadProblem('content/media/car.webp', base64(1000), 'content')).toBeUndefined()
    expect(uploadProblem('content/media/logo.svg', base64(1000), 'content')).toMatch(
      /^logo\.svg: the site serves only \.avif, .*\.pdf files/,
    )
    expect(uploadProblem('content/media/big.jpg', base64(11 * 1024 * 1024), 'content')).toBe(
      'big.jpg is 11.0 MB; files up to 10.0 MB can be uploaded (make the image smaller)',
    )
    expect(uploadProblem('content/pages/x.jpg', base64(10), 'content')).toMatch(/uploads go into the media folder/)
    expect(uploadProblem('content/media/../x.jpg', base64(10), 'content')).toMatch(/uploads go into the media folder/)
  })

  it('are taken from a browser on this machine only, not through a proxy', () => {
    const request = (headers: Record<string, string> = {}) => new Request('http://localhost/admin/api/v1', { method: 'POST', headers })
    expect(isLocalEditor(request(), '127.0.0.1')).toBe(true)
    expect(isLocalEditor(request(), '::1')).toBe(true)
    expect(isLocalEditor(request(), '192.168.1.20')).toBe(false)
    expect(isLocalEditor(request(), undefined)).toBe(false)
    expect(isLocalEditor(request({ 'X-Forwarded-For': '203.0.113.9' }), '127.0.0.1')).toBe(false)
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
