// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize'

describe('sanitizeHtml', () => {
  it('keeps the allowed markup', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em> and a <a href="https://example.com" title="t">link</a>.</p><ul><li>one</li></ul>'
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
    expect(sanitizeHtml('<h2 id="cookies-we-use">C</h2><h3 id="x y">D</h3><p id="p">E</p>')).toBe(
      '<h2 id="cookies-we-use">C</h2><h3>D</h3><p>E</p>',
    )
  })

  it('keeps tables, quotes, rules, lists and inline formatting', () => {
    const input =
      '<table><thead><tr><th scope="col">Model</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
      '<blockquote>Citaat</blockquote><hr><ol><li>een</li></ol><h3>Kop</h3><h4>Sub</h4><p>a<br>b <b>b</b> <i>i</i> <u>u</u> <s>s</s></p>'
    expect(sanitizeHtml(input)).toBe(
      '<table><thead><tr><th scope="col">Model</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>' +
        '<blockquote>Citaat</blockquote><hr /><ol><li>een</li></ol><h3>Kop</h3><h4>Sub</h4><p>a<br />b <b>b</b> <i>i</i> <u>u</u> <s>s</s></p>',
    )
  })

  it('drops elements outside the allow-list but keeps their text (span, div, h1)', () => {
    expect(sanitizeHtml('<h1>Groot</h1><div><span style="color:red">tekst</span></div>')).toBe('Groottekst')
  })

  it.each([
    ['java\tscript: (raw tab)', 'java\tscript:alert(1)'],
    ['java\nscript: (raw newline)', 'java\nscript:alert(1)'],
    ['control character prefix', '\u0001javascript:alert(1)'],
    ['upper case with leading spaces', '  JAVASCRIPT:alert(1)'],
    ['named entity colon', 'javascript&colon;alert(1)'],
    ['fully hex-encoded', '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)'],
    ['zero-padded decimal entity', '&#0000106avascript:alert(1)'],
    ['data: with markup', 'data:text/html,<script>alert(1)</script>'],
    ['upper-case DATA:', 'DATA:text/html,x'],
    ['mixed-case VBScript:', 'VBScript:msgbox(1)'],
    ['other schemes (ftp:)', 'ftp://files.example/x'],
  ])('removes an obfuscated dangerous href: %s', (_name, href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>')
  })

  it('drops event handlers, styles and classes on allowed tags', () => {
    expect(sanitizeHtml('<a href="https://x.example" onmouseover="alert(1)" style="color:red" class="c">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    )
  })

  it('keeps in-page and query links', () => {
    expect(sanitizeHtml('<a href="#top">t</a><a href="?q=1#f">q</a>')).toBe('<a href="#top">t</a><a href="?q=1#f">q</a>')
  })

  it('replaces an author-supplied rel on target=_blank links', () => {
    expect(sanitizeHtml('<a href="/x.pdf" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="/x.pdf" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  // Whatever the string looks like, what a browser parses from it must be inert.
  const allowedTags = new Set([
    'P',
    'BR',
    'STRONG',
    'EM',
    'B',
    'I',
    'U',
    'S',
    'A',
    'UL',
    'OL',
    'LI',
    'H2',
    'H3',
    'H4',
    'BLOCKQUOTE',
    'HR',
    'TABLE',
    'THEAD',
    'TBODY',
    'TR',
    'TH',
    'TD',
  ])
  const allowedAttributes = new Set(['href', 'title', 'target', 'rel', 'scope', 'id'])
  it.each([
    '<scr<script>ipt>alert(1)</script>',
    '<<script>script>alert(1)<</script>/script>',
    '<svg><script>alert(1)</script></svg>',
    '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<object data="x.swf"></object><embed src="x.swf"><base href="https://evil.example/">',
    '<a href="https://ok.example"><img src=x onerror=alert(1)>ok</a>',
    '<p><a href="/x" onclick="alert(1)">x<p>y<script>z',
    '<!--<img src=x onerror=alert(1)>--><p>c</p>',
    '<![CDATA[<img src=x onerror=alert(1)>]]>',
    '<details open ontoggle=alert(1)><summary>x</summary></details>',
    '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)>',
    '<link rel="import" href="https://evil.example"><template><img src=x onerror=alert(1)></template>',
  ])('parses to inert DOM: %s', (input) => {
    const template = document.createElement('template')
    template.innerHTML = sanitizeHtml(input)
    for (const element of template.content.querySelectorAll('*')) {
      expect(allowedTags.has(element.tagName)).toBe(true)
      for (const attribute of element.attributes) expect(allowedAttributes.has(attribute.name)).toBe(true)
      const href = element.getAttribute('href')
      if (href !== null) expect(href).toMatch(/^(https?:|mailto:|tel:|\/(?!\/)|#|\?)/)
    }
  })

  it('closes unclosed and drops nested dangerous tags', () => {
    expect(sanitizeHtml('<p><b>bold<script>x</script>')).toBe('<p><b>bold</b></p>')
  })
})
