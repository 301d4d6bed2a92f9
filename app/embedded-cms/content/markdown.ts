import MarkdownIt from 'markdown-it'

/**
 * Rich text is stored as Markdown (the admin's rich-text editor writes it); text that still
 * holds HTML is read as before, because Markdown passes HTML through (`html: true`). The
 * result is the contract's HTML scalar, which the site sanitizes like any CMS's HTML
 * (app/server/cms-client/sanitize.ts), so what Markdown can express is no wider than what it keeps.
 */
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false })
// A line break as the HTML had it: no line break in the source after it either.
markdown.renderer.rules.hardbreak = () => '<br>'

/**
 * Rendered texts by source: a reload builds the content twice (with and without drafts) and an
 * edit changes few texts, so most renders are repeats (all of the demo's: ~8 ms a build).
 * Emptied when full, which a content folder's texts alone do not reach.
 */
const rendered = new Map<string, string>()
const maxRendered = 20_000

/** The HTML of a rich text (trimmed: Markdown ends every block with a line break). */
export function richTextHtml(text: string): string {
  let html = rendered.get(text)
  if (html === undefined) {
    html = markdown.render(text).trim()
    if (rendered.size >= maxRendered) rendered.clear()
    rendered.set(text, html)
  }
  return html
}
