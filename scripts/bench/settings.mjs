import './build-first.mjs'
import { spawnSync } from 'node:child_process'
import { cpus } from 'node:os'

export const duration = Math.min(15, Math.max(1, Number(process.env.BENCH_DURATION ?? 10) || 10))
export const connections = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50) || 50)
export const firstPort = Math.max(1024, Math.min(65515, Number(process.env.BENCH_PORT ?? 4500) || 4500))
export const lastPort = firstPort + 20
export const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING?.trim() || undefined
export const rssGrowthLimitMb = Number(process.env.BENCH_RSS_GROWTH_MB ?? 10) || 10
/** Passes of (b) and (c); every other configuration runs once. */
export const passes = 2
export const warmupRequests = 300
/** A warm-up stops after this even when short of its requests (an uncached page can take 10 s for 300). */
export const warmupMaxSeconds = 3
export const workersAll = cpus().length
export const loadHeaders = {
  accept: 'text/html',
  'accept-language': 'nl',
  ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
}
/** What the ratios are relative to (kept in the results: older files compared every page with the home page's bytes). */
export const baselineKind = 'same bytes per page, same number of processes'
export const targets = {
  cachedPerCpuRatio: 0.7,
  cachedP99Ms: 10,
  cachedP99Connections: 50,
  uncachedPerCpuRatio: 0.03,
  uncachedPages: ['home', 'news detail'],
  /** Uncached CPU per render ≤ this × the reference app's 600-element page's (ADR 041). */
  uncachedFloorRatio: 4,
  initialJsGzipKb: 110,
  workerRssMb: 150,
  groupRssMb: 400,
  rssGrowthMb: rssGrowthLimitMb,
}
/** A change worse than this (relative) is listed as a regression; p99 must also be over 1 ms worse (its resolution). */
export const regressionThreshold = 0.1

// ---------------------------------------------------------------- CPU pinning

export const hasTaskset = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0
export const pinned = hasTaskset && cpus().length >= 2
if (pinned) {
  // -a: every thread of this process (V8's platform threads exist already; later ones inherit).
  const pin = spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' })
  if (pin.status !== 0) console.warn('taskset: could not pin the load generator to CPU 1')
}
export const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100
