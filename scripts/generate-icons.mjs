// Generates the site's icons from its brand mark (public/favicon.svg): favicon.ico for clients
// that ask for it, the 180 px apple-touch-icon, and the web manifest's (and the organization
// logo's) 192 and 512 px PNGs. Run once after changing the mark, and commit the files:
//   PATH=node_modules/.bin:$PATH node scripts/generate-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs'
import icoEndec from 'ico-endec'
import sharp from 'sharp'

const out = 'public'
// The header's navy (theme colour in app/routes/__root.tsx and the manifest).
const navy = '#0b2545'

/** The round mark as it is: for small sizes, on a transparent background. */
const mark = readFileSync(`${out}/favicon.svg`)

/**
 * The mark's arc on a full navy square: home screens cut their own shape (iOS rounds the
 * corners), so the icon fills the square and keeps the arc well inside.
 */
const tile = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${navy}"/>` +
    `<path d="M5 20 Q16 6 27 20" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" transform="translate(16 16) scale(0.72) translate(-16 -15)"/></svg>`,
)

const png = (svg, size) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()

writeFileSync(`${out}/favicon.ico`, icoEndec.encode(await Promise.all([16, 32, 48].map((size) => png(mark, size)))))
writeFileSync(`${out}/apple-touch-icon.png`, await png(tile, 180))
for (const size of [192, 512]) writeFileSync(`${out}/icon-${size}.png`, await png(tile, size))
console.log('wrote favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png')
