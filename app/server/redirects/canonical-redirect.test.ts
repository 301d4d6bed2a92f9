import { describe, expect, it } from 'vitest'
import { canonicalRedirect } from './canonical-redirect'

// Built the way the server sees a request: an absolute URL whose path may start with //.
const at = (path: string) => canonicalRedirect(new URL(`http://localhost${path}`))

describe('canonicalRedirect', () => {
  it('leaves canonical paths alone', () => {
    expect(at('/')).toBeNull()
    expect(at('/en')).toBeNull()
    expect(at('/over-ons/historie?x=1')).toBeNull()
  })
  it('drops the default locale prefix', () => {
    expect(at('/nl')).toBe('/')
    expect(at('/nl/')).toBe('/')
    expect(at('/nl/x?a=1')).toBe('/x?a=1')
  })
  it('does not touch slugs that merely start with nl', () => {
    expect(at('/nlx')).toBeNull()
  })
  it('drops trailing slashes', () => {
    expect(at('/de/datenschutz/')).toBe('/de/datenschutz')
    expect(at('/fr/confidentialite//')).toBe('/fr/confidentialite')
  })
  it('never redirects off-site', () => {
    expect(at('//evil.example/')).toBe('/evil.example')
  })
})
