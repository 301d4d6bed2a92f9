import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from '@playwright/test'
import * as v from 'valibot'
import { parse } from 'yaml'
import { freePort } from '../support/services'
import { startServer, stopServer, workerPids } from './server-process'

/**
 * The operators' dashboard and alert rules (ops/, ADR 051) against a real Prometheus scraping a
 * built server: every panel's query returns data, every metric a panel names exists, and every
 * alert rule loads and evaluates. A panel naming a metric the site does not export fails here.
 */
const prometheusBinary = '/usr/bin/prometheus'
const dashboardFile = 'ops/grafana/site-dashboard.json'
const rulesFile = 'ops/prometheus/alerts.yml'
const token = 'prometheus-e2e-token-0123456789'

test.describe.configure({ mode: 'serial' })
test.skip(!existsSync(prometheusBinary) && !process.env.CI, 'Prometheus is not installed (apt-get install prometheus; CI installs it)')

let server: ChildProcess | undefined
let prometheus: ChildProcess | undefined
let prometheusOutput = ''
let site = ''
let api = ''

/** The dashboard's panels, rows' nested panels included, with their query expressions. */
const panelSchema = v.object({
  title: v.string(),
  type: v.string(),
  targets: v.optional(v.array(v.object({ expr: v.string(), refId: v.string() })), []),
})
const dashboardSchema = v.object({
  panels: v.array(v.object({ ...panelSchema.entries, panels: v.optional(v.array(panelSchema), []) })),
  templating: v.object({ list: v.array(v.object({ name: v.string(), type: v.string(), definition: v.optional(v.string()) })) }),
})

const dashboard = v.parse(dashboardSchema, JSON.parse(readFileSync(dashboardFile, 'utf8')))
const panels = dashboard.panels.flatMap((panel) => [panel, ...panel.panels])
const targets = panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, refId: target.refId, expr: target.expr })))

const alertNames = v
  .parse(
    v.object({ groups: v.array(v.object({ rules: v.array(v.object({ alert: v.optional(v.string()) })) })) }),
    parse(readFileSync(rulesFile, 'utf8')),
  )
  .groups.flatMap((group) => group.rules.flatMap((rule) => (rule.alert ? [rule.alert] : [])))

/** A query's expression with Grafana's variables as a dashboard user would have them: this server, this job. */
function substituted(expr: string): string {
  const values: Record<string, string> = {
    job: 'site',
    instance: `127.0.0.1:${new URL(site).port}`,
    __rate_interval: '1m',
    __interval: '15s',
  }
  return expr.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced: string | undefined, plain: string | undefined) => {
    const value = values[braced ?? plain ?? '']
    if (value === undefined) throw new Error(`no value for the variable ${whole} in: ${expr}`)
    return value
  })
}

const querySchema = v.object({
  status: v.literal('success'),
  data: v.object({ resultType: v.string(), result: v.array(v.object({ metric: v.record(v.string(), v.string()) })) }),
})

/** The instant query's result (one entry per series), through Prometheus's HTTP API. */
async function query(expr: string): Promise<Array<{ metric: Record<string, string> }>> {
  const response = await fetch(`${api}/api/v1/query?${new URLSearchParams({ query: expr })}`)
  const body: unknown = await response.json()
  if (!response.ok) throw new Error(`Prometheus refused ${expr}: ${JSON.stringify(body)}`)
  return v.parse(querySchema, body).data.result
}

