import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { fillShell, shellPathOf, shellTemplate, type ShellPath } from './not-found-shell'
import { htmlOfText } from '../http/page-bytes'

// The probe ends in a letter the router writes encoded in links and match ids, decoded in its state.
const token: ShellPath = { encoded: 'zz-probe-123-%C3%A9', decoded: 'zz-probe-123-é' }
// Text beyond Latin-1 (an en dash, ë) around the path: the server holds pages as their bytes (page-bytes.ts).
const script = `$_TSR.router={i:"#$locale#$#nl#${token.encoded}",title:"Niet gevonden – Zoë",queryKey:["cms","page","nl","/${token.decoded}"]}`
const text =
  `<!DOCTYPE html><html><head><title>Niet gevonden – /${token.encoded}</title></head><body>` +
  `<a href="/en/${token.encoded}">English</a><p>${'Niets hier. '.repeat(200)}</p>` +
  `<script nonce="m">${script}</script><p>/${token.encoded}</p></body></html>`
const html = htmlOfText(text)
/** A splat whose forms are the same (plain ASCII). */
const plain = (splat: string): ShellPath => ({ encoded: splat, decoded: splat })
/** The text with the probe's forms replaced by the splat's, as the router would have written them. */
const filledText = (source: string, splat: ShellPath) =>
  source
    .replaceAll(`#${token.encoded}`, `#${splat.encoded.replaceAll('/', '#')}`)
    .replaceAll(token.encoded, splat.encoded)
    .replaceAll(token.decoded, splat.decoded)
const hashOf = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`
const headers: Array<[string, string]> = [
  ['Content-Type', 'text/html; charset=utf-8'],
  ['Content-Security-Policy', `script-src ${hashOf('other()')} ${hashOf(script)}; object-src 'none'`],
]

describe('the 404 shell', () => {
  const template = shellTemplate(html, 404, headers, token, ['other()', script].map(htmlOfText))

  it('fills every place the path stood: encoded, with # for / in match ids, and decoded in the state', () => {
    for (const splat of [plain('foo/bar.html'), { encoded: 'caf%C3%A9/a~b%3Ac', decoded: 'café/a~b:c' }]) {
      const filled = fillShell(template, splat, 'identity')
      expect(filled.body.toString('utf8')).toBe(filledText(text, splat))
    }
  })

  it('gzips to the same bytes, joined from pieces compressed once', () => {
    for (const splat of [plain('x'), plain('a/b/c'), plain('deep/'.repeat(50) + 'end'), { encoded: 'z%C3%BC', decoded: 'zü' }]) {
      const identity = fillShell(template, splat, 'identity')
      const gzip = fillShell(template, splat, 'gzip')
      expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true)
      expect(gzip.headers).toEqual(identity.headers)
    }
    // Compressed, not stored: the pieces around the path are deflated.
    expect(fillShell(template, plain('x'), 'gzip').body.length).toBeLessThan(fillShell(template, plain('x'), 'identity').body.length / 5)
  })

  it('names the filled script in the policy instead of the probe', () => {
    const splat = { encoded: 'foo/b%C3%A4r', decoded: 'foo/bär' }
    const filled = fillShell(template, splat, 'gzip')
    const policy = new Map(filled.headers).get('Content-Security-Policy') ?? ''
    expect(policy).toContain(hashOf(filledText(script, splat)))
    expect(policy).toContain(hashOf('other()'))
    expect(policy).not.toContain(hashOf(script))
  })

  it('refuses a page with two scripts that hold the path', () => {
    expect(() => shellTemplate(html, 404, headers, token, [script, `${script};`].map(htmlOfText))).toThrow()
  })

  it('takes paths whose characters need no escaping, spelled as the router spells them', () => {
    expect(shellPathOf('/foo')).toEqual({ encoded: '/foo', decoded: '/foo' })
    expect(shellPathOf('/a1/b-2/c_3.html')).toEqual({ encoded: '/a1/b-2/c_3.html', decoded: '/a1/b-2/c_3.html' })
    expect(shellPathOf('/nope~x!y*(z)')).toEqual({ encoded: '/nope~x!y*(z)', decoded: '/nope~x!y*(z)' })
    expect(shellPathOf('/caf%C3%A9/s%c3%bcd')).toEqual({ encoded: '/caf%C3%A9/s%C3%BCd', decoded: '/café/süd' })
    expect(shellPathOf('/a%3Ab%40c%2Cd%3Be%3Df%2Bg%26h')).toEqual({
      encoded: '/a%3Ab%40c%2Cd%3Be%3Df%2Bg%26h',
      decoded: '/a:b@c,d;e=f+g&h',
    })
    for (const path of [
      '/',
      '/a/',
      '/a//b',
      '/a%20b',
      '/a<b',
      "/a'b",
      '/a%22b',
      '/a%5Cb',
      '/a%2Fb',
      '/a%25b',
      '/a%E2%80%A8b',
      '/a%E0',
      // Another spelling of what the router writes plainly.
      '/a%7Eb',
      '/%61',
      '/a:b',
      `/${'x'.repeat(600)}`,
    ])
      expect(shellPathOf(path), path).toBeNull()
  })
})
