// How npm test shares the two suites between the machine's two cores (scripts/test.js).
import { readdirSync, readFileSync } from 'node:fs'

/**
 * The browser suite needs nearly twice the integration suite's CPU (803 CPU-seconds to 449) and
 * spends much of its time waiting on the browser: alone, each keeps 1.2 cores busy on average. Run
 * beside each other, the machine stayed 15% idle and the browser suite ended two minutes after the
 * integration suite. Splitting it so that its second part ran after the integration suite did not
 * help (each phase again had only two streams, one of them waiting); split into two halves that
 * both run beside the integration suite, three streams keep the two cores busy.
 *
 * `seconds` is the CPU (all processes: the app, the browser, the database) each file took alone
 * on this machine (tests/suite-seconds.json); a file not listed there counts as the median file.
 * Heaviest first, each file to the half with less so far.
 */
export function splitBrowserFiles(files, seconds) {
  const known = files.map((file) => seconds.e2e[file]).filter((value) => value !== undefined).sort((a, b) => a - b)
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1
  const weightOf = (file) => seconds.e2e[file] ?? median
  const halves = [
    { files: [], total: 0 },
    { files: [], total: 0 },
  ]
  const byWeight = [...files].sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))
  for (const file of byWeight) {
    const half = halves[0].total <= halves[1].total ? halves[0] : halves[1]
    half.files.push(file)
    half.total += weightOf(file)
  }
  return halves.map((half) => half.files.sort())
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
