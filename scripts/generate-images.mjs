// Generates the demo site's images (self-made SVG artwork → small WebP) and
// two small PDF downloads. Run once after changing the artwork:
//   PATH=node_modules/.bin:$PATH node scripts/generate-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const out = 'public/media'
mkdirSync(`${out}/files`, { recursive: true })

const navy = '#0b2545'
const navy2 = '#13315c'
const orange = '#c2410c'
const sky = '#8da9c4'

const car = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M10 60 Q20 30 70 26 L150 22 Q190 22 215 45 L260 52 Q285 56 288 75 L288 88 L10 88 Z" fill="${color}"/>
    <path d="M78 32 L140 29 Q170 30 188 46 L84 48 Z" fill="#dbe5f0" opacity="0.85"/>
    <circle cx="70" cy="88" r="22" fill="#1f2933"/><circle cx="70" cy="88" r="9" fill="#cbd2d9"/>
    <circle cx="228" cy="88" r="22" fill="#1f2933"/><circle cx="228" cy="88" r="9" fill="#cbd2d9"/>
  </g>`

const scenes = {
  'hero-home': [1600, 900, `
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${navy}"/><stop offset="0.65" stop-color="${navy2}"/><stop offset="1" stop-color="${orange}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <circle cx="1250" cy="610" r="170" fill="#f59e0b" opacity="0.55"/>
    <path d="M0 700 L1600 640 L1600 900 L0 900 Z" fill="#0f1d33"/>
    <path d="M0 790 L1600 760" stroke="#f8fafc" stroke-width="8" stroke-dasharray="60 50" opacity="0.6"/>
    ${car(880, 560, 2.1, '#e5e7eb')}`],
  'showroom': [1200, 800, `
    <rect width="1200" height="800" fill="#e8edf3"/>
    <rect x="0" y="0" width="1200" height="420" fill="${navy2}"/>
    <g fill="#dbe5f0" opacity="0.35">${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 145}" y="40" width="120" height="340"/>`).join('')}</g>
    <rect x="0" y="560" width="1200" height="240" fill="#cfd8e3"/>
    ${car(120, 420, 1.6, orange)}${car(640, 440, 1.5, navy)}`],
  'workshop': [1200, 800, `
    <rect width="1200" height="800" fill="#1f2933"/>
    <rect x="80" y="80" width="1040" height="520" fill="#323f4b" rx="16"/>
    <rect x="80" y="600" width="1040" height="24" fill="${orange}"/>
    ${car(330, 380, 1.9, '#9aa5b1')}
    <g stroke="#f8fafc" stroke-width="14" stroke-linecap="round" fill="none" opacity="0.85"><path d="M160 170 l60 60 M220 170 l-60 60"/><circle cx="1000" cy="200" r="50"/></g>`],
  'lease-keys': [1200, 800, `
    <rect width="1200" height="800" fill="${navy}"/>
    <circle cx="600" cy="400" r="300" fill="${navy2}"/>
    <g fill="none" stroke="#f8fafc" stroke-width="26" stroke-linecap="round"><circle cx="480" cy="380" r="90"/><path d="M570 380 H860 M780 380 v70 M840 380 v50"/></g>
    <circle cx="480" cy="380" r="30" fill="${orange}"/>`],
  'landscape-road': [1600, 600, `
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#e8edf3"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#s)"/>
    <path d="M0 380 Q300 250 600 360 T1200 330 T1600 350 L1600 600 L0 600 Z" fill="#52796f"/>
    <path d="M0 450 Q400 360 800 440 T1600 420 L1600 600 L0 600 Z" fill="#354f52"/>
    <path d="M700 600 L790 420 L830 420 L1000 600 Z" fill="#2f3e46"/>
    <path d="M805 430 L800 600" stroke="#f8fafc" stroke-width="6" stroke-dasharray="30 30"/>`],
  'team': [1200, 800, `
    <rect width="1200" height="800" fill="#e8edf3"/>
    ${[200, 430, 660, 890].map((x, i) => `<g><circle cx="${x + 60}" cy="300" r="70" fill="${[navy, orange, navy2, '#52796f'][i]}"/><rect x="${x}" y="390" width="120" height="240" rx="60" fill="${[navy, orange, navy2, '#52796f'][i]}"/></g>`).join('')}`],
  'og-default': [1200, 630, `
    <rect width="1200" height="630" fill="${navy}"/>
    <path d="M0 470 L1200 420 L1200 630 L0 630 Z" fill="#0f1d33"/>
    <circle cx="170" cy="250" r="70" fill="#f8fafc"/><path d="M120 270 Q170 200 220 270" fill="none" stroke="${navy}" stroke-width="12" stroke-linecap="round"/>
    <text x="270" y="275" font-family="Arial, Helvetica, sans-serif" font-size="86" font-weight="800" fill="#f8fafc">Autogroep Horizon</text>
    ${car(760, 380, 1.2, orange)}`],
}

const timeline = [
  ['history-1965', '#9aa5b1'],
  ['history-1978', '#52796f'],
  ['history-1992', orange],
  ['history-2004', navy2],
  ['history-2016', '#0e7490'],
  ['history-2025', '#15803d'],
]
for (const [name, color] of timeline) {
  scenes[name] = [800, 533, `<rect width="800" height="533" fill="#e8edf3"/><rect y="380" width="800" height="153" fill="#cfd8e3"/>${car(180, 300, 1.5, color)}`]
}

for (const [name, [width, height, body]] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
  const info = await sharp(Buffer.from(svg)).webp({ quality: 72, effort: 6 }).toFile(`${out}/${name}.webp`)
  console.log(`${name}.webp ${info.width}x${info.height} ${(info.size / 1024).toFixed(1)} KB`)
}

/** A minimal valid one-page PDF with a title line. */
function pdf(title) {
  const stream = `BT /F1 24 Tf 72 760 Td (${title}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return body
}

for (const [name, title] of [
  ['jaarverslag-2025', 'Autogroep Horizon - Jaarverslag 2025'],
  ['prijslijst-onderhoud', 'Autogroep Horizon - Prijslijst onderhoud 2026'],
]) {
  const body = pdf(title)
  writeFileSync(`${out}/files/${name}.pdf`, body)
  console.log(`${name}.pdf ${Buffer.byteLength(body)} bytes`)
}
