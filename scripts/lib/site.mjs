// What `npm run bench` and `npm run lighthouse` share besides starting the server:
// a run's temporary folder and clean-up, free ports and the five measured pages.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'

/**
 * One measuring run: a temporary folder, what to stop on the way out (newest first), and the
 * same ending on success, failure or Ctrl+C (servers and browsers never outlive the run).
 */
export function measuringRun(name) {
  const tmp = mkdtempSync(join(tmpdir(), `${name}-`))
  const cleanups = []
  let cleanedUp = false
  async function cleanup() {
    if (cleanedUp) return
    cleanedUp = true
    for (const fn of cleanups.reverse()) {
      try {
        await fn()
      } catch {}
    }
    rmSync(tmp, { recursive: true, force: true })
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping what ${name} started…`)
      cleanup().finally(() => process.exit(130))
    })
  }
  return {
    tmp,
    /** Runs `fn` at the end; the returned function takes it back (it already ran). */
    onCleanup(fn) {
      cleanups.push(fn)
      return () => cleanups.splice(cleanups.indexOf(fn), 1)
    },
    async run(main) {
      try {
        await main()
      } catch (error) {
        console.error(error instanceof Error ? error.stack : error)
        process.exitCode = 1
      } finally {
        await cleanup()
      }
    },
  }
}

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

/** The first single-location page the locations list links to (`/vestigingen/{slug}`), if any. */
export function firstLocationPath(locationsPath, locationsHtml) {
  const escaped = locationsPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`href="(${escaped}/[^"/?#]+)"`).exec(locationsHtml)?.[1]
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
