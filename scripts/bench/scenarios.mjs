import { passes, workersAll } from './settings.mjs'
import { referencePages } from './pages.mjs'
import { startApp, startBare, startReference } from './servers.mjs'

/**
 * The configurations the bench measures, one server at a time, in this order: a label, a title,
 * how to start its server on `port` (the bare ones answer with the app's bytes of `loadPages`),
 * how many passes over the pages, and its own pages when they are not `loadPages` (the reference
 * app's). A new scenario is one more entry here (the summary, targets and comparison name the
 * seven below).
 */
export function scenarios(port, loadPages) {
  const allEnv = { WEB_CONCURRENCY: String(workersAll) }
  return [
    { label: '(b)', title: 'app, 1 worker, page cache on', start: () => startApp(port, {}, '(b)'), passes },
    {
      label: '(c)',
      title: 'app, 1 worker, page cache off (PAGE_CACHE_TTL=0), CMS cache warm',
      start: () => startApp(port, { PAGE_CACHE_TTL: '0' }, '(c)'),
      passes,
    },
    // Right after (c): the floor its uncached renders are set against, measured the same way.
    {
      label: '(r)',
      title: 'reference app (bench/reference), 1 process, nothing cached',
      start: () => startReference(port),
      passes,
      pages: referencePages,
    },
    { label: '(b*)', title: `app, ${workersAll} workers, page cache on`, start: () => startApp(port, allEnv, '(b*)'), passes: 1 },
    {
      label: '(c*)',
      title: `app, ${workersAll} workers, page cache off`,
      start: () => startApp(port, { ...allEnv, PAGE_CACHE_TTL: '0' }, '(c*)'),
      passes: 1,
    },
    { label: '(a)', title: 'bare node:http, 1 process, the same bytes', start: () => startBare(port, loadPages), passes: 1 },
    {
      label: '(a*)',
      title: `bare node:cluster, ${workersAll} workers, the same bytes`,
      start: () => startBare(port, loadPages, workersAll),
      passes: 1,
    },
  ]
}
