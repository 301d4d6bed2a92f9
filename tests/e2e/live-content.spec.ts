import { type ChildProcess } from 'node:child_process'
import { appendFileSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { getOnNewConnection, startServer, stopServer } from './server-process'

/**
 * Content edits are live without a build, however the file is written (after one save
 * by rename, Node's recursive watch never reported in-place writes to that file again). A server
 * of its own with two workers and its own copy of content/; each kind of write in turn must show
 * on both workers, and a half-written file keeps the last good version online.
 */
test.describe.configure({ mode: 'serial' })

const port = Number(process.env.E2E_PORT ?? 3210) + 55
const base = `http://127.0.0.1:${port}`
/**
 * What docs/content.md promises is a second: `npm run bench -- --content-growth` measures it
 * (edit live). Here a write that shows ends the wait, so the deadline only has to catch a write
 * that never does, on however loaded a machine; the times are in the test's annotations.
 */
const liveWithinMs = 20_000

const contentDir = join(mkdtempSync(join(tmpdir(), 'site-live-content-')), 'content')
cpSync('content', contentDir, { recursive: true })
const about = join(contentDir, 'pages/about.yaml')
const aboutText = readFileSync(about, 'utf8')
const site = join(contentDir, 'site.yaml')
const siteText = readFileSync(site, 'utf8')
const news = join(contentDir, 'news/jubileum.yaml')
const newsText = readFileSync(news, 'utf8')

/** about.yaml with its Dutch title, and optionally its hero image from the content folder's media, size read from the file. */
function aboutWith(title: string, heroSrc?: string): string {
  const text = aboutText.replace('title: { nl: Over ons,', `title: { nl: ${title},`)
  return heroSrc === undefined
    ? text
    : text.replace('      src: /media/team.webp\n      width: 1200\n      height: 800\n', `      src: ${heroSrc}\n`)
}

/** Writes a file the way editors with an atomic save, `sed -i` and git do: a new file renamed over the old one. */
function writeByRename(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text)
  renameSync(`${file}.tmp`, file)
}

let server: ChildProcess | undefined
let output = ''
const timings: string[] = []

test.beforeAll(async () => {
  server = await startServer(
    port,
    { CONTENT_DIR: contentDir, WEB_CONCURRENCY: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'site-live-content-data-')) },
    { onOutput: (text) => (output += text) },
  )
  await expect.poll(() => output.match(/Worker #\d started/g)?.length ?? 0, { timeout: 20_000 }).toBe(2)
})

test.afterAll(async () => {
  if (server) await stopServer(server)
})

/** The workers (WORKER_ID) that logged `message` since `mark` (a length of the output). */
function workersThatLogged(mark: number, message: string): string[] {
  const ids = output
    .slice(mark)
    .split('\n')
    .filter((line) => line.includes(message))
    .map((line) => /"worker":"(\d+)"/.exec(line)?.[1] ?? '?')
  return [...new Set(ids)].sort()
}

/**
 * Whether two pairs of requests on connections of their own all show `expected`: the cluster
 * primary hands new connections to the workers in turn, so each pair reaches both workers.
 */
async function everyWorkerShows(path: string, expected: RegExp): Promise<boolean> {
  for (let pair = 0; pair < 2; pair++) {
    const answers = await Promise.all([getOnNewConnection(`${base}${path}`), getOnNewConnection(`${base}${path}`)])
    for (const { status, body } of answers) {
      lastSeen = `${status} ${/<title>[^<]*/.exec(body)?.[0] ?? body.slice(0, 80)}`
      if (status !== 200 || !expected.test(body)) return false
    }
  }
  return true
}
/** What the last request of everyWorkerShows got (status and title), for a failure's message. */
let lastSeen = ''

/** The CMS's log lines since `mark`, for a failure's message. */
const cmsLog = (mark: number) =>
  output
    .slice(mark)
    .split('\n')
    .filter((line) => line.includes('[cms]'))
    .join('\n')

/** Does `write`, then waits (at most liveWithinMs) until `seen` holds (given where the output stood before the write). */
async function seenAfter(what: string, write: () => void, seen: (mark: number) => boolean | Promise<boolean>): Promise<void> {
  await test.step(what, async () => {
    const mark = output.length
    const started = Date.now()
    write()
    try {
      await expect.poll(() => seen(mark), { message: what, timeout: liveWithinMs, intervals: [50] }).toBe(true)
    } catch (error) {
      throw new Error(`${String(error)}\nlast seen: ${lastSeen}\nCMS log since the write:\n${cmsLog(mark)}`, { cause: error })
    }
    timings.push(`${what}: ${Date.now() - started} ms`)
  })
}

/** Does `write`, then waits (at most liveWithinMs) until both workers serve `expected` at `path`. */
async function liveAfter(what: string, write: () => void, path: string, expected: RegExp): Promise<void> {
  await seenAfter(`${what} (${path} shows ${expected})`, write, () => everyWorkerShows(path, expected))
}

/** Does `write`, waits until both workers refused the content it leaves, and checks both still serve `expected`. */
async function refusedAfter(what: string, write: () => void, path: string, expected: RegExp): Promise<void> {
  await test.step(what, async () => {
    const mark = output.length
    write()
    await expect
      .poll(() => workersThatLogged(mark, 'content not reloaded, still serving the last good version'), {
        message: what,
        timeout: liveWithinMs,
      })
      .toEqual(['1', '2'])
    expect(await everyWorkerShows(path, expected), `${what}: ${path} still shows ${expected}`).toBe(true)
  })
}

