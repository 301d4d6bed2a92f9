/**
 * An Atom 1.0 feed document (RFC 4287), written by hand: a few elements with escaping, no
 * library needed. Plain and pure, so it is unit-tested without a server.
 */

export interface AtomEntry {
  /** Permanent id (a tag: URI): stays when a slug or a domain changes. */
  id: string
  title: string
  summary: string
  /** Absolute URL of the item's page. */
  url: string
  /** ISO date or date-time (the CMS's news date). */
  published: string
  updated: string
}

export interface AtomFeedInput {
  id: string
  title: string
  subtitle?: string | null
  /** Language of the feed's texts (xml:lang), e.g. `de`. */
  language: string
  /** Absolute URL of this feed document. */
  selfUrl: string
  /** Absolute URL of the page the feed mirrors (the news list). */
  alternateUrl: string
  author: { name: string; uri: string }
  /** Absolute URL of a square icon. */
  icon?: string
  /** Used when there are no entries (Atom requires an updated date all the same). */
  emptyUpdated: string
  entries: ReadonlyArray<AtomEntry>
}

/** Escapes text and attribute values; also drops characters XML 1.0 does not allow at all. */
export function escapeXml(value: string): string {
  return (
    value
      // oxlint-disable-next-line no-control-regex -- the control characters are what this removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

/**
 * An RFC 3339 date-time (upper-case T and Z, as RFC 4287 §3.3 demands) for an ISO date or
 * date-time; undefined for a value that is neither. A date alone is that day's start in UTC.
 */
export function atomDate(value: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value)
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined
  return date.toISOString().replace('.000Z', 'Z')
}

/**
 * A `tag:` URI (RFC 4151) on the site's host name. `date` is a fixed day on which the site
 * owned the name, so ids never change; `specific` is percent-encoded where needed.
 */
export function tagUri(hostname: string, date: string, ...specific: ReadonlyArray<string>): string {
  return `tag:${hostname},${date}:${specific.map(encodeURIComponent).join(':')}`
}

/** The feed document. Entries with a date that cannot be read are left out (a reader could not place them). */
export function buildAtomFeed(feed: AtomFeedInput): string {
  const entries = feed.entries.flatMap((entry) => {
    const published = atomDate(entry.published)
    const updated = atomDate(entry.updated)
    return published && updated ? [{ ...entry, published, updated }] : []
  })
  const updated = entries.reduce((latest, entry) => (entry.updated > latest ? entry.updated : latest), '') || atomDate(feed.emptyUpdated)
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(feed.language)}">`,
    `  <id>${escapeXml(feed.id)}</id>`,
    `  <title type="text">${escapeXml(feed.title)}</title>`,
    ...(feed.subtitle ? [`  <subtitle type="text">${escapeXml(feed.subtitle)}</subtitle>`] : []),
    `  <updated>${updated ?? '1970-01-01T00:00:00Z'}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${escapeXml(feed.language)}" href="${escapeXml(feed.alternateUrl)}"/>`,
    `  <author><name>${escapeXml(feed.author.name)}</name><uri>${escapeXml(feed.author.uri)}</uri></author>`,
    ...(feed.icon ? [`  <icon>${escapeXml(feed.icon)}</icon>`] : []),
    ...entries.flatMap((entry) => [
      '  <entry>',
      `    <id>${escapeXml(entry.id)}</id>`,
      `    <title type="text">${escapeXml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
      `    <published>${entry.published}</published>`,
      `    <updated>${entry.updated}</updated>`,
      `    <summary type="text">${escapeXml(entry.summary)}</summary>`,
      '  </entry>',
    ]),
    '</feed>',
    '',
  ]
  return lines.join('\n')
}
