import { connections, duration, regressionThreshold, targets, workersAll } from './settings.mjs'
import { fmt, kb, pct, signed, table } from './format.mjs'
import { changeCell, compare, describeValue } from './compare.mjs'
import { msPerRequest } from './load.mjs'

/** Every load run, one line each, with the notes on noisy or generator-bound runs. */
export function printRuns(measured, log) {
  const bareRuns = measured['(a)'].runs
  const bareAllRuns = measured['(a*)'].runs
  const bareOf = (label) => (label.endsWith('*)') ? bareAllRuns : bareRuns)
  const rows = [
    [
      'run',
      'page',
      'pass',
      'req/s',
      'req/CPU-s',
      '/CPU-s of bare',
      'req/s of bare',
      'p50 ms',
      'p99 ms',
      'KB',
      'srv CPU',
      'gen CPU',
      'other CPU0',
      'unexp/err/t-o',
      'RSS MB',
      'X-Page-Cache',
    ],
  ]
  for (const label of ['(a)', '(b)', '(c)', '(r)', '(a*)', '(b*)', '(c*)']) {
    for (const r of measured[label].runs) {
      const bare = label.startsWith('(a') || label === '(r)' ? undefined : bareOf(label).find((b) => b.page === r.page)
      rows.push([
        label,
        r.page,
        String(r.pass),
        fmt(r.reqPerSec, 0),
        fmt(r.reqPerCpuSecond, 0),
        bare ? pct(r.reqPerCpuSecond / bare.reqPerCpuSecond) : '–',
        bare ? pct(r.reqPerSec / bare.reqPerSec) : '–',
        r.latencyMs.p50,
        r.latencyMs.p99,
        fmt(r.responseBytes / 1024),
        pct(r.serverCpu),
        pct(r.generatorCpu),
        pct(r.otherOnServerCpu),
        r.unexpected || r.errors || r.timeouts ? `${r.unexpected}/${r.errors}/${r.timeouts}` : '0',
        fmt(r.rssMb),
        r.pageCacheAfter ?? '–',
      ])
    }
  }
  log(`\n${table(rows, 3)}`)
  log(
    'req/CPU-s: requests per second of server CPU; of bare: against the bare run of the same page ((a), or (a*) for starred runs);\n' +
      "srv/gen CPU: share of one CPU used by the server / this load generator; other CPU0: other processes' share of\n" +
      "the server's CPU (noise); unexp/err/t-o: answers with another status than the page's, errors, timeouts.",
  )
  const allRuns = Object.values(measured).flatMap((s) => s.runs)
  const noisy = allRuns.filter((r) => r.otherOnServerCpu > 0.1)
  if (noisy.length) log(`Note: other processes took over 10% of the server's CPU in ${noisy.length} run(s): those figures are low.`)
  const generatorBound = bareRuns.filter((r) => r.generatorCpu > 0.9)
  if (generatorBound.length) {
    log(
      `Note: the load generator used over 90% of its CPU on (a) (${generatorBound.map((r) => r.page).join(', ')}): there (a)'s req/s is the ` +
        "generator's limit, not the server's; the per-CPU-s ratios hold.",
    )
  }

  return { allRuns, noisy }
}

