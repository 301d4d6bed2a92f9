import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

/**
 * The operators' alert rules (ops/prometheus/alerts.yml, ADR 051): promtool checks them and runs
 * their unit tests (ops/prometheus/alerts.test.yml), and every alert has a test that fires it, one
 * that does not, and a runbook section in docs/operations.md, so a new alert cannot come without them.
 */
const rulesFile = 'ops/prometheus/alerts.yml'
const testsFile = 'ops/prometheus/alerts.test.yml'
const runbook = 'docs/operations.md'

const rulesSchema = v.object({
  groups: v.array(
    v.object({
      name: v.string(),
      rules: v.array(
        v.object({
          alert: v.optional(v.string()),
          expr: v.string(),
          labels: v.optional(v.record(v.string(), v.string())),
          annotations: v.optional(v.record(v.string(), v.string())),
        }),
      ),
    }),
  ),
})

const testsSchema = v.object({
  rule_files: v.array(v.string()),
  tests: v.array(
    v.object({
      name: v.string(),
      alert_rule_test: v.optional(v.array(v.object({ alertname: v.string(), exp_alerts: v.nullish(v.array(v.unknown()), []) })), []),
    }),
  ),
})

const alerts = v
  .parse(rulesSchema, parse(readFileSync(rulesFile, 'utf8')))
  .groups.flatMap((group) => group.rules)
  .flatMap((rule) => (rule.alert ? [{ ...rule, alert: rule.alert }] : []))

/** promtool's path, or undefined when it is not installed (Debian's `prometheus` package has it). */
function findPromtool(): string | undefined {
  const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' })
  return found.error ? undefined : 'promtool'
}

const promtool = findPromtool()

/** Runs promtool; a non-zero exit fails the test with everything promtool said. */
function runPromtool(args: string[]): string {
  const result = spawnSync(promtool ?? 'promtool', args, { encoding: 'utf8', timeout: 60_000 })
  const said = `${result.stdout}${result.stderr}`
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`promtool ${args.join(' ')} exited with ${result.status}:\n${said}`)
  return said
}

describe('alert rules, run by promtool', () => {
  it('are valid and pass their unit tests', ({ skip }) => {
    if (!promtool) {
      // CI installs prometheus (.ci/run): there, a missing promtool is a failure, never a skip.
      if (process.env.CI) throw new Error('promtool is not installed: CI must test the alert rules (apt-get install prometheus)')
      skip('promtool is not installed (apt-get install prometheus): the alert rules are not checked here')
    }
    expect(runPromtool(['check', 'rules', rulesFile])).toContain(`SUCCESS: ${alerts.length} rules found`)
    expect(runPromtool(['test', 'rules', testsFile])).toContain('SUCCESS')
  }, 60_000)
})

describe('every alert', () => {
  const tests = v.parse(testsSchema, parse(readFileSync(testsFile, 'utf8')))
  const cases = tests.tests.flatMap((test) => test.alert_rule_test)
  const headings = new Set([...readFileSync(runbook, 'utf8').matchAll(/^### (\S+)$/gm)].map((match) => match[1]))

  it('has rules to check', () => {
    expect(alerts.length).toBeGreaterThan(10)
    expect(tests.rule_files).toEqual(['alerts.yml'])
  })

  it('has a promtool test that fires it and one where it stays quiet', () => {
    const untested = alerts.flatMap(({ alert }) => {
      const own = cases.filter((testCase) => testCase.alertname === alert)
      return [
        ...(own.some((testCase) => testCase.exp_alerts.length > 0) ? [] : [`${alert}: no test that fires it`]),
        ...(own.some((testCase) => testCase.exp_alerts.length === 0) ? [] : [`${alert}: no test where it does not fire`]),
      ]
    })
    expect(untested).toEqual([])
  })

  it(`has a severity, a summary and a runbook section in ${runbook}`, () => {
    const missing = alerts.flatMap(({ alert, labels, annotations }) => [
      ...(['critical', 'warning'].includes(labels?.severity ?? '') ? [] : [`${alert}: severity critical or warning`]),
      ...(annotations?.summary ? [] : [`${alert}: summary`]),
      ...(annotations?.runbook_url === `${runbook}#${alert.toLowerCase()}`
        ? []
        : [`${alert}: runbook_url ${runbook}#${alert.toLowerCase()}`]),
      ...(headings.has(alert) ? [] : [`${alert}: "### ${alert}" in ${runbook}`]),
    ])
    expect(missing).toEqual([])
  })

  it('names only metrics the site exports (or Prometheus makes: up)', () => {
    const exported = new Set([
      'up',
      ...[...readFileSync('app/server/platform/metrics.server.ts', 'utf8').matchAll(/name: '(site_\w+)'/g)].map((match) => match[1]),
    ])
    const unknown = alerts.flatMap(({ alert, expr }) =>
      [...expr.matchAll(/\b(site_\w+?)(?:_bucket|_count|_sum)?\b(?=\s*[{[)])/g)]
        .map((match) => match[1] ?? '')
        .filter((name) => !exported.has(name))
        .map((name) => `${alert}: ${name}`),
    )
    expect(unknown).toEqual([])
  })
})
