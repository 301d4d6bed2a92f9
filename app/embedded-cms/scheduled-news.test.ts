/**
 * The content store leaves a news item dated after today (in the group's time zone) out of what
 * visitors see, and shows it in preview mode (ADR 093); and it serves a draft of the admin in
 * preview mode only (ADR 092).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { currentContent, reloadContent, stopWatchingContent } from './content-store.server'
import { dayIn } from './content/schedule'

const dir = join(mkdtempSync(join(tmpdir(), 'cms-scheduled-')), 'content')
cpSync('content', dir, { recursive: true })

afterAll(() => stopWatchingContent())

const titles = (preview: boolean) => (currentContent(preview).news.get('nl_NL') ?? []).map((item) => item.title)

it('holds back news dated tomorrow from visitors, not from preview', () => {
  const tomorrow = dayIn(new Date(Date.now() + 36 * 3_600_000))
  const file = join(dir, 'news/jubileum.yaml')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^date: .*$/m, `date: ${tomorrow}`))
  reloadContent(dir)
  expect(titles(false)).not.toContain('Zestig jaar Autogroep Horizon')
  expect(titles(true)).toContain('Zestig jaar Autogroep Horizon')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^date: .*$/m, `date: ${dayIn(new Date())}`))
  reloadContent(dir)
  expect(titles(false)).toContain('Zestig jaar Autogroep Horizon')
})

it('shows a draft of the admin in preview mode only', () => {
  const about = readFileSync(join(dir, 'pages/about.yaml'), 'utf8')
  mkdirSync(join(dir, 'drafts/pages'), { recursive: true })
  writeFileSync(join(dir, 'drafts/pages/about.yaml'), about.replace('nl: Over ons,', 'nl: Over ons in concept,'))
  reloadContent(dir)
  expect(currentContent(true).pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons in concept')
  expect(currentContent(false).pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons')
  // A draft that does not fit (two pages at one address) costs the preview of the drafts only.
  writeFileSync(join(dir, 'drafts/pages/about.yaml'), about.replace('urlSegment: { nl: over-ons', 'urlSegment: { nl: contact'))
  reloadContent(dir)
  expect(currentContent(true).pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons')
  expect(currentContent(false).pages.get('nl_NL')?.get('/over-ons')?.title).toBe('Over ons')
})
