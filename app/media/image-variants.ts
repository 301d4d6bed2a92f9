/**
 * Responsive variants of CMS images: `/media/_/<width>/<source path>.<format>`, e.g.
 * `/media/_/640/hero-home.webp.avif` is /media/hero-home.webp at most 640 px wide, as AVIF.
 * Made on demand by the server (app/server/media/media-variants.server.ts), so an image an editor
 * drops into the content folder gets them too, without a build. Only these widths and formats
 * exist: a URL cannot ask the server for arbitrary work.
 * Shared by the browser code (srcset) and the server (URL checks); no Node APIs here.
 */

/** Phone to wide desktop (2× for the smaller ones). */
export const variantWidths = [320, 640, 960, 1280, 1600] as const
export type VariantWidth = (typeof variantWidths)[number]

/** Best first: a <picture> lists its sources in this order. */
export const variantFormats = ['avif', 'webp'] as const
export type VariantFormat = (typeof variantFormats)[number]

export const variantTypes: Readonly<Record<VariantFormat, string>> = { avif: 'image/avif', webp: 'image/webp' }

export const variantPrefix = '/media/_/'

/** Raster files under /media that variants are made from (GIFs may be animated, SVGs are not served). */
const sourcePattern = /^\/media\/(?!_\/)[^?#]+\.(?:avif|jpe?g|png|webp)$/i

export function hasVariants(url: string): boolean {
  return sourcePattern.test(url)
}

/** The variant's URL; `version` (the source file's, changed when it is replaced) keeps the year-long caching correct. */
export function variantUrl(url: string, width: VariantWidth, format: VariantFormat, version: string): string {
  // srcset separates candidates with spaces and commas.
  const path = url.slice('/media'.length).replaceAll(' ', '%20').replaceAll(',', '%2C')
  return `${variantPrefix}${width}${path}.${format}?v=${encodeURIComponent(version)}`
}

export interface ImageVariant {
  url: string
  /** Its real width in pixels (the `w` of srcset). */
  width: number
  type: string
}

/**
 * The variants of an image `intrinsicWidth` px wide, per format: every allowed width below it,
 * then one at its own width (the server never enlarges, so the next allowed width is the file at
 * full size), listed with the width it really has.
 */
export function variantsOf(url: string, intrinsicWidth: number, version: string): ImageVariant[] {
  const smaller = variantWidths.filter((width) => width < intrinsicWidth)
  const full = variantWidths.find((width) => width >= intrinsicWidth)
  const widths = [
    ...smaller.map((width) => ({ width, real: width })),
    ...(full === undefined ? [] : [{ width: full, real: intrinsicWidth }]),
  ]
  return variantFormats.flatMap((format) =>
    widths.map(({ width, real }) => ({ url: variantUrl(url, width, format, version), width: real, type: variantTypes[format] })),
  )
}

export interface VariantRequest {
  width: VariantWidth
  format: VariantFormat
  /** The source image's own URL, `/media/…` (its file is still to be found and checked). */
  source: string
}

const isWidth = (value: number): value is VariantWidth => variantWidths.some((width) => width === value)
const isFormat = (value: string): value is VariantFormat => variantFormats.some((format) => format === value)

/** What a variant URL asks for, or undefined when it is not one of the allowed widths, formats and sources. */
export function parseVariantPath(pathname: string): VariantRequest | undefined {
  const match = /^\/media\/_\/([1-9]\d{2,3})\/(.+)\.([a-z]+)$/.exec(pathname)
  if (!match) return undefined
  const [, widthText = '', rest = '', formatText = ''] = match
  const width = Number(widthText)
  if (!isWidth(width) || !isFormat(formatText)) return undefined
  const source = `/media/${rest}`
  return hasVariants(source) ? { width, format: formatText, source } : undefined
}
