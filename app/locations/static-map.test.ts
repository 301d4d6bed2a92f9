import { describe, expect, it } from 'vitest'
import { attributionParts, tilesAround, tileUrl, worldPixel } from './static-map'

describe('static map', () => {
  it('places a point on the Web Mercator tile grid', () => {
    expect(worldPixel(0, 0, 0)).toEqual({ x: 128, y: 128 })
    // Utrecht Centraal at zoom 15 lies in tile x 16850, y 10810 (as OpenStreetMap numbers them).
    const { x, y } = worldPixel(52.0907, 5.1214, 15)
    expect([Math.floor(x / 256), Math.floor(y / 256)]).toEqual([16850, 10810])
  })

  it('covers the frame around the point, each tile placed relative to it', () => {
    const tiles = tilesAround('https://{s}.tile.example/{z}/{x}/{y}{r}.png', { lat: 52.0907, lng: 5.1214 }, 15, 320, 140)
    // 640 × 280 pixels need 3-4 columns and 2-3 rows of 256-pixel tiles.
    expect(tiles.length).toBeGreaterThanOrEqual(6)
    expect(tiles.length).toBeLessThanOrEqual(12)
    for (const tile of tiles) expect(tile.url).toMatch(/^https:\/\/a\.tile\.example\/15\/\d+\/\d+\.png$/)
    // The tile holding the point starts at most one tile up and left of it.
    const home = tiles.find((tile) => tile.url.endsWith('/15/16850/10810.png'))
    expect(home?.left).toBeLessThanOrEqual(0)
    expect(home?.left).toBeGreaterThan(-256)
    expect(home?.top).toBeLessThanOrEqual(0)
    expect(home?.top).toBeGreaterThan(-256)
    // Every pixel of the frame is covered.
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(-320)
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(320)
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(-140)
    expect(Math.max(...tiles.map((t) => t.top + 256))).toBeGreaterThanOrEqual(140)
  })

  it('fills a tile template', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', 3, 4, 5)).toBe('https://tile.openstreetmap.org/3/4/5.png')
  })

  it('turns the attribution HTML into text and links, and nothing else', () => {
    expect(attributionParts('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors')).toEqual([
      { text: '© ' },
      { text: 'OpenStreetMap', href: 'https://www.openstreetmap.org/copyright' },
      { text: ' contributors' },
    ])
    expect(attributionParts('<img src=x onerror=alert(1)>Tiles <a href="javascript:alert(1)">x</a>')).toEqual([{ text: 'Tiles x' }])
  })
})
