/**
 * A static map without a map library: the few map tiles (the locations map's own tile
 * server, already allowed by the page's CSP img-src) around a point, placed relative to it.
 * The page puts the point in the middle of its frame and a pin over it.
 */

export const tileSize = 256

/** OpenStreetMap's attribution: TILE_ATTRIBUTION's default, shown in the page's language (labels.ts). */
export const osmAttribution = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'

export interface PlacedTile {
  url: string
  /** Offset of the tile's top-left corner from the point, in CSS pixels. */
  left: number
  top: number
}

/** The point's position on the whole map at `zoom`, in pixels (Web Mercator, as every tile server). */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const scale = tileSize * 2 ** zoom
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat))
  const sin = Math.sin((clampedLat * Math.PI) / 180)
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  }
}

/** A tile's URL from a template such as https://{s}.tile.example.org/{z}/{x}/{y}{r}.png. */
export function tileUrl(template: string, zoom: number, x: number, y: number): string {
  return template
    .replace(/\{s\}/g, 'a')
    .replace(/\{r\}/g, '')
    .replace(/\{z\}/g, String(zoom))
    .replace(/\{x\}/g, String(x))
    .replace(/\{y\}/g, String(y))
}

/**
 * The tiles that cover a frame of up to 2·halfWidth × 2·halfHeight pixels centred on the point
 * (a narrower frame shows fewer of them: the rest are clipped).
 */
export function tilesAround(
  template: string,
  point: { lat: number; lng: number },
  zoom: number,
  halfWidth: number,
  halfHeight: number,
): PlacedTile[] {
  const { x, y } = worldPixel(point.lat, point.lng, zoom)
  const count = 2 ** zoom
  const tiles: PlacedTile[] = []
  for (let ty = Math.floor((y - halfHeight) / tileSize); ty <= Math.floor((y + halfHeight) / tileSize); ty++) {
    if (ty < 0 || ty >= count) continue
    for (let tx = Math.floor((x - halfWidth) / tileSize); tx <= Math.floor((x + halfWidth) / tileSize); tx++) {
      // Across the antimeridian the tile numbers wrap round.
      const wrapped = ((tx % count) + count) % count
      tiles.push({ url: tileUrl(template, zoom, wrapped, ty), left: Math.round(tx * tileSize - x), top: Math.round(ty * tileSize - y) })
    }
  }
  return tiles
}

/** A tile server's attribution (HTML from the configuration) as text and links, for React to render safely. */
export function attributionParts(html: string): Array<{ text: string; href?: string }> {
  const decode = (text: string) =>
    text
      .replace(/&copy;/g, '©')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
  const parts: Array<{ text: string; href?: string }> = []
  let rest = html
  const link = /<a\b[^>]*?href="(https?:\/\/[^"]+)"[^>]*>([\s\S]*?)<\/a>/i
  for (let match = link.exec(rest); match; match = link.exec(rest)) {
    const before = decode(rest.slice(0, match.index).replace(/<[^>]*>/g, ''))
    if (before) parts.push({ text: before })
    parts.push({ text: decode((match[2] ?? '').replace(/<[^>]*>/g, '')), href: decode(match[1] ?? '') })
    rest = rest.slice(match.index + match[0].length)
  }
  const tail = decode(rest.replace(/<[^>]*>/g, ''))
  if (tail) parts.push({ text: tail })
  return parts
}
