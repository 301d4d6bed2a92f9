// Generates the demo site's images (self-made SVG artwork → small WebP) and
// two small PDF downloads. Run once after changing the artwork:
//   PATH=node_modules/.bin:$PATH node scripts/generate-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const out = 'public/media'
mkdirSync(`${out}/files`, { recursive: true })

const navy = '#0b2545'
const navy2 = '#13315c'
// The site's accent (--color-accent in app/styles.css), so artwork and UI share one orange.
const orange = '#c2410c'
const sky = '#8da9c4'

const car = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M10 60 Q20 30 70 26 L150 22 Q190 22 215 45 L260 52 Q285 56 288 75 L288 88 L10 88 Z" fill="${color}"/>
    <path d="M78 32 L140 29 Q170 30 188 46 L84 48 Z" fill="#dbe5f0" opacity="0.85"/>
    <circle cx="70" cy="88" r="22" fill="#1f2933"/><circle cx="70" cy="88" r="9" fill="#cbd2d9"/>
    <circle cx="228" cy="88" r="22" fill="#1f2933"/><circle cx="228" cy="88" r="9" fill="#cbd2d9"/>
  </g>`

/** A rounded 1960s saloon. */
const roundCar = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M12 80 Q14 56 46 52 Q70 18 130 16 Q186 18 206 52 Q246 56 250 80 L250 88 L12 88 Z" fill="${color}"/>
    <path d="M74 50 Q92 26 130 24 Q170 26 182 50 Z" fill="#dbe5f0" opacity="0.85"/>
    <circle cx="62" cy="88" r="20" fill="#1f2933"/><circle cx="62" cy="88" r="8" fill="#e4e7eb"/>
    <circle cx="200" cy="88" r="20" fill="#1f2933"/><circle cx="200" cy="88" r="8" fill="#e4e7eb"/>
  </g>`

