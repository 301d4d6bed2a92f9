import sharp from 'sharp'
import { basename } from 'node:path'
const [f, hArg, scaleArg] = process.argv.slice(2)
const h = Number(hArg || 1560)
const meta = await sharp(f).metadata()
const b = basename(f, '.png')
const out = []
for (let y = 0, i = 0; y < meta.height; y += h, i++) {
  const hh = Math.min(h, meta.height - y)
  const o = `/tmp/visual/tiles/${b}-${String(i).padStart(2, '0')}.png`
  let s = sharp(f).extract({ left: 0, top: y, width: meta.width, height: hh })
  if (scaleArg) s = sharp(await s.png().toBuffer()).resize(Math.round(meta.width * Number(scaleArg)))
  await s.toFile(o)
  out.push(o)
}
console.log(meta.width + 'x' + meta.height, out.join(' '))
