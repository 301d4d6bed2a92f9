import sanitize from 'sanitize-html'
import type { SafeHtml } from '../../cms/safe-html'

function keepSlugId(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const id = attribs.id
  return { tagName, attribs: id && /^[a-z][a-z0-9-]{0,63}$/.test(id) ? { id } : {} }
}

const options: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['scope'], h2: ['id'], h3: ['id'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Heading ids are in-page anchors (a policy's table of contents): plain slugs only.
    h2: keepSlugId,
    h3: keepSlugId,
    a: (tagName, attribs) => {
      const attributes = { ...attribs }
      if (attributes.target === '_blank') attributes.rel = 'noopener noreferrer'
      else delete attributes.target
      return { tagName, attribs: attributes }
    },
  },
}

/**
 * The one gate for CMS rich text: an allow-list of tags, attributes and URL
 * schemes. The only function that creates SafeHtml.
 */
export function sanitizeHtml(raw: string): SafeHtml {
  // The brand is the whole point: this value went through the sanitizer.
  return sanitize(raw, options) as SafeHtml
}
