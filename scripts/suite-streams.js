// How npm test shares the two suites between the machine's two cores (scripts/test.js).
import { readdirSync, readFileSync } from 'node:fs'

/**
 * The browser suite needs nearly twice the integration suite's CPU (803 CPU-seconds to 449): run
 * beside it whole, it ended two minutes after the integration suite did, with one core idle. So its
 * files are split in two: those that run beside the integration suite from the start, and those
 * that run once it has ended, so that both streams need the same CPU. Balanced by wall time
 * instead, the stream holding the integration suite, the busier one per second, came last.
 *
 * `seconds` is the CPU (all processes: the app, the browser, the database) each part took alone
 * on this machine (tests/suite-seconds.json); a file not listed there counts as the median file.
 * Heaviest first, each file to the stream that would end sooner: the integration suite opens the
 * first one.
 */
export function splitBrowserFiles(files, seconds) {
  const known = files.map((file) => seconds.e2e[file]).filter((value) => value !== undefined).sort((a, b) => a - b)
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1
  const weightOf = (file) => seconds.e2e[file] ?? median
  const streams = { afterIntegration: { files: [], total: seconds.integration }, beside: { files: [], total: 0 } }
  const byWeight = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))
  for (const file of byWeight) {
    const stream = streams.beside.total <= streams.afterIntegration.total ? streams.beside : streams.afterIntegration
    stream.files.push(file)
    stream.total += weightOf(file)
  }
  return { beside: streams.beside.files.sort(), afterIntegration: streams.afterIntegration.files.sort() }
}

/** Every browser test file, as a path from the project's root (as vitest's file filters take them). */
export function browserTestFiles(directory = 'tests/e2e') {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${directory}/${name}`)
    .sort()
}

export function suiteSeconds(file = 'tests/suite-seconds.json') {
  return JSON.parse(readFileSync(file, 'utf8'))
}
