import { preload } from 'react-dom'
import { variantFormats, variantTypes, type ImageVariant } from '../media/image-variants'

export interface ImageValue {
  url: string
  alt: string
  width: number
  height: number
  /** Resized copies (the embedded CMS's: app/media/image-variants.ts); empty when the CMS makes none: the <img> alone. */
  variants: ReadonlyArray<ImageVariant>
  /** Where the subject is (fractions from the top left); a cropped image (object-fit: cover) keeps it in view. */
  focus: { x: number; y: number } | null
}

/** The CSS position that keeps the focus point in view in a crop; none (the centre) without one. */
export function focusStyle(focus: ImageValue['focus']): { objectPosition: string } | undefined {
  if (!focus) return undefined
  const percent = (fraction: number) => `${Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 10}%`
  return { objectPosition: `${percent(focus.x)} ${percent(focus.y)}` }
}

/** One `srcset` per format the CMS made, best format first (the order <picture> picks in). */
function sourcesOf(variants: ImageValue['variants']): Array<{ type: string; srcSet: string }> {
  return variantFormats
    .map((format) => variantTypes[format])
    .map((type) => ({
      type,
      srcSet: variants
        .filter((variant) => variant.type === type)
        .map((variant) => `${variant.url} ${variant.width}w`)
        .join(', '),
    }))
    .filter((source) => source.srcSet !== '')
}

/**
 * Every CMS image: a <picture> with AVIF and WebP sources at several widths (the browser takes
 * the smallest that fills `sizes` at its pixel density), and an <img> with the intrinsic
 * width/height (no layout shift) as the fallback. The first block's image loads eagerly with
 * high priority and is preloaded with `imagesrcset`: React preloads no <img> inside a <picture>
 * by itself, as it cannot know which source the browser will choose.
 * `sizes`: how wide the image is shown, per layout; the whole viewport unless the block says.
 */
export function Image({
  image,
  priority = false,
  className,
  sizes = '100vw',
}: {
  image: ImageValue
  priority?: boolean
  className?: string
  sizes?: string
}) {
  const img = (
    <img
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={focusStyle(image.focus)}
    />
  )
  const sources = sourcesOf(image.variants)
  const [best] = sources
  if (!best) return img
  if (priority) {
    // The type makes a browser without AVIF skip this preload (and fetch the WebP source it picks).
    preload(image.url, { as: 'image', imageSrcSet: best.srcSet, imageSizes: sizes, type: best.type, fetchPriority: 'high' })
  }
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
