import { passes, workersAll } from './settings.mjs'
import { startApp, startBare } from './servers.mjs'

/**
 * The configurations the bench measures, one server at a time, in this order: a label, a title,
 * how to start its server on `port` (the bare ones answer with the app's bytes of `loadPages`),
 * and how many passes over the pages. A new scenario is one more entry here (the summary,
 * targets and comparison name the six below).
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
