import MarkdownIt from 'markdown-it'

/**
 * Rich text is stored as Markdown (the admin's rich-text editor writes it); text that still
 * holds HTML is read as before, because Markdown passes HTML through (`html: true`). The
 * result is the contract's HTML scalar, which the site sanitizes like any CMS's HTML
 * (app/server/sanitize.ts), so what Markdown can express is no wider than what it keeps.
 */
const markdown = new MarkdownIt({ html: true, linkify: false, typographer: false })
// A line break as the HTML had it: no line break in the source after it either.
markdown.renderer.rules.hardbreak = () => '<br>'

/** The HTML of a rich text (trimmed: Markdown ends every block with a line break). */
export function richTextHtml(text: string): string {
  return markdown.render(text).trim()
}
