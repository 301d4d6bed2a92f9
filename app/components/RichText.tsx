import type { SafeHtml } from '../cms/safe-html'

/** CMS rich text. Accepts only SafeHtml, which only the server-side sanitizer creates. */
export function RichText({ html, className }: { html: SafeHtml; className?: string }) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
}