/** The per-page summary, requests per second, RSS per configuration and the initial JS. */
export function printSummary(s, loadPages, measured, js, log) {
  const latency = (l) => `${l.p50} / ${l.p99}`
  log(
    `\nSummary: best pass per page; ratios to the bare server sending the same bytes with as many processes\n` +
      `((b), (c): 1 worker vs (a) 1 process; (b*), (c*): ${workersAll} workers vs (a*) ${workersAll}). Per second of server CPU first.`,
  )
  log(
    table([
      [
        'page',
        '(b) /CPU-s',
        '(c) /CPU-s',
        '(b*) /CPU-s',
        '(c*) /CPU-s',
        '(b) req/s',
        '(c) req/s',
        '(b*) req/s',
        '(c*) req/s',
        '(b) p50/p99 ms',
        '(c) p50/p99 ms',
      ],
      ...loadPages.map(({ name }) => [
        name,
        pct(s['(b)'][name].perCpuRatio),
        pct(s['(c)'][name].perCpuRatio),
        pct(s['(b*)'][name].perCpuRatio),
        pct(s['(c*)'][name].perCpuRatio),
        pct(s['(b)'][name].ratio),
        pct(s['(c)'][name].ratio),
        pct(s['(b*)'][name].ratio),
        pct(s['(c*)'][name].ratio),
        latency(s['(b)'][name].latencyMs),
        latency(s['(c)'][name].latencyMs),
      ]),
    ]),
  )
  log(`\nRequests per second (best pass) and the gain of ${workersAll} processes over 1`)
  log(
    table([
      ['page', '(a)', '(b)', '(c)', '(a*)', '(b*)', '(c*)', '(a*)/(a)', '(b*)/(b)', '(c*)/(c)'],
      ...loadPages.map(({ name }) => {
        const rps = (label) => s[label][name].reqPerSec
        return [
          name,
          ...['(a)', '(b)', '(c)', '(a*)', '(b*)', '(c*)'].map((label) => fmt(rps(label), 0)),
          pct(rps('(a*)') / rps('(a)')),
          pct(rps('(b*)') / rps('(b)')),
          pct(rps('(c*)') / rps('(c)')),
        ]
      }),
    ]),
  )

  log(
    `\n${table([
      ['config', 'workers', 'RSS/worker pass 1', 'last pass', 'growth', 'peak (VmHWM)', 'group RSS', 'X-Page-Cache (first → after load)'],
      ...Object.entries(measured).map(([label, m]) => {
        const growth = m.rssAfterPass.at(-1).rssMb - m.rssAfterPass[0].rssMb
        return [
          label,
          String(m.final.workers),
          `${fmt(m.rssAfterPass[0].rssMb)} MB`,
          m.rssAfterPass.length > 1 ? `${fmt(m.rssAfterPass.at(-1).rssMb)} MB` : '–',
          m.rssAfterPass.length > 1 ? `${signed(growth, fmt(growth))} MB` : '–',
          `${fmt(m.final.peakRssMb)} MB`,
          `${fmt(m.final.groupRssMb)} MB`,
          label.startsWith('(a') ? '–' : m.pageCache,
        ]
      }),
    ])}`,
  )
  log('group RSS: the primary and its workers (a one-process server: itself), after the last pass.')

  log(
    `\n${table(
      [
        ['initial JS', 'path', 'carries', 'files', 'raw', 'gzip -9', 'brotli', 'inline (gzip)'],
        ...Object.entries(js).map(([name, j]) => [
          name,
          j.path,
          j.carries.join(', ') || '–',
          `${j.files}${j.files > j.filesFromHtml ? ` (+${j.files - j.filesFromHtml} not preloaded)` : ''}`,
          kb(j.rawBytes),
          kb(j.gzipBytes),
          kb(j.brotliBytes),
          kb(j.inlineGzipBytes),
        ]),
      ],
      3,
    )}`,
  )
  log(
    `carries: the page holds the contact form or the locations map (no initial JS target: ≤ ${targets.initialJsGzipKb} KB is for the others).`,
  )
}

/** The floor: each page's uncached CPU per render against the reference app's (floorOf in load.mjs). */
export function printFloor(floor, reference, loadPages, log) {
  const ms = (n) => `${fmt(n, 2)} ms`
  log(
    `\nFloor: server CPU per uncached render ((c), 1 worker) against the reference app (bench/reference, (r), 1 process),\n` +
      `measured the same way in this run; the ratio holds on any machine (target ≤ ${targets.uncachedFloorRatio}× for ${targets.uncachedPages.join(', ')}).`,
  )
  log(
    table([
      ['page', 'CPU per uncached render', `× ${floor.reference}`, '(b) CPU/request (cached)'],
      ...Object.keys(reference).map((name) => [
        name,
        ms(msPerRequest(reference[name])),
        `${fmt(msPerRequest(reference[name]) / floor.referenceMsPerRender, 2)}×`,
        '–',
      ]),
      ...loadPages.map(({ name }) => {
        const page = floor.pages[name]
        return [name, ms(page?.msPerRender), `${fmt(page?.ratio, 2)}×`, ms(page?.cachedMsPerRequest)]
      }),
    ]),
  )
}

