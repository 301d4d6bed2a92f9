// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Image } from './Image'
import { variantsOf } from '../media/image-variants'

afterEach(cleanup)

const photo = { url: '/media/showroom.webp', alt: 'De showroom in Utrecht', width: 1200, height: 800, variants: [], focus: null }
const responsive = { ...photo, variants: variantsOf(photo.url, photo.width, 'v1') }

describe('Image', () => {
  it('keeps its focus point in view when cropped; the centre without one', () => {
    render(<Image image={{ ...photo, focus: { x: 0.76, y: 0.7 } }} />)
    expect(screen.getByRole('img').style.objectPosition).toBe('76% 70%')
    cleanup()
    render(<Image image={photo} />)
    expect(screen.getByRole('img').hasAttribute('style')).toBe(false)
  })

  it('lazy by default: loading=lazy, decoding=async, no fetch priority, intrinsic size', () => {
    render(<Image image={photo} />)
    const img = screen.getByRole('img', { name: 'De showroom in Utrecht' })
    expect(img.getAttribute('src')).toBe('/media/showroom.webp')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('decoding')).toBe('async')
    expect(img.hasAttribute('fetchpriority')).toBe(false)
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('height')).toBe('800')
  })

  it('priority (first block): eager with fetchpriority=high, still sized', () => {
    render(<Image image={photo} priority className="hero__image" />)
    const img = screen.getByRole('img')
    expect(img.getAttribute('loading')).toBe('eager')
    expect(img.getAttribute('fetchpriority')).toBe('high')
    expect(img.getAttribute('decoding')).not.toBe('async')
    expect(img.getAttribute('width')).toBe('1200')
    expect(img.getAttribute('height')).toBe('800')
    // `sizes` without `srcset` is invalid HTML (and React would copy it to the preload link).
    expect(img.hasAttribute('sizes')).toBe(false)
    expect(img.getAttribute('class')).toBe('hero__image')
  })

  it('an empty alt stays empty (decorative image, hidden from assistive technology)', () => {
    const { container } = render(<Image image={{ ...photo, alt: '' }} />)
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('with variants: a <picture> with AVIF, then WebP sources at their real widths, and the <img> fallback', () => {
    const { container } = render(<Image image={responsive} sizes="(min-width: 900px) 50vw, 100vw" />)
    const sources = [...container.querySelectorAll('picture > source')]
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp'])
    expect(sources[0]?.getAttribute('srcset')).toBe(
      '/media/_/320/showroom.webp.avif?v=v1 320w, /media/_/640/showroom.webp.avif?v=v1 640w, /media/_/960/showroom.webp.avif?v=v1 960w, /media/_/1280/showroom.webp.avif?v=v1 1200w',
    )
    expect(sources.every((source) => source.getAttribute('sizes') === '(min-width: 900px) 50vw, 100vw')).toBe(true)
    const img = container.querySelector('picture > img')
    expect(img?.getAttribute('src')).toBe('/media/showroom.webp')
    expect(img?.getAttribute('width')).toBe('1200')
    expect(img?.hasAttribute('sizes')).toBe(false)
  })

  it('without variants: the <img> alone, no <picture>', () => {
    const { container } = render(<Image image={photo} />)
    expect(container.querySelector('picture')).toBeNull()
  })
})