test.beforeAll(async () => {
  test.setTimeout(60_000)
  const sitePort = await freePort()
  site = `http://127.0.0.1:${sitePort}`
  // Two workers: the per-worker panels (RSS, heap, restarts) and the merged scrape (ADR 081).
  server = await startServer(sitePort, {
    METRICS_TOKEN: token,
    WEB_CONCURRENCY: '2',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'site-prometheus-')),
  })
  const folder = mkdtempSync(join(tmpdir(), 'site-prometheus-tsdb-'))
  const config = {
    global: { scrape_interval: '1s', evaluation_interval: '1s' },
    rule_files: [resolve(rulesFile)],
    scrape_configs: [{ job_name: 'site', authorization: { credentials: token }, static_configs: [{ targets: [`127.0.0.1:${sitePort}`] }] }],
  }
  // JSON is YAML: Prometheus reads it as its config file.
  writeFileSync(join(folder, 'prometheus.yml'), JSON.stringify(config))
  const port = await freePort()
  api = `http://127.0.0.1:${port}`
  prometheus = spawn(
    prometheusBinary,
    [
      `--config.file=${join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  prometheus.stdout?.on('data', (chunk: Buffer) => (prometheusOutput += chunk.toString()))
  prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusOutput += chunk.toString()))
  await expect
    .poll(async () => (await fetch(`${api}/-/ready`).catch(() => undefined))?.status, { timeout: 20_000, message: prometheusOutput })
    .toBe(200)
  // Prometheus sends the targets it discovers to its scrapers every 5 s: the first scrape comes
  // after that, and what happens before it (the load, a worker's restart) would be the start of its series.
  await expect.poll(async () => (await query('up{job="site"} == 1')).length, { timeout: 20_000, intervals: [500] }).toBe(1)
})

test.afterAll(async () => {
  prometheus?.kill('SIGTERM')
  if (server) await stopServer(server)
})

test('a short load, a worker replaced, then every panel of the dashboard has data', async () => {
  test.setTimeout(60_000)
  // A few seconds of plain page requests on this machine only: cache misses and hits, a 404,
  // a redirect, the probes; it stops by itself.
  const paths = ['/', '/en', '/en/news', '/vestigingen', '/en/contact', '/de', '/geen-pagina', '/healthz', '/readyz']
  const until = Date.now() + 3_000
  await Promise.all(
    Array.from({ length: 4 }, async (_, lane) => {
      for (let request = lane; Date.now() < until; request++) {
        await fetch(`${site}${paths[request % paths.length]}`, { redirect: 'manual' }).then((response) => response.arrayBuffer())
      }
    }),
  )
  // A worker dies: the primary replaces it and the restart counter steps up under its slot.
  const [victim] = workerPids(server?.pid)
  expect(victim).toBeDefined()
  process.kill(victim ?? 0, 'SIGKILL')
  await expect.poll(async () => (await query('site_worker_restarts_total == 1')).length, { timeout: 20_000, intervals: [500] }).toBe(1)

  // The template variables' own queries (label_values) find this server.
  const variables = Object.fromEntries(
    dashboard.templating.list.flatMap((variable) => (variable.definition ? [[variable.name, variable.definition]] : [])),
  )
  for (const [name, definition] of Object.entries(variables)) {
    const [, selector, label] = /^label_values\((.+), (\w+)\)$/.exec(definition) ?? []
    expect(selector && label, `${name}: ${definition}`).toBeTruthy()
    const values = (await query(`group by (${label}) (${substituted(selector ?? '')})`)).map((series) => series.metric[label ?? ''])
    expect(values, `variable ${name}`).toContain(substituted(`$${label}`))
  }

  // Every panel's every query returns data (rates need two scrapes after the load: polled).
  expect(targets.length).toBeGreaterThan(25)
  await expect
    .poll(
      async () => {
        const empty: string[] = []
        for (const target of targets) {
          if ((await query(substituted(target.expr))).length === 0) empty.push(`${target.panel} (${target.refId}): ${target.expr}`)
        }
        return empty
      },
      { timeout: 15_000, intervals: [1_000] },
    )
    .toEqual([])

  // Every metric a panel names exists (a panel that reads it only through `or` would not be empty).
  const named = new Set(
    targets.flatMap((target) =>
      [...target.expr.matchAll(/\b((?:site|nodejs|process)_\w+|up)\b(?=\s*[{[])/g)].map((match) => match[1] ?? ''),
    ),
  )
  const exported = new Set(
    (await query(`group by (__name__) ({__name__=~"${[...named].join('|')}"})`)).map((series) => series.metric.__name__),
  )
  expect([...named].filter((name) => !exported.has(name)).sort(), 'metrics the dashboard names that Prometheus does not have').toEqual([])
})

test('every alert rule loads and evaluates; the worker restart fires SiteWorkerRestarts', async () => {
  const rulesSchema = v.object({
    data: v.object({
      groups: v.array(v.object({ rules: v.array(v.object({ name: v.string(), health: v.string(), lastError: v.optional(v.string()) })) })),
    }),
  })
  await expect
    .poll(
      async () => {
        const { data } = v.parse(rulesSchema, await (await fetch(`${api}/api/v1/rules`)).json())
        return data.groups
          .flatMap((group) => group.rules)
          .map((rule) => `${rule.name}: ${rule.health}${rule.lastError ? ` (${rule.lastError})` : ''}`)
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toEqual(alertNames.map((name) => `${name}: ok`))
  const alertsSchema = v.object({
    data: v.object({ alerts: v.array(v.object({ labels: v.record(v.string(), v.string()), state: v.string() })) }),
  })
  // The rule is evaluated every second: polled until the replaced worker's step has been seen.
  await expect
    .poll(
      async () => {
        const { data } = v.parse(alertsSchema, await (await fetch(`${api}/api/v1/alerts`)).json())
        return data.alerts.filter((alert) => alert.state === 'firing').map((alert) => alert.labels.alertname)
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toEqual(['SiteWorkerRestarts'])
})
