// `npm test`: every check the project has, in the order that fails fastest. Installs what a
// fresh machine lacks for the browser tests (Debian chromium) when it can.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('install Debian chromium for the browser tests', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'])
    return
  }
  console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

const npx = (label, ...args) => run(label, 'npx', args)

const totals = { passed: 0, failed: 0 }
mkdirSync('test-results', { recursive: true })
function vitest(label, project) {
  const report = `test-results/${project}.json`
  npx(label, 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`)
  const results = JSON.parse(readFileSync(report, 'utf8'))
  totals.passed += results.numPassedTests
  totals.failed += results.numFailedTests
  // Belt and braces: a failed test fails the run even if vitest's exit status says otherwise.
  if (results.numFailedTests > 0 || results.numFailedTestSuites > 0) {
    console.error(`\n✖ ${label}: ${results.numFailedTests} failed`)
    process.exit(1)
  }
}

npx('typecheck', 'react-router', 'typegen')
npx('typecheck', 'tsc', '-b')
npx('lint', 'eslint', '.', '--max-warnings=0')
run('locale check', process.execPath, ['scripts/check-locales.js'])
vitest('unit tests', 'unit')
npx('build', 'react-router', 'build')
vitest('integration tests (real PostgreSQL)', 'integration')
ensureChromium()
vitest('end-to-end tests (Chromium)', 'e2e')
console.log('\nAll checks passed.')
console.log(`${totals.passed} passed, ${totals.failed} failed`)
