// What `npm run bench` and `npm run lighthouse` share besides starting the server:
// free ports and the five measured pages.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { parse as parseYaml } from 'yaml'

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** Ports from first..last: a port handed out is not handed out again until released. */
export function portPicker(first, last) {
  const taken = new Set()
  return {
    async freePort() {
      for (let port = first; port <= last; port++) {
        if (taken.has(port)) continue
        if (await isFree(port)) {
          taken.add(port)
          return port
        }
      }
      throw new Error(`no free port in ${first}-${last}`)
    },
    releasePort(port) {
      taken.delete(port)
    },
  }
}

/**
 * The five measured pages' nl paths, from the content and route catalog; the news detail is
 * the first article linked from the news list. `fetchHtml(path)` returns a page's HTML.
 */
export async function measuredPages(fetchHtml) {
  const segment = (page) => parseYaml(readFileSync(`content/pages/${page}.yaml`, 'utf8')).urlSegment.nl
  const routesPo = readFileSync('app/locales/nl/routes.po', 'utf8')
  const news = /msgid "segment\.news"\s*\nmsgstr "([^"]+)"/.exec(routesPo)?.[1]
  if (!news) throw new Error('segment.news not found in app/locales/nl/routes.po')
  const detail = new RegExp(`href="(/${news}/[^"?#/]+)"`).exec(await fetchHtml(`/${news}`))?.[1]
  if (!detail) throw new Error(`no news article link on /${news}`)
  return {
    home: '/',
    'news list': `/${news}`,
    'news detail': detail,
    contact: `/${segment('contact')}`,
    locations: `/${segment('locations')}`,
  }
}
