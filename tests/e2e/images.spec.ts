import { expect, openPage, test } from './fixtures'

/**
 * Responsive images: the hero is a <picture> with AVIF and WebP sources (preloaded with
 * imagesrcset), its variants answer with their type and a year's caching, and a variant URL
 * outside the allowed widths, formats and files is a 404.
 */
test.describe('responsive images', () => {
  test('the home hero is a <picture> with AVIF and WebP sources, preloaded with imagesrcset; its variants cache for good', async ({
    page,
  }) => {
    await openPage(page, '/')
    const sources = page.locator('main .block--hero picture > source')
    await expect(sources).toHaveCount(2)
    expect(await sources.evaluateAll((els) => els.map((el) => el.getAttribute('type')))).toEqual(['image/avif', 'image/webp'])
    for (const srcset of await sources.evaluateAll((els) => els.map((el) => el.getAttribute('srcset') ?? ''))) {
      expect(srcset).toMatch(/^\/media\/_\/320\/\S+ 320w, /)
    }
    await expect(page.locator('main .block--hero picture > img')).toHaveAttribute('width', /^\d+$/)
    const preload = page.locator('head link[rel="preload"][as="image"][imagesrcset]')
    await expect(preload).toHaveCount(1)
    await expect(preload).toHaveAttribute('type', 'image/avif')
    await expect(preload).toHaveAttribute('imagesizes', '100vw')
    // The browser loads a variant (AVIF in Chromium), not the original file.
    const current = await page.locator('main .block--hero picture > img').evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(current).toMatch(/\/media\/_\/\d+\/hero-home\.webp\.avif\?v=/)

    await test.step('a variant answers with its type and immutable caching', async () => {
      const srcset = (await page.locator('main .block--hero picture > source[type="image/webp"]').getAttribute('srcset')) ?? ''
      const first = srcset.split(' ')[0] ?? ''
      for (const [url, type] of [
        [first, 'image/webp'],
        [first.replace('.webp?', '.avif?'), 'image/avif'],
      ] as const) {
        const response = await page.request.get(url)
        expect(response.status()).toBe(200)
        expect(response.headers()['content-type']).toBe(type)
        expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
        expect((await response.body()).byteLength).toBeGreaterThan(100)
      }
    })
  })

  test('a variant outside the allowed widths, formats and files is a 404 without long caching', async ({ request }) => {
    for (const path of [
      '/media/_/500/hero-home.webp.avif',
      '/media/_/640/hero-home.webp.png',
      '/media/_/640/missing.webp.avif',
      '/media/_/640/..%2f..%2fpackage.json.webp',
      '/media/_/640/%2e%2e/%2e%2e/etc/passwd.png.webp',
      '/media/_/640/files/jaarverslag-2025.pdf.webp',
    ]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(response.headers()['cache-control'] ?? '', path).not.toContain('immutable')
    }
  })
})
