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
const moduleScript = /<script type="module" async="" src="([^"<>]+)"([^>]*)><\/script>/g

/**
 * Loads on the first paint the browser reports (a frame on screen, not only drawn), or half a
 * second after the first frame where paint timing is missing; at once in a hidden tab.
 */
export const entryLoader =
  '(function(d){var o;function l(){if(o)return;o=1;d.preloads.split(" ").forEach(function(h){var k=document.createElement("link");k.rel="modulepreload";k.href=h;document.head.appendChild(k)});import(d.entry)}' +
  'if(document.visibilityState==="hidden")return l();try{new PerformanceObserver(l).observe({type:"paint",buffered:!0})}catch(e){}' +
  'requestAnimationFrame(function(){setTimeout(l,500)})})(document.currentScript.dataset)'

export function deferClientEntry(html: string, marker: string): string {
  const stamped = `nonce="${marker}"`
  const entry = [...html.matchAll(moduleScript)].find((match) => match[2]?.includes(stamped))
  const src = entry?.[1]
  if (!entry || !src) return html
  const preloads: string[] = []
  const withoutPreloads = html.replace(preloadLink, (link, href: string) => {
    if (!link.includes(stamped)) return link
    preloads.push(href)
    return ''
  })
  // As written in the HTML (entities included, no quote: the patterns exclude it); space-separated:
  // a URL from the build has no spaces.
  const loader = `<script ${stamped} data-entry="${src}" data-preloads="${preloads.join(' ')}">${entryLoader}</script>`
  return withoutPreloads.replace(entry[0], () => loader)
}
