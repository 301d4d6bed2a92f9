/**
 * Variant URLs: only the allowed widths and formats of a raster image under /media parse,
 * and the list for an image never claims a width it does not have.
 */
import { describe, expect, it } from 'vitest'
import { parseVariantPath, variantsOf, variantUrl } from './image-variants'

describe('parseVariantPath', () => {
  it('reads width, format and source of an allowed variant', () => {
    expect(parseVariantPath('/media/_/640/hero-home.webp.avif')).toEqual({ width: 640, format: 'avif', source: '/media/hero-home.webp' })
    expect(parseVariantPath('/media/_/1600/news/a%20b.jpg.webp')).toEqual({ width: 1600, format: 'webp', source: '/media/news/a%20b.jpg' })
  })

  it.each([
    '/media/_/641/hero-home.webp.avif',
    '/media/_/0640/hero-home.webp.avif',
    '/media/_/99999/hero-home.webp.avif',
    '/media/_/-640/hero-home.webp.avif',
    '/media/_/640/hero-home.webp.png',
    '/media/_/640/hero-home.webp.AVIF',
    '/media/_/640/hero-home.webp',
    '/media/_/640/logo.svg.webp',
    '/media/_/640/anim.gif.webp',
    '/media/_/640/price-list.pdf.webp',
    '/media/_/640/_/640/hero-home.webp.avif.avif',
    '/media/_/640/.webp',
    '/media/hero-home.webp',
    '/media/_/640',
  ])('refuses %s', (path) => {
    expect(parseVariantPath(path)).toBeUndefined()
  })

  it('leaves path traversal to the file lookup, which refuses it (media.test.ts)', () => {
    // Parsed, but the source still has to be a file inside a media folder.
    expect(parseVariantPath('/media/_/640/..%2f..%2fetc/passwd.png.webp')?.source).toBe('/media/..%2f..%2fetc/passwd.png')
  })
})

describe('variantsOf', () => {
  it('every allowed width below the image, then one at its own width, AVIF first', () => {
    const variants = variantsOf('/media/showroom.webp', 1200, 'abc')
    expect(variants.filter((v) => v.type === 'image/avif').map((v) => [v.width, v.url])).toEqual([
      [320, '/media/_/320/showroom.webp.avif?v=abc'],
      [640, '/media/_/640/showroom.webp.avif?v=abc'],
      [960, '/media/_/960/showroom.webp.avif?v=abc'],
      [1200, '/media/_/1280/showroom.webp.avif?v=abc'],
    ])
    expect(variants.map((v) => v.type)).toEqual([...Array(4).fill('image/avif'), ...Array(4).fill('image/webp')])
  })

  it('a wide image stops at the widest allowed width; a tiny one gets one variant at its size', () => {
    expect(variantsOf('/media/a.jpg', 4000, 'v').map((v) => v.width)).toEqual([320, 640, 960, 1280, 1600, 320, 640, 960, 1280, 1600])
    expect(variantsOf('/media/a.jpg', 100, 'v').map((v) => v.width)).toEqual([100, 100])
  })

  it('every URL it makes parses back to its source', () => {
    for (const variant of variantsOf('/media/dir/a b,c.png', 2000, 'v')) {
      const path = variant.url.split('?')[0] ?? ''
      expect(path).not.toMatch(/[ ,]/)
      expect(parseVariantPath(path)?.source).toBe('/media/dir/a%20b%2Cc.png')
    }
    expect(variantUrl('/media/a.png', 320, 'webp', 'x y')).toBe('/media/_/320/a.png.webp?v=x%20y')
  })
})
