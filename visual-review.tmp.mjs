import { chromium } from '@playwright/test'
import { writeFileSync, mkdirSync } from 'node:fs'
const B = 'http://127.0.0.1:4710'
const OUT = '/tmp/visual/shots'
mkdirSync(OUT, { recursive: true })
const pages = {
  nl: { home: '/', history: '/over-ons/historie', news: '/nieuws', news2: '/nieuws?page=2', newsd: '/nieuws/snelladers-bij-alle-vestigingen', contact: '/contact', locs: '/vestigingen', loc: '/vestigingen/frankfurt-am-main-dealer', cookie: '/cookie-policy', privacy: '/privacy', terms: '/algemene-voorwaarden', e404: '/bestaat-niet-xyz' },
  en: { home: '/en', history: '/en/about-us/history', news: '/en/news', news2: '/en/news?page=2', newsd: '/en/news/fast-chargers-at-every-location', contact: '/en/contact', locs: '/en/locations', loc: '/en/locations/frankfurt-am-main-dealer', cookie: '/en/cookie-policy', privacy: '/en/privacy', terms: '/en/algemene-voorwaarden', e404: '/en/does-not-exist-xyz' },
  de: { home: '/de', history: '/de/uber-uns/geschichte', news: '/de/nachricht', news2: '/de/nachricht?page=2', newsd: '/de/nachricht/schnellladesaeulen-an-allen-standorten', contact: '/de/kontakt', locs: '/de/standorte', loc: '/de/standorte/frankfurt-am-main-dealer', cookie: '/de/cookie-policy', privacy: '/de/datenschutz', terms: '/de/algemene-voorwaarden', e404: '/de/gibt-es-nicht-xyz' },
  fr: { home: '/fr', history: '/fr/a-propos/histoire', news: '/fr/actualites', news2: '/fr/actualites?page=2', newsd: '/fr/actualites/bornes-rapides-dans-tous-nos-sites', contact: '/fr/contact', locs: '/fr/etablissements', loc: '/fr/etablissements/esch-sur-alzette-dealer', cookie: '/fr/cookie-policy', privacy: '/fr/confidentialite', terms: '/fr/algemene-voorwaarden', e404: '/fr/nexiste-pas-xyz' },
  da: { home: '/da', history: '/da/om-os/historie', news: '/da/nyheder', news2: '/da/nyheder?page=2', newsd: '/da/nyheder/lynladere-paa-alle-afdelinger', contact: '/da/kontakt', locs: '/da/afdelinger', loc: '/da/afdelinger/kobenhavn-dealer', cookie: '/da/cookie-policy', privacy: '/da/fortrolighed', terms: '/da/algemene-voorwaarden', e404: '/da/findes-ikke-xyz' },
}
const locales = { nl: 'nl-NL', en: 'en-GB', de: 'de-DE', fr: 'fr-FR', da: 'da-DK' }
const onlyLang = process.argv[2]
const mobile = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
const desktop = { viewport: { width: 1280, height: 800 } }

