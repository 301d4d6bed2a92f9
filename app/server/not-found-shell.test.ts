import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fillShell, isShellPath, shellTemplate } from './not-found-shell'
import { htmlOfText } from './page-bytes'

const token = 'zz-probe-123'
// Text beyond Latin-1 (an en dash, ë) around the path: the server holds pages as their bytes (page-bytes.ts).
const script = `$_TSR.router={i:"#$locale#$#nl#${token}",title:"Niet gevonden – Zoë",queryKey:["cms","page","nl","/${token}"]}`
const text =
  `<!DOCTYPE html><html><head><title>Niet gevonden – /${token}</title></head><body>` +
  `<a href="/en/${token}">English</a><p>${'Niets hier. '.repeat(200)}</p>` +
  `<script nonce="m">${script}</script><p>/${token}</p></body></html>`
const html = htmlOfText(text)
const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`
const headers: Array<[string, string]> = [
  ['Content-Type', 'text/html; charset=utf-8'],
  ['Content-Security-Policy', `script-src ${hashOf('other()')} ${hashOf(script)}; object-src 'none'`],
]

describe('the 404 shell', () => {
  const template = shellTemplate(html, 404, headers, token, ['other()', script].map(htmlOfText))

  it('fills every place the path stood, with # for / in match ids', () => {
    const filled = fillShell(template, 'foo/bar.html', 'identity')
    const expected = text.replaceAll(`#${token}`, '#foo#bar.html').replaceAll(token, 'foo/bar.html')
    expect(filled.body.toString('utf8')).toBe(expected)
  })

  it('gzips to the same bytes, joined from pieces compressed once', () => {
    for (const splat of ['x', 'a/b/c', 'deep/'.repeat(50) + 'end']) {
      const identity = fillShell(template, splat, 'identity')
      const gzip = fillShell(template, splat, 'gzip')
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
      expect(gzip.headers).toEqual(identity.headers)
    }
    // Compressed, not stored: the pieces around the path are deflated.
    expect(fillShell(template, 'x', 'gzip').body.length).toBeLessThan(fillShell(template, 'x', 'identity').body.length / 5)
  })

  it('names the filled script in the policy instead of the probe', () => {
    const filled = fillShell(template, 'foo/bar', 'gzip')
    const filledScript = script.replace(`#${token}`, '#foo#bar').replace(token, 'foo/bar')
    const policy = new Map(filled.headers).get('Content-Security-Policy') ?? ''
    expect(policy).toContain(hashOf(filledScript))
    expect(policy).toContain(hashOf('other()'))
    expect(policy).not.toContain(hashOf(script))
  })

  it('refuses a page with two scripts that hold the path', () => {
    expect(() => shellTemplate(html, 404, headers, token, [script, `${script};`].map(htmlOfText))).toThrow()
  })

  it('takes only paths that need no escaping anywhere', () => {
    for (const path of ['/foo', '/a1/b-2/c_3.html', '/en/x']) expect(isShellPath(path)).toBe(true)
    for (const path of ['/', '/a/', '/a//b', '/a%20b', '/a<b', "/a'b", '/a"b', '/~news', '/é', '/a&b', `/${'x'.repeat(600)}`])
      expect(isShellPath(path)).toBe(false)
  })
})