test('every kind of write is live on both workers; a half-written file keeps the last good version', async () => {
  test.setTimeout(180_000)
  const newsPath = '/nieuws/zestig-jaar-autogroep-horizon'
  // A worker that has served a page has loaded the content and watches it ("Worker #n started" comes before).
  // Then each reloads once and renders each page: a fresh worker's first render alone can take a second here.
  expect(await everyWorkerShows('/over-ons', /<title>Over ons – Autogroep Horizon<\/title>/)).toBe(true)
  const mark = output.length
  appendFileSync(site, '\n')
  await expect.poll(() => workersThatLogged(mark, '[cms] content reloaded'), { timeout: 10_000 }).toEqual(['1', '2'])
  expect(await everyWorkerShows('/over-ons', /<title>Over ons – Autogroep Horizon<\/title>/)).toBe(true)
  expect(await everyWorkerShows(newsPath, /<h1[^>]*>Zestig jaar Autogroep Horizon</)).toBe(true)

  // A page, the site file and a news item, each saved in place, by rename, and in place again.
  await liveAfter('page in place', () => writeFileSync(about, aboutWith('Stap een')), '/over-ons', /<title>Stap een – /)
  await liveAfter('page by rename', () => writeByRename(about, aboutWith('Stap twee')), '/over-ons', /<title>Stap twee – /)
  await liveAfter('page in place after a rename', () => writeFileSync(about, aboutWith('Stap drie')), '/over-ons', /<title>Stap drie – /)
  // Nothing to see on the page: the workers' logs tell.
  await seenAfter(
    'page appended to after a rename (both workers reload)',
    () => appendFileSync(about, '# saved again\n'),
    (mark) => workersThatLogged(mark, '[cms] content reloaded').length === 2,
  )
  const siteTitled = (title: string) => siteText.replace('{ nl: Autogroep Horizon,', `{ nl: ${title},`)
  await liveAfter(
    'site file by rename',
    () => writeByRename(site, siteTitled('Horizon Een')),
    '/over-ons',
    /<title>Stap drie – Horizon Een<\/title>/,
  )
  await liveAfter(
    'site file in place after a rename',
    () => writeFileSync(site, siteTitled('Horizon Twee')),
    '/over-ons',
    /<title>Stap drie – Horizon Twee<\/title>/,
  )
  const newsTitled = (title: string) => newsText.replace('nl: "Zestig jaar Autogroep Horizon"', `nl: "${title}"`)
  await liveAfter('news item by rename', () => writeByRename(news, newsTitled('Nieuws een')), newsPath, /<h1[^>]*>Nieuws een</)
  await liveAfter(
    'news item in place after a rename',
    () => writeFileSync(news, newsTitled('Nieuws twee')),
    newsPath,
    /<h1[^>]*>Nieuws twee</,
  )

  // Deleted (the menu still names the page: refused) and made again.
  await refusedAfter('page deleted', () => unlinkSync(about), '/over-ons', /<title>Stap drie – /)
  await liveAfter('page made again', () => writeFileSync(about, aboutWith('Stap vier')), '/over-ons', /<title>Stap vier – /)

  // Half-written, as a large save seen midway: not valid YAML, the last good version stays; the rest of the save is picked up.
  const complete = aboutWith('Stap vijf')
  const cut = complete.indexOf('title: { nl: Stap vijf, en: Ab')
  await refusedAfter('page half-written', () => writeFileSync(about, complete.slice(0, cut + 25)), '/over-ons', /<title>Stap vier – /)
  await liveAfter('page written to the end', () => appendFileSync(about, complete.slice(cut + 25)), '/over-ons', /<title>Stap vijf – /)

  // A new file.
  const newPage = [
    'type: Page',
    'id: live-nieuw',
    'parent: home',
    'sort: 95',
    'urlSegment: { nl: live-nieuw, en: live-new, de: live-neu, fr: live-nouveau, da: live-ny }',
    'title: { nl: Nieuwe pagina, en: New page, de: Neue Seite, fr: Nouvelle page, da: Ny side }',
    '',
  ].join('\n')
  await liveAfter(
    'new page file',
    () => writeFileSync(join(contentDir, 'pages/live-nieuw.yaml'), newPage),
    '/live-nieuw',
    /<title>Nieuwe pagina – /,
  )

  // A new folder in media: an image there (its size is read from the file), then replaced in place with another size.
  const media = join(contentDir, 'media')
  const heroIn = (folder: string, height: number) => new RegExp(`src="/media/${folder}/foto\\.webp"[^>]* width="1600" height="${height}"`)
  await liveAfter(
    'image in a new media folder',
    () => {
      mkdirSync(join(media, 'live'), { recursive: true })
      copyFileSync('public/media/hero-home.webp', join(media, 'live/foto.webp'))
      writeFileSync(about, aboutWith('Stap zes', '/media/live/foto.webp'))
    },
    '/over-ons',
    heroIn('live', 900),
  )
  await liveAfter(
    'image replaced in place in the new folder',
    () => writeFileSync(join(media, 'live/foto.webp'), readFileSync('public/media/landscape-road.webp')),
    '/over-ons',
    heroIn('live', 600),
  )

  // A renamed folder: the page follows it, then an image in it is replaced in place.
  await liveAfter(
    'media folder renamed',
    () => {
      renameSync(join(media, 'live'), join(media, 'live-2'))
      writeFileSync(about, aboutWith('Stap zeven', '/media/live-2/foto.webp'))
    },
    '/over-ons',
    heroIn('live-2', 600),
  )
  await liveAfter(
    'image replaced in place in the renamed folder',
    () => writeFileSync(join(media, 'live-2/foto.webp'), readFileSync('public/media/hero-home.webp')),
    '/over-ons',
    heroIn('live-2', 900),
  )
  test.info().annotations.push({ type: 'live after', description: timings.join('; ') })
  console.log(`live-content, write to seen on both workers:\n  ${timings.join('\n  ')}`)
})