const audit = () => {
  const W = document.documentElement.clientWidth
  const res = { scrollWidth: document.documentElement.scrollWidth, bodyScrollWidth: document.body.scrollWidth, clientWidth: W }
  const desc = (el) => {
    let s = el.tagName.toLowerCase()
    if (el.id) s += '#' + el.id
    if (el.className && typeof el.className === 'string') s += '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.')
    return s
  }
  const path = (el) => { const p = []; let e = el; for (let i = 0; e && i < 3; i++, e = e.parentElement) p.unshift(desc(e)); return p.join(' > ') }
  const clippedByAncestor = (el) => {
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e)
      if (/(hidden|clip|auto|scroll)/.test(cs.overflowX)) { const r = e.getBoundingClientRect(); if (r.right <= W + 1 && r.left >= -1) return true }
    }
    return false
  }
  const visible = (el) => { const cs = getComputedStyle(el); if (cs.visibility === 'hidden' || cs.display === 'none' || +cs.opacity === 0) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 }
  const over = []
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect()
    if (r.width === 0) continue
    if ((r.right > W + 1 || r.left < -1) && visible(el) && !clippedByAncestor(el)) over.push({ el: path(el), left: Math.round(r.left), right: Math.round(r.right), text: (el.innerText || '').slice(0, 40) })
  }
  res.overflow = over.slice(0, 15)
  // inner overflow: elements whose own content is wider than their box and overflow visible (text sticking out)
  const inner = []
  for (const el of document.querySelectorAll('body *')) {
    if (!visible(el)) continue
    const cs = getComputedStyle(el)
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && cs.overflowX === 'visible' && !['svg','path','g'].includes(el.tagName.toLowerCase())) {
      inner.push({ el: path(el), sw: el.scrollWidth, cw: el.clientWidth, text: (el.innerText || '').slice(0, 50) })
    }
    if (/(hidden|clip)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1 && (cs.textOverflow !== 'ellipsis')) {
      inner.push({ clipped: true, el: path(el), sw: el.scrollWidth, cw: el.clientWidth, text: (el.innerText || '').slice(0, 50) })
    }
  }
  res.innerOverflow = inner.slice(0, 20)
  // tap targets
  const taps = []
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])')) {
    if (!visible(el)) continue
    const r = el.getBoundingClientRect()
    if (r.width < 24 || r.height < 24) {
      // inline link inside text?
      const inlineInText = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && el.parentElement && /^(P|LI|TD|DD|SPAN|LABEL|SMALL)$/.test(el.parentElement.tagName) && (el.parentElement.innerText || '').length > (el.innerText || '').length + 10
      taps.push({ el: path(el), w: Math.round(r.width), h: Math.round(r.height), text: (el.innerText || el.getAttribute('aria-label') || el.value || '').slice(0, 30), inline: inlineInText })
    }
  }
  res.smallTaps = taps
  // small text
  const small = new Map()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let n; (n = walker.nextNode());) {
    if (!n.textContent.trim()) continue
    const p = n.parentElement
    if (!p || !visible(p)) continue
    const fs = parseFloat(getComputedStyle(p).fontSize)
    if (fs < 12) { const k = path(p) + ' @' + fs; if (!small.has(k)) small.set(k, n.textContent.trim().slice(0, 40)) }
  }
  res.smallText = [...small.entries()].map(([k, v]) => k + ' :: ' + v)
  // images
  res.imgs = [...document.images].filter((i) => visible(i)).map((i) => ({ src: i.currentSrc.replace(location.origin, '').slice(0, 80), wAttr: i.getAttribute('width'), hAttr: i.getAttribute('height'), ar: getComputedStyle(i).aspectRatio, loading: i.loading, alt: i.getAttribute('alt'), natural: i.naturalWidth + 'x' + i.naturalHeight, rendered: Math.round(i.getBoundingClientRect().width) + 'x' + Math.round(i.getBoundingClientRect().height) })).filter((i) => !i.wAttr || !i.hAttr || i.natural === '0x0')
  res.cls = window.__cls
  res.title = document.title
  res.lang = document.documentElement.lang
  res.h1 = [...document.querySelectorAll('h1')].map((h) => h.innerText)
  return res
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const report = {}
for (const [lang, map] of Object.entries(pages)) {
  if (onlyLang && onlyLang !== lang) continue
  for (const [vpName, vp] of [['m', mobile], ['d', desktop]]) {
    const ctx = await browser.newContext({ ...vp, locale: locales[lang] })
    await ctx.route('https://tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }))
    await ctx.addInitScript(() => { window.__cls = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value }).observe({ type: 'layout-shift', buffered: true }) })
    for (const [key, path] of Object.entries(map)) {
      const page = await ctx.newPage()
      const errs = []
      page.on('pageerror', (e) => errs.push(String(e)))
      page.on('console', (m) => { if (m.type() === 'error') errs.push(m.text()) })
      let status
      try {
        const resp = await page.goto(B + path, { waitUntil: 'networkidle', timeout: 30000 })
        status = resp?.status()
      } catch (e) { errs.push('goto ' + e) }
      await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 500) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 40)) } window.scrollTo(0, 0) })
      await page.evaluate(() => Promise.all([...document.images].filter((i) => !i.complete).map((i) => new Promise((r) => { i.onload = i.onerror = r; setTimeout(r, 3000) }))))
      await page.waitForTimeout(400)
      const file = `${OUT}/${lang}-${key}-${vpName}.png`
      await page.screenshot({ path: file, fullPage: true })
      const a = await page.evaluate(audit)
      a.status = status; a.errs = errs; a.url = page.url()
      report[`${lang}-${key}-${vpName}`] = a
      await page.close()
    }
    await ctx.close()
  }
}
await browser.close()
writeFileSync(`/tmp/visual/report${onlyLang ? '-' + onlyLang : ''}.json`, JSON.stringify(report, null, 1))
console.log('done')
