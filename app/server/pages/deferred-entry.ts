/**
 * The page is painted before its JavaScript is fetched. As rendered, the head asks for every
 * chunk of the app (`<link rel="modulepreload">`) and the body loads the entry module: on a
 * slow phone those downloads share the first round trips with the hero image, and their
 * evaluation can hold the first frame back. Here the preload links leave the head and the
 * entry's `<script type="module" src>` becomes a small inline loader that, once the first frame
 * is on screen, adds the same preload links (the chunks still download in parallel, not one import
 * level at a time) and imports the entry. In a hidden tab (no frames) it loads at once.
 *
 * The loader's text is the same on every page (the URLs are in its data attributes), and like
 * every router script it carries the render's marker, so its hash enters the page's policy
 * (security-headers.ts). Only tags with the marker are touched (the router stamps it; content
 * cannot guess it). A page without such an entry script is left as it is.
 */

const preloadLink = /<link rel="modulepreload" href="([^"<>]+)"[^>]*>/g
const entryOpening = '<script type="module" async="" src="'
const entryTag = /^<script type="module" async="" src="([^"<>]+)"([^>]*)><\/script>$/

/** The router's entry script: the last module script with the marker (it ends the body). */
function routerEntry(html: string, stamped: string): { start: number; end: number; src: string } | undefined {
  for (let at = html.lastIndexOf(entryOpening); at >= 0; at = at > 0 ? html.lastIndexOf(entryOpening, at - 1) : -1) {
    const close = html.indexOf('></script>', at)
    if (close < 0) continue
    const end = close + '></script>'.length
    const match = entryTag.exec(html.slice(at, end))
    if (match?.[1] && match[2]?.includes(stamped)) return { start: at, end, src: match[1] }
  }
  return undefined
}

/**
 * Loads on the first contentful paint the browser reports (content on screen, not only drawn),
 * or half a second after the first frame where paint timing is missing (three seconds where it is
 * there, should no contentful paint come); at once in a hidden tab.
 * The chunks are evaluated one by one, the entry last, with a task break between them: one
 * evaluation of the whole graph was the longest task after the paint (react-dom has a chunk of
 * its own for this, vite.config.ts); in a hidden tab, where timers run once a second, the entry
 * is imported at once. A chunk that fails to load is skipped; the entry's import then fails as it
 * would have.
 */
export const entryLoader =
  '(function(d){var o;function l(){if(o)return;o=1;var p=d.preloads.split(" ");' +
  // One link per task: Chromium spends about a millisecond on each inserted modulepreload (a
  // fetch starts synchronously), and two dozen of them in one task were the longest task after
  // the paint (ADR 088).
  'p.forEach(function(h){setTimeout(function(){var k=document.createElement("link");k.rel="modulepreload";k.href=h;document.head.appendChild(k)},0)});' +
  // A hidden tab throttles timers to one a second: there the entry is imported at once.
  'var q=document.visibilityState==="hidden"?[]:p.filter(function(h){return h!==d.entry});(function n(i){if(i<q.length){var g=function(){setTimeout(function(){n(i+1)},0)};import(q[i]).then(g,g)}else import(d.entry)})(0)}' +
  'if(document.visibilityState==="hidden")return l();try{new PerformanceObserver(function(p){p.getEntriesByName("first-contentful-paint").length&&l()}).observe({type:"paint",buffered:!0})}catch(e){}' +
  // Without paint timing, half a second after the first frame; with it, a late safety net only (a
  // busy phone can paint later than that, and loading before the paint is what this avoids).
  'var w=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0?500:3e3;' +
  'requestAnimationFrame(function(){setTimeout(l,w)})})(document.currentScript.dataset)'

export function deferClientEntry(html: string, marker: string): string {
  const stamped = `nonce="${marker}"`
  const entry = routerEntry(html, stamped)
  // The preloads are in the head: only that part is searched (the body is most of the page).
  const headEnd = html.indexOf('</head>')
  if (!entry || headEnd < 0 || headEnd > entry.start) return html
  const preloads: string[] = []
  const head = html.slice(0, headEnd).replace(preloadLink, (link, href: string) => {
    if (!link.includes(stamped)) return link
    preloads.push(href)
    return ''
  })
  // As written in the HTML (entities included, no quote: the patterns exclude it); space-separated:
  // a URL from the build has no spaces.
  const loader = `<script ${stamped} data-entry="${entry.src}" data-preloads="${preloads.join(' ')}">${entryLoader}</script>`
  return head + html.slice(headEnd, entry.start) + loader + html.slice(entry.end)
}
