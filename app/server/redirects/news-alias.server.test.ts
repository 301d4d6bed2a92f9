import { describe, expect, it } from 'vitest'
import { createPathCodec } from '../../i18n/paths'
import { buildRenamedSegments, buildSegmentTable } from '../../i18n/segments'
import { redirectKnownWithoutCms } from './news-alias.server'
import { pathRedirect } from './path-redirects'

const table = buildSegmentTable({ nl: {}, en: {}, de: {}, fr: {}, da: {} })
const codec = createPathCodec(table, buildRenamedSegments(table, {}))

/** What page delivery asks (ADR 045): the path is redirected, and where to is known without the CMS. */
function withoutCms(path: string): boolean {
  const url = new URL(`http://localhost${path}`)
  const target = pathRedirect(url, codec)
  expect(target, `${path} is redirected`).not.toBeNull()
  return redirectKnownWithoutCms(url, target ?? '', codec)
}

describe('redirectKnownWithoutCms', () => {
  it('is true for a redirect to a page, a news list or another site', () => {
    expect(withoutCms('/nl/over-ons')).toBe(true)
    expect(withoutCms('/over-ons/')).toBe(true)
    expect(withoutCms('/nl/nieuws')).toBe(true)
    expect(withoutCms('/de/news/')).toBe(true)
    expect(redirectKnownWithoutCms(new URL('http://localhost/x/'), 'https://example.com/x', codec)).toBe(true)
  })

  it('is false where the middleware looks up a news item’s slug in the CMS', () => {
    expect(withoutCms('/nl/nieuws/gratis-wintercheck')).toBe(false)
    expect(withoutCms('/nieuws/free-winter-check/')).toBe(false)
    expect(withoutCms('/en/nieuws/gratis-wintercheck/')).toBe(false)
  })
})
