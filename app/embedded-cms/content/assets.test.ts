/**
 * The demo content's files: every image and download the content names exists
 * in public/, images have the width and height the content claims (the site
 * reserves space with them), downloads have the byte size it claims, and
 * images stay within the page-weight budget.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const imageBudgetBytes = 60 * 1024

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return yamlFiles(path)
    return entry.name.endsWith('.yaml') ? [path] : []
  })
}

interface Reference {
  file: string
  src: string
  width?: unknown
  height?: unknown
  size?: unknown
}

/** Every `{ src, ... }` object anywhere in the content. */
function references(value: unknown, file: string): Reference[] {
  if (Array.isArray(value)) return value.flatMap((item) => references(item, file))
  if (typeof value !== 'object' || value === null) return []
  const nested = Object.values(value).flatMap((item) => references(item, file))
  const src: unknown = Reflect.get(value, 'src')
  if (typeof src !== 'string') return nested
  return [{ file, src, width: Reflect.get(value, 'width'), height: Reflect.get(value, 'height'), size: Reflect.get(value, 'size') }, ...nested]
}

const all = yamlFiles('content').flatMap((file) => references(parse(readFileSync(file, 'utf8')), file))
const images = all.filter((r) => r.width !== undefined)
const downloads = all.filter((r) => r.size !== undefined)

describe('content assets', () => {
  it('finds the references', () => {
    expect(images.length).toBeGreaterThan(10)
    expect(downloads.length).toBe(2)
  })

  it.each(images)('$file: $src exists with the stated size', async ({ src, width, height }) => {
    const path = join('public', src)
    const meta = await sharp(path).metadata()
    expect({ width: meta.width, height: meta.height }).toEqual({ width, height })
    expect(statSync(path).size).toBeLessThan(imageBudgetBytes)
  })

  it.each(downloads)('$file: $src exists with the stated byte size', ({ src, size }) => {
    const bytes = readFileSync(join('public', src))
    expect(bytes.length).toBe(size)
    if (src.endsWith('.pdf')) {
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      expect(bytes.toString().trimEnd().endsWith('%%EOF')).toBe(true)
    }
  })
})