/** The targets, each PASS or FAIL (a miss does not change the exit code). */
export function checkTargets(s, loadPages, js, measured, floor, log) {
  const checks = []
  const check = (target, value, pass) => checks.push({ target, value, pass })
  for (const { name } of loadPages) {
    const b = s['(b)'][name]
    check(
      `cached ${name} ≥ ${pct(targets.cachedPerCpuRatio)} of bare per server CPU-s`,
      `${pct(b.perCpuRatio)} (req/s ${pct(b.ratio)})`,
      b.perCpuRatio >= targets.cachedPerCpuRatio,
    )
  }
  if (connections === targets.cachedP99Connections) {
    for (const { name } of loadPages) {
      const p99 = s['(b)'][name].latencyMs.p99
      check(`cached ${name} p99 ≤ ${targets.cachedP99Ms} ms (${connections} connections)`, `${p99} ms`, p99 <= targets.cachedP99Ms)
    }
  }
  for (const name of targets.uncachedPages) {
    const c = s['(c)'][name]
    if (!c) continue
    check(
      `uncached ${name} ≥ ${pct(targets.uncachedPerCpuRatio)} of bare per server CPU-s`,
      `${pct(c.perCpuRatio)} (req/s ${pct(c.ratio)})`,
      c.perCpuRatio >= targets.uncachedPerCpuRatio,
    )
  }
  for (const name of targets.uncachedPages) {
    const page = floor.pages[name]
    if (!page) continue
    check(
      `uncached ${name} ≤ ${targets.uncachedFloorRatio}× the ${floor.reference} page's CPU per render`,
      `${fmt(page.ratio, 2)}× (${fmt(page.msPerRender, 2)} ms against ${fmt(floor.referenceMsPerRender, 2)} ms)`,
      page.ratio <= targets.uncachedFloorRatio,
    )
  }
  for (const [name, j] of Object.entries(js)) {
    if (j.carries.length) continue
    check(
      `initial JS ${name} ≤ ${targets.initialJsGzipKb} KB gzip`,
      `${kb(j.gzipBytes)} (brotli ${kb(j.brotliBytes)})`,
      j.gzipBytes <= targets.initialJsGzipKb * 1024,
    )
  }
  for (const label of ['(b)', '(c)', '(b*)', '(c*)']) {
    const { final, rssAfterPass } = measured[label]
    const what = `${label} ${label.startsWith('(b') ? 'cached' : 'uncached'}, ${final.workers} worker${final.workers === 1 ? '' : 's'}`
    check(
      `RSS after the bench per worker, ${what} ≤ ${targets.workerRssMb} MB`,
      `${fmt(final.rssMb)} MB (peak ${fmt(final.peakRssMb)} MB)`,
      final.rssMb <= targets.workerRssMb,
    )
    check(
      `RSS after the bench of the group, ${what} ≤ ${targets.groupRssMb} MB`,
      `${fmt(final.groupRssMb)} MB`,
      final.groupRssMb <= targets.groupRssMb,
    )
    if (rssAfterPass.length > 1) {
      const growth = rssAfterPass.at(-1).rssMb - rssAfterPass[0].rssMb
      check(
        `RSS not growing between passes, ${what} (≤ +${targets.rssGrowthMb} MB)`,
        `${signed(growth, fmt(growth))} MB`,
        growth <= targets.rssGrowthMb,
      )
    }
  }
  log(`\nTargets\n${table([['target', 'value', 'result'], ...checks.map((c) => [c.target, c.value, c.pass ? 'PASS' : 'FAIL'])], 1)}`)
  log(`${checks.filter((c) => c.pass).length} of ${checks.length} targets met (a missed target does not change the exit code).`)
  if (connections !== targets.cachedP99Connections) {
    log(
      `Not checked: cached p99 ≤ ${targets.cachedP99Ms} ms holds at ${targets.cachedP99Connections} connections (this run: ${connections}).`,
    )
  }

  return checks
}

/** The change against the previous results, and the regressions; sets `results.comparison`. */
export function printComparison(results, previous, loadPages, js, noisy, log) {
  const comparison = compare(results, previous)
  results.comparison = comparison
  const byKey = new Map(comparison.rows.map((row) => [row.key, row]))
  const cell = (key) => changeCell(byKey.get(key))
  const appLabels = ['(b)', '(c)', '(b*)', '(c*)']
  log(
    `\nChange vs ${previous.file}${previous.sameSettings ? '' : ' (other load settings: not like for like)'}: per-CPU-s ratio, p99, initial JS\n` +
      `(! worse by over ${pct(regressionThreshold)}; ~ measured against another baseline then, not judged; new: not in that file)`,
  )
  const pageNames = [...new Set([...loadPages.map((p) => p.name), ...Object.keys(js)])]
  log(
    table([
      ['page', '(b) /CPU-s', '(c) /CPU-s', '(b*) /CPU-s', '(c*) /CPU-s', '(c) × floor', '(b) p99', '(c) p99', 'JS gzip', 'JS brotli'],
      ...pageNames.map((name) => [
        name,
        ...appLabels.map((label) => cell(`${label} ${name} ratio`)),
        cell(`(c) ${name} floor ratio`),
        cell(`(b) ${name} p99`),
        cell(`(c) ${name} p99`),
        cell(`JS ${name} gzip`),
        cell(`JS ${name} brotli`),
      ]),
    ]),
  )
  log(
    table([
      ['RSS', '(b)', '(c)', '(b*)', '(c*)'],
      ['per worker', ...appLabels.map((label) => cell(`${label} worker RSS`))],
      ['group', ...appLabels.map((label) => cell(`${label} group RSS`))],
    ]),
  )
  const regressions = comparison.rows.filter((row) => row.regression)
  log(`\nRegressions vs ${previous.file}${regressions.length ? ` (${regressions.length}; they do not change the exit code)` : ''}`)
  if (!regressions.length) log(`  none over ${pct(regressionThreshold)}`)
  for (const row of regressions) {
    const what = [row.config, row.page, row.metric].filter(Boolean).join(' ')
    const change = row.metric === 'p99' ? `+${row.current - row.previous} ms` : signed(row.change, pct(row.change))
    log(`  REGRESSION ${what}: ${describeValue(row, row.previous)} → ${describeValue(row, row.current)} (${change})`)
  }
  if (regressions.length && noisy.length) {
    log(`  (other processes disturbed ${noisy.length} run(s) of this one: a regression may be noise; run again when the machine is quiet)`)
  }
  if (!previous.sameSettings) {
    const p = previous.data.settings
    log(
      `  (that run: ${p?.connections ?? '?'} connections, ${p?.durationSeconds ?? '?'} s; this one: ${connections}, ${duration} s: changes may be the settings')`,
    )
  }
}
