import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { everyMetric, startProcessMetrics } from '#app/lib/metrics.server'

/*
 * deploy/prometheus-alerts.yml and deploy/grafana-dashboard.json ask only for what GET /metrics
 * exports, by the names and labels it exports them under: a metric renamed in the app, or a
 * typo in a query, would otherwise show as an empty panel or an alert that can never fire.
 */

startProcessMetrics()

type Exported = { labels: Set<string> }

/** Every series name the app exports (a histogram's _bucket, _sum and _count), with the labels it carries. */
function exportedSeries() {
  const series = new Map<string, Exported>()
  for (const metric of everyMetric()) {
    const labels = new Set<string>([...metric.labelNames, 'instance', 'job'])
    if (metric.type === 'histogram') {
      series.set(`${metric.name}_bucket`, { labels: new Set([...labels, 'le']) })
      series.set(`${metric.name}_sum`, { labels })
      series.set(`${metric.name}_count`, { labels })
    } else series.set(metric.name, { labels })
  }
  // Prometheus's own: whether the scrape succeeded.
  series.set('up', { labels: new Set(['instance', 'job']) })
  return series
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
])

/** The series a PromQL expression selects, with the label names each selector matches on. */
function selectorsOf(expr: string) {
  const selectors: { name: string; labels: string[] }[] = []
  const text = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, '')
  for (const match of text.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\{[^}]*\})?(\s*\()?/g)) {
    const [, name, matchers, call] = match
    if (call || KEYWORDS.has(name)) continue
    const labels = [...(matchers ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map(
      ([, label]) => label,
    )
    selectors.push({ name, labels })
  }
  return selectors
}

function expectOnlyExported(where: string, expr: string, exported: Map<string, Exported>) {
  const selectors = selectorsOf(expr)
  expect(selectors.length, `${where} selects no series: ${expr}`).toBeGreaterThan(0)
  for (const { name, labels } of selectors) {
    expect(exported.has(name), `${where} asks for ${name}, which the app does not export`).toBe(true)
    for (const label of labels)
      expect(
        exported.get(name)!.labels.has(label),
        `${where} matches ${name} on ${label}, a label it does not have`,
      ).toBe(true)
  }
}

const ALERTS = [
  'AfterglowDown',
  'AfterglowNotReady',
  'AfterglowHighErrorRate',
  'AfterglowSlowFanPages',
  'AfterglowJobsBacklog',
  'AfterglowJobsFailing',
  'AfterglowDbPoolExhausted',
  'AfterglowAnalyticsDropping',
  'AfterglowStorageAlmostFull',
]

type Rule = { alert: string; expr: string }

describe('deploy/prometheus-alerts.yml', () => {
  const rules = (
    parse(readFileSync('deploy/prometheus-alerts.yml', 'utf8')) as { groups: { rules: Rule[] }[] }
  ).groups.flatMap((group) => group.rules)

  it('has each alert the runbook names, once', () => {
    expect(rules.map((rule) => rule.alert).sort()).toEqual([...ALERTS].sort())
  })

  it('asks only for the series the app exports, by the labels they carry', () => {
    const exported = exportedSeries()
    for (const rule of rules) expectOnlyExported(rule.alert, rule.expr, exported)
  })

  it('would catch a metric the app does not export', () => {
    expect(() => expectOnlyExported('test', 'afterglow_no_such_thing > 0', exportedSeries())).toThrow(/does not export/)
    expect(() => expectOnlyExported('test', 'afterglow_jobs{status="failed"} > 0', exportedSeries())).toThrow(
      /a label it does not have/,
    )
  })

  it.skipIf(!hasPromtool())(
    'passes promtool: the rules parse, and each fires on what it watches (deploy/prometheus-alerts.test.yml)',
    () => {
      execFileSync('promtool', ['check', 'rules', 'deploy/prometheus-alerts.yml'], { stdio: 'pipe' })
      execFileSync('promtool', ['test', 'rules', 'deploy/prometheus-alerts.test.yml'], { stdio: 'pipe' })
    },
  )
})

describe('deploy/grafana-dashboard.json', () => {
  type Panel = { title: string; type: string; targets?: { expr: string }[]; panels?: Panel[] }
  const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as {
    panels: Panel[]
    templating: { list: { query: { query: string } }[] }
  }
  const panels = dashboard.panels
    .flatMap((panel) => [panel, ...(panel.panels ?? [])])
    .filter((panel) => panel.type !== 'row')

  it('asks only for the series the app exports, by the labels they carry', () => {
    const exported = exportedSeries()
    for (const panel of panels)
      for (const target of panel.targets ?? []) expectOnlyExported(panel.title, target.expr, exported)
    for (const variable of dashboard.templating.list)
      expectOnlyExported(
        'the instance variable',
        variable.query.query.replace(/^label_values\((\w+),.*$/, '$1'),
        exported,
      )
  })

  it('shows every afterglow_ metric the app exports', () => {
    const asked = new Set(
      panels
        .flatMap((panel) => (panel.targets ?? []).flatMap((target) => selectorsOf(target.expr)))
        .map(({ name }) => name.replace(/_(bucket|sum|count)$/, '')),
    )
    const ours = everyMetric()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith('afterglow_'))
    expect(ours.filter((name) => !asked.has(name))).toEqual([])
  })
})

function hasPromtool() {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
