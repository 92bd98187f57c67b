/*
 * Prometheus's text exposition format, read as a scraper reads it: `# TYPE` lines and samples
 * (`name{label="value",…} number`), label values unescaped.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number }
export type Scrape = { types: Map<string, string>; samples: Sample[] }

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

function unescape(value: string) {
  return value.replace(/\\(["\\n])/g, (_, char: string) => (char === 'n' ? '\n' : char))
}

/** A sample's value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function numberOf(text: string) {
  const lower = text.toLowerCase()
  if (lower === 'nan') return Number.NaN
  if (lower === '+inf' || lower === 'inf') return Number.POSITIVE_INFINITY
  if (lower === '-inf') return Number.NEGATIVE_INFINITY
  return Number(text)
}

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line)
      if (type) types.set(type[1], type[2])
      continue
    }
    const match = SAMPLE.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) labels[name] = unescape(value)
    const value = numberOf(match[3])
    if (Number.isNaN(value) && match[3].toLowerCase() !== 'nan') throw new Error(`not a number in: ${line}`)
    samples.push({ name: match[1], labels, value })
  }
  return { types, samples }
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(scrape: Scrape, name: string, labels: Record<string, string> = {}) {
  return scrape.samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}) {
  return samplesOf(scrape, name, labels).reduce((sum, sample) => sum + sample.value, 0)
}
