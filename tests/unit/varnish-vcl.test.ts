import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { constants, defaultLocale, languages, localeCodes } from '../../app.config'

/**
 * The shipped VCL (ops/varnish/site.vcl) repeats what the site decides by: its languages for `/`
 * and the cookies that make a request personal. Written out there (VCL has no import from
 * app.config.ts), so this keeps them the same as the site's.
 */
const vcl = readFileSync('ops/varnish/site.vcl', 'utf8')

describe('the Varnish VCL', () => {
  it('knows the site’s languages and its default for `/`', () => {
    const codes = `(${localeCodes.join('|')})`
    const isoTags = `(${languages.map(({ iso }) => iso.toLowerCase().replace('_', '-')).join('|')})`
    // Every list of codes or full tags in the VCL is the site's, in its order.
    const codeLists = [...vcl.matchAll(/\((?:[a-z]{2}\|)+[a-z]{2}\)/g)].map((match) => match[0])
    expect(codeLists.length).toBeGreaterThanOrEqual(3)
    for (const list of codeLists) expect(list).toBe(codes)
    const isoLists = [...vcl.matchAll(/\((?:[a-z]{2}-[a-z]{2}\|)+[a-z]{2}-[a-z]{2}\)/g)].map((match) => match[0])
    expect(isoLists.length).toBeGreaterThanOrEqual(2)
    for (const list of isoLists) expect(list).toBe(isoTags)
    expect(vcl).toContain(`set req.http.X-Site-Language = "${defaultLocale}";`)
  })

  it('passes the site’s personal cookies and reads its language cookie', () => {
    expect(vcl).toContain(`req.http.Cookie ~ "(?i)${constants.authCookie.name}"`)
    expect(vcl).toContain(`(?i)(^|;)\\s*${constants.previewCookie.name}\\s*=`)
    expect(vcl).toContain(`\\s*${constants.languageCookie.name}\\s*=`)
  })
})
