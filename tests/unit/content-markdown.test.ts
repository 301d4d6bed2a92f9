/**
 * Rich text moved from HTML to Markdown (scripts/content-markdown.ts) must look the same on
 * the site: for every rich-text field of the demo content as it was in HTML
 * (fixtures/rich-text-html.json), the Markdown it was migrated to renders, through the
 * embedded CMS's renderer and the site's sanitizer, to the same HTML (whitespace between
 * blocks aside; lists, links and emphasis exact). HTML that was not migrated is read the same.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { richTextHtml } from '../../app/embedded-cms/content/markdown'
import { newsFileSchema, pageFileSchemaFor } from '../../app/embedded-cms/content/schema'
import { sanitizeHtml } from '../../app/server/cms-client/sanitize'
import { markdownOf, migrateFile, richTextPaths } from '../../scripts/lib/content-markdown'
import { contentFiles } from '../../scripts/lib/content-schemas'

const before: Record<string, string> = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/rich-text-html.json'), 'utf8'))

/** HTML as a visitor's browser lays it out: whitespace between tags and runs of it do not count. */
function normalised(html: string): string {
  return html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim()
}

/** What the site shows of a stored rich text. */
const shown = (stored: string) => normalised(sanitizeHtml(richTextHtml(stored)))

function valueAt(data: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined), data)
}

describe('rich text as Markdown', () => {
  it('the fixture holds the HTML of every migrated field', () => {
    expect(Object.keys(before).length).toBeGreaterThan(150)
    expect(Object.values(before).filter((html) => html.includes('<ul>')).length).toBeGreaterThan(0)
    expect(Object.values(before).filter((html) => html.includes('<a href=')).length).toBeGreaterThan(0)
    expect(Object.values(before).filter((html) => html.includes('<strong>')).length).toBeGreaterThan(0)
  })

  it.each(Object.entries(before))('%s renders as it did', (_field, html) => {
    const markdown = markdownOf(html)
    expect(markdown).not.toMatch(/<(p|ul|li|strong|em|a|br)\b/)
    expect(shown(markdown)).toBe(normalised(sanitizeHtml(html)))
    // Content that still holds HTML is read as before.
    expect(shown(html)).toBe(normalised(sanitizeHtml(html)))
  })

  it('lists, links, emphasis and line breaks come out exactly', () => {
    const html =
      '<p>Een <strong>vet</strong> en <em>schuin</em> woord, <a href="https://example.com/a?b=1">een link</a>.</p><ul><li>een</li><li>twee</li></ul><ol><li>eerst</li><li>dan</li></ol><p>regel<br>regel</p>'
    const markdown = markdownOf(html)
    expect(markdown).toBe(
      'Een **vet** en _schuin_ woord, [een link](https://example.com/a?b=1).\n\n- een\n- twee\n\n1. eerst\n2. dan\n\nregel\\\nregel',
    )
    expect(shown(markdown)).toBe(normalised(sanitizeHtml(html)))
  })

  it('every rich-text field of the content is Markdown (npm run content:markdown has run)', () => {
    const stillHtml = contentFiles('content').flatMap(({ file, schema }) => {
      const data: unknown = parse(readFileSync(join('content', file), 'utf8'))
      return richTextPaths(schema, data)
        .filter((path) => {
          const value = valueAt(data, path)
          return typeof value === 'string' && markdownOf(value) !== value
        })
        .map((path) => `content/${file}: ${path.join('.')}`)
    })
    expect(stillHtml).toEqual([])
  })
})

describe('the migration script', () => {
  const page = `# A comment stays.
id: demo
type: Page
urlSegment: { nl: demo, en: demo }
title: { nl: Demo, en: Demo }
content:
  nl: "<p>Een <strong>alinea</strong>.</p><p>Nog een.</p>"
  en: Plain text
elements:
  - type: TwoColumnContent
    id: two
    left: { nl: "<p>Links</p>", en: "<ul><li>a</li></ul>" }
    right:
      nl: "<p>Rechts</p>"
      en: |-
        Already **Markdown**.

        - a list
`

  it('rewrites only the rich-text values, keeping comments, flow maps and quoting elsewhere', () => {
    const { text, fields } = migrateFile(page, pageFileSchemaFor(['nl', 'en']))
    expect(fields.map((field) => field.path.join('.'))).toEqual([
      'content.nl',
      'elements.0.left.nl',
      'elements.0.left.en',
      'elements.0.right.nl',
    ])
    expect(text).toBe(`# A comment stays.
id: demo
type: Page
urlSegment: { nl: demo, en: demo }
title: { nl: Demo, en: Demo }
content:
  nl: |-
    Een **alinea**.

    Nog een.
  en: Plain text
elements:
  - type: TwoColumnContent
    id: two
    left: { nl: "Links", en: "- a" }
    right:
      nl: "Rechts"
      en: |-
        Already **Markdown**.

        - a list
`)
    // The parsed content differs only in the migrated fields.
    const old: unknown = parse(page)
    const migrated: unknown = parse(text)
    for (const field of fields) expect(valueAt(old, field.path)).toBe(field.before)
    for (const field of fields) expect(valueAt(migrated, field.path)).toBe(field.after)
    expect(valueAt(migrated, ['title'])).toEqual(valueAt(old, ['title']))
  })

  it('is idempotent: a second run changes nothing', () => {
    const once = migrateFile(page, pageFileSchemaFor(['nl', 'en'])).text
    expect(migrateFile(once, pageFileSchemaFor(['nl', 'en']))).toEqual({ text: once, fields: [] })
  })

  it('migrates news bodies and leaves plain-text fields (a summary) alone', () => {
    const news =
      'id: n\ndate: 2026-01-01\nslug: { nl: n }\ntitle: { nl: "<b>T</b>" }\nsummary: { nl: "<p>S</p>" }\nbody: { nl: "<p>B</p>" }\n'
    expect(migrateFile(news, newsFileSchema).fields.map((field) => field.path.join('.'))).toEqual(['body.nl'])
  })
})