/** A boxy saloon of the seventies to nineties. */
const boxyCar = (x, y, s, color) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M8 56 L70 52 L100 22 L190 22 L222 52 L284 58 L286 88 L8 88 Z" fill="${color}"/>
    <path d="M108 30 L146 30 L146 50 L86 52 Z M154 30 L184 30 L208 50 L154 50 Z" fill="#dbe5f0" opacity="0.85"/>
    <rect x="270" y="62" width="14" height="8" fill="#fde68a"/>
    <circle cx="70" cy="88" r="20" fill="#1f2933"/><circle cx="70" cy="88" r="8" fill="#cbd2d9"/>
    <circle cx="224" cy="88" r="20" fill="#1f2933"/><circle cx="224" cy="88" r="8" fill="#cbd2d9"/>
  </g>`

/** An open-ended spanner, drawn around (x, y). */
const wrench = (x, y, s, angle) => `
  <g transform="translate(${x} ${y}) rotate(${angle}) scale(${s})">
    <rect x="-8" y="-10" width="16" height="70" rx="8"/>
    <circle cx="0" cy="-22" r="20"/><rect x="-7" y="-46" width="14" height="24" fill="#52606d"/>
  </g>`

/** A small location pin, its point at (x, y). */
const pin = (x, y, color) =>
  `<path transform="translate(${x} ${y})" d="M0 0 C-6 -14 -16 -20 -16 -32 A16 16 0 0 1 16 -32 C16 -20 6 -14 0 0 Z" fill="${color}"/><circle cx="${x}" cy="${y - 32}" r="6" fill="#f8fafc"/>`

const scenes = {
  'hero-home': [
    1600,
    900,
    `
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${navy}"/><stop offset="0.65" stop-color="${navy2}"/><stop offset="1" stop-color="${orange}"/></linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <circle cx="1250" cy="610" r="170" fill="#f59e0b" opacity="0.55"/>
    <path d="M0 700 L1600 640 L1600 900 L0 900 Z" fill="#0f1d33"/>
    <path d="M0 790 L1600 760" stroke="#f8fafc" stroke-width="8" stroke-dasharray="60 50" opacity="0.6"/>
    ${car(880, 560, 2.1, '#e5e7eb')}`,
  ],
  showroom: [
    1200,
    800,
    `
    <rect width="1200" height="800" fill="#e8edf3"/>
    <rect x="0" y="0" width="1200" height="420" fill="${navy2}"/>
    <g fill="#dbe5f0" opacity="0.35">${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 145}" y="40" width="120" height="340"/>`).join('')}</g>
    <rect x="0" y="560" width="1200" height="240" fill="#cfd8e3"/>
    ${car(120, 420, 1.6, orange)}${car(640, 440, 1.5, navy)}`,
  ],
  workshop: [
    1200,
    800,
    `
    <rect width="1200" height="800" fill="#1f2933"/>
    <rect x="60" y="60" width="1080" height="560" fill="#323f4b" rx="16"/>
    <g fill="#52606d">${Array.from({ length: 6 }, (_, i) => `<rect x="${120 + i * 170}" y="100" width="130" height="110" rx="8"/>`).join('')}</g>
    <g fill="#e4e7eb">${[0, 1, 2, 3, 4, 5].map((i) => wrench(185 + i * 170, 155, 0.8, -30 + i * 12)).join('')}</g>
    <rect x="290" y="470" width="24" height="150" fill="#9aa5b1"/><rect x="886" y="470" width="24" height="150" fill="#9aa5b1"/>
    <rect x="250" y="455" width="700" height="18" rx="4" fill="${orange}"/>
    ${car(300, 340, 2, '#cbd2d9')}
    <rect x="60" y="620" width="1080" height="20" fill="${orange}"/>
    <rect x="0" y="640" width="1200" height="160" fill="#111827"/>`,
  ],
  'lease-keys': [
    1200,
    800,
    `
    <rect width="1200" height="800" fill="${navy}"/>
    <circle cx="600" cy="400" r="300" fill="${navy2}"/>
    <g fill="none" stroke="#f8fafc" stroke-width="26" stroke-linecap="round"><circle cx="480" cy="380" r="90"/><path d="M570 380 H860 M780 380 v70 M840 380 v50"/></g>
    <circle cx="480" cy="380" r="30" fill="${orange}"/>`,
  ],
  'landscape-road': [
    1600,
    600,
    `
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#e8edf3"/></linearGradient></defs>
    <rect width="1600" height="600" fill="url(#s)"/>
    <path d="M0 380 Q300 250 600 360 T1200 330 T1600 350 L1600 600 L0 600 Z" fill="#52796f"/>
    <path d="M0 450 Q400 360 800 440 T1600 420 L1600 600 L0 600 Z" fill="#354f52"/>
    <path d="M700 600 L790 420 L830 420 L1000 600 Z" fill="#2f3e46"/>
    <path d="M805 430 L800 600" stroke="#f8fafc" stroke-width="6" stroke-dasharray="30 30"/>`,
  ],
  team: [
    1200,
    800,
    `
    <rect width="1200" height="800" fill="#e8edf3"/>
    ${[200, 430, 660, 890].map((x, i) => `<g><circle cx="${x + 60}" cy="300" r="70" fill="${[navy, orange, navy2, '#52796f'][i]}"/><rect x="${x}" y="390" width="120" height="240" rx="60" fill="${[navy, orange, navy2, '#52796f'][i]}"/></g>`).join('')}`,
  ],
  'og-default': [
    1200,
    630,
    `
    <rect width="1200" height="630" fill="${navy}"/>
    <path d="M0 470 L1200 420 L1200 630 L0 630 Z" fill="#0f1d33"/>
    <circle cx="170" cy="250" r="70" fill="#f8fafc"/><path d="M120 270 Q170 200 220 270" fill="none" stroke="${navy}" stroke-width="12" stroke-linecap="round"/>
    <text x="270" y="275" font-family="Arial, Helvetica, sans-serif" font-size="86" font-weight="800" fill="#f8fafc">Autogroep Horizon</text>
    ${car(760, 380, 1.2, orange)}`,
  ],
}

// The history page's timeline: one scene per era (800x533), each with the car of its time.
const ground = (color = '#cfd8e3') => `<rect y="420" width="800" height="113" fill="${color}"/>`
Object.assign(scenes, {
  // 1965: the first garage, two lifts behind the open door.
  'history-1965': [
    800,
    533,
    `
    <rect width="800" height="533" fill="#efe6d8"/>
    ${ground('#d6cbb8')}
    <path d="M120 420 V200 L330 120 L540 200 V420 Z" fill="#9aa5b1"/>
    <rect x="150" y="160" width="360" height="30" fill="${navy}"/>
    <rect x="190" y="250" width="280" height="170" fill="#323f4b"/>
    <g fill="#cbd2d9"><rect x="225" y="300" width="10" height="120"/><rect x="425" y="300" width="10" height="120"/></g>
    ${roundCar(430, 330, 1.25, '#52796f')}`,
  ],
  // 1978: the first showroom, a boxy saloon behind the glass.
  'history-1978': [
    800,
    533,
    `
    <rect width="800" height="533" fill="#e8edf3"/>
    ${ground()}
    <rect x="60" y="110" width="680" height="310" fill="${navy2}"/>
    <rect x="60" y="110" width="680" height="36" fill="${orange}"/>
    <g fill="#dbe5f0" opacity="0.45">${[0, 1, 2, 3].map((i) => `<rect x="${80 + i * 165}" y="165" width="150" height="240"/>`).join('')}</g>
    ${boxyCar(230, 300, 1.15, '#d4a373')}`,
  ],
  // 1992: across the border, a road past a blue border sign.
  'history-1992': [
    800,
    533,
    `
    <defs><linearGradient id="sky92" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#e8edf3"/></linearGradient></defs>
    <rect width="800" height="533" fill="url(#sky92)"/>
    <path d="M0 330 Q200 270 400 320 T800 300 V533 H0 Z" fill="#84a98c"/>
    <path d="M0 420 L800 400 V533 H0 Z" fill="#2f3e46"/>
    <path d="M0 470 L800 455" stroke="#f8fafc" stroke-width="5" stroke-dasharray="36 28"/>
    <rect x="596" y="250" width="8" height="160" fill="#9aa5b1"/>
    <rect x="540" y="190" width="120" height="80" rx="6" fill="#1d4ed8"/>
    <g fill="#facc15">${Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2
      return `<circle cx="${(600 + Math.cos(a) * 26).toFixed(1)}" cy="${(230 + Math.sin(a) * 26).toFixed(1)}" r="4"/>`
    }).join('')}</g>
    ${boxyCar(90, 345, 1.1, orange)}`,
  ],
  // 2004: Horizon Lease, a contract and a key.
  'history-2004': [
    800,
    533,
    `
    <rect width="800" height="533" fill="${navy}"/>
    <rect x="150" y="90" width="280" height="360" rx="10" fill="#f8fafc" transform="rotate(-6 290 270)"/>
    <g fill="#cbd2d9" transform="rotate(-6 290 270)">${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="185" y="${140 + i * 38}" width="${i === 6 ? 120 : 210}" height="12" rx="6"/>`).join('')}</g>
    <g fill="none" stroke="${orange}" stroke-width="22" stroke-linecap="round"><circle cx="540" cy="300" r="62"/><path d="M602 300 H720 M690 300 v46 M650 300 v34"/></g>`,
  ],
  // 2016: seven countries, pins on an abstract map.
  'history-2016': [
    800,
    533,
    `
    <rect width="800" height="533" fill="${navy2}"/>
    <g fill="#52606d">
      <path d="M250 420 Q230 330 290 280 Q330 230 420 250 Q500 210 560 260 Q640 300 600 380 Q560 450 450 440 Q340 470 250 420 Z"/>
      <path d="M170 250 Q150 180 200 140 Q240 130 240 190 Q250 250 210 270 Z"/>
      <path d="M400 150 Q420 90 460 100 Q470 150 440 190 Q410 200 400 150 Z"/>
    </g>
    ${pin(330, 290, orange)}${pin(300, 330, orange)}${pin(380, 320, orange)}${pin(290, 390, orange)}${pin(340, 360, orange)}${pin(215, 215, orange)}${pin(440, 175, orange)}`,
  ],
  // 2025: electric, a car at a fast charger.
  'history-2025': [
    800,
    533,
    `
    <rect width="800" height="533" fill="#e8edf3"/>
    ${ground()}
    <rect x="560" y="230" width="90" height="190" rx="12" fill="${navy}"/>
    <rect x="578" y="255" width="54" height="40" rx="4" fill="#86efac"/>
    <path d="M612 310 L592 350 H608 L598 385 L626 340 H610 Z" fill="#facc15"/>
    <path d="M560 330 Q510 330 500 392" fill="none" stroke="#1f2933" stroke-width="8" stroke-linecap="round"/>
    ${car(90, 320, 1.45, '#15803d')}`,
  ],
})

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
