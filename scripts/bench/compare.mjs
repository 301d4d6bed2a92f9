import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { acceptEncoding, baselineKind, connections, duration, regressionThreshold } from './settings.mjs'
import { fmt, kb, pct, signed } from './format.mjs'

// ---------------------------------------------------------------- comparison

export const sameLoad = (settings) =>
  settings?.connections === connections &&
  settings?.durationSeconds === duration &&
  (settings?.headers?.['accept-encoding'] ?? null) === (acceptEncoding ?? null)

/**
 * The previous results to compare with: the newest readable bench-*.json (one with the `cached`
 * summary every version wrote) run with the same load settings, else the newest readable one.
 */
export function previousResults() {
  let names = []
  try {
    names = readdirSync('bench/results')
      .filter((name) => /^bench-.*\.json$/.test(name))
      .sort()
      .reverse()
  } catch {}
  let newest
  for (const name of names) {
    let data
    try {
      data = JSON.parse(readFileSync(join('bench/results', name), 'utf8'))
    } catch {
      continue
    }
    if (typeof data?.cached?.summary !== 'object' || data.cached.summary === null) continue
    const candidate = { file: `bench/results/${name}`, data, sameSettings: sameLoad(data.settings) }
    if (candidate.sameSettings) return candidate
    newest ??= candidate
  }
  return newest
}

/**
 * What a ratio in a results file is relative to: files before per-page baselines compared every
 * page, with one worker or all, with one bare process sending the home page's bytes.
 */
export function baselineOf(result, page, allWorkers) {
  return result.settings?.baseline === baselineKind ? `${page}, ${allWorkers ? 'all' : 'one'}` : 'home, one'
}

/** The figures of a results file the comparison looks at, by key; a figure an older file lacks is left out. */
export function comparedFigures(result) {
  const figures = new Map()
  const add = (key, value, figure) => {
    if (typeof value === 'number' && Number.isFinite(value)) figures.set(key, { value, ...figure })
  }
  const configs = [
    ['(b)', result.cached, false],
    ['(c)', result.uncached, false],
    ['(b*)', result.allWorkers?.cached, true],
    ['(c*)', result.allWorkers?.uncached, true],
  ]
  for (const [config, data, allWorkers] of configs) {
    for (const [page, s] of Object.entries(data?.summary ?? {})) {
      const base = { config, page }
      add(`${config} ${page} ratio`, s?.perCpuRatio, {
        ...base,
        metric: 'per-CPU-s ratio',
        better: 'higher',
        baseline: baselineOf(result, page, allWorkers),
      })
      add(`${config} ${page} req/s`, s?.reqPerSec, { ...base, metric: 'req/s', better: 'higher', informative: true })
      add(`${config} ${page} p99`, s?.latencyMs?.p99, { ...base, metric: 'p99', better: 'lower', unit: 'ms' })
    }
    add(`${config} worker RSS`, data?.final?.rssMb, { config, metric: 'RSS per worker', better: 'lower', unit: 'MB' })
    add(`${config} group RSS`, data?.final?.groupRssMb, { config, metric: 'group RSS', better: 'lower', unit: 'MB' })
  }
  // Uncached CPU per render against the reference app's in the same run (files before it: none).
  for (const [page, f] of Object.entries(result.floor?.pages ?? {})) {
    add(`(c) ${page} floor ratio`, f?.ratio, { config: '(c)', page, metric: 'CPU per render × floor', better: 'lower' })
  }
  for (const [page, js] of Object.entries(result.initialJs ?? {})) {
    add(`JS ${page} gzip`, js?.gzipBytes, { page, metric: 'initial JS gzip', better: 'lower', unit: 'bytes' })
    add(`JS ${page} brotli`, js?.brotliBytes, { page, metric: 'initial JS brotli', better: 'lower', unit: 'bytes' })
  }
  return figures
}

/** Every figure of `current` against `previous`: change, whether like for like, whether a regression. */
export function compare(current, previous) {
  const before = comparedFigures(previous.data)
  const rows = []
  for (const [key, now] of comparedFigures(current)) {
    const then = before.get(key)
    const row = { key, config: now.config, page: now.page, metric: now.metric, current: now.value, previous: then?.value ?? null }
    if (then) {
      row.change = then.value === 0 ? (now.value === 0 ? 0 : null) : (now.value - then.value) / Math.abs(then.value)
      // A ratio is like for like only when both files measured it against the same baseline.
      row.comparable = now.baseline === then.baseline
      const worse = now.better === 'higher' ? then.value - now.value : now.value - then.value
      row.regression =
        !now.informative && row.comparable && worse > regressionThreshold * Math.abs(then.value) && (now.metric !== 'p99' || worse > 1)
    }
    rows.push(row)
  }
  return {
    file: previous.file,
    date: previous.data.date ?? null,
    sameSettings: previous.sameSettings,
    previousSettings: previous.data.settings ?? null,
    threshold: regressionThreshold,
    rows,
    regressions: rows.filter((row) => row.regression).map((row) => row.key),
  }
}

/** A comparison cell: the change (ms for p99), "!" for a regression, "~" when the baseline differed. */
export function changeCell(row) {
  if (!row) return '–'
  if (row.previous === null) return 'new'
  const text =
    row.metric === 'p99'
      ? signed(row.current - row.previous, `${fmt(row.current - row.previous, 0)} ms`)
      : signed(row.change, pct(row.change))
  return `${text}${row.regression ? ' !' : ''}${row.comparable === false ? ' ~' : ''}`
}

export function describeValue(row, value) {
  if (row.metric === 'p99') return `${value} ms`
  if (row.metric.startsWith('initial JS')) return kb(value)
  if (row.metric.includes('RSS')) return `${fmt(value)} MB`
  if (row.metric.includes('× floor')) return `${fmt(value, 2)}×`
  if (row.metric === 'req/s') return fmt(value, 0)
  return pct(value)
}
