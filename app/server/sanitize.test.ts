import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize'

describe('sanitizeHtml', () => {
  it('keeps the allowed markup', () => {
    const html = '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em> and a <a href="https://example.com" title="t">link</a>.</p><ul><li>one</li></ul>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('keeps mailto, tel and relative links', () => {
    expect(sanitizeHtml('<a href="mailto:a@b.c">m</a><a href="tel:+31">t</a><a href="/over-ons">r</a>')).toBe(
      '<a href="mailto:a@b.c">m</a><a href="tel:+31">t</a><a href="/over-ons">r</a>',
    )
  })

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<svg onload=alert(1)><circle/></svg>', ''],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="q"></form>', ''],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">', ''],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<p class="x" id="y">x</p>', '<p>x</p>'],
  ])('strips %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#x0A;ascript:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/x',
  ])('removes a dangerous href: %s', (href) => {
    const result = sanitizeHtml(`<a href="${href}">x</a>`)
    expect(result).toBe('<a>x</a>')
  })

  it('adds rel="noopener noreferrer" to links that open a new window and drops other targets', () => {
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeHtml('<a href="https://x.example" target="_top">x</a>')).toBe('<a href="https://x.example">x</a>')
  })

  it('keeps slug ids on headings only', () => {
    expect(sanitizeHtml('<h2 id="cookies-we-use">C</h2><h3 id="x y">D</h3><p id="p">E</p>')).toBe('<h2 id="cookies-we-use">C</h2><h3>D</h3><p>E</p>')
  })

  it('closes unclosed and drops nested dangerous tags', () => {
    expect(sanitizeHtml('<p><b>bold<script>x</script>')).toBe('<p><b>bold</b></p>')
  })
})
