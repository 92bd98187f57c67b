// `npm test`: every check the project has, in the order that fails fastest. Installs what a
// fresh machine lacks for the tests (Debian chromium for the browser, caddy for on-demand TLS, nginx in front of two app nodes)
// when it can.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

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

/** A Debian package the tests drive: installed when missing and this is root on Debian, else explained. */
function ensureDebianTool({ path, pkg, purpose, variable }) {
  if (existsSync(path)) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run(`install Debian ${pkg} for ${purpose}`, 'sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`])
    return
  }
  console.error(`${purpose} need ${pkg} at ${path}. Install it (Debian/Ubuntu: sudo apt-get install ${pkg}) or set ${variable}.`)
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
ensureDebianTool({ path: NGINX, pkg: 'nginx', purpose: 'The two-node test', variable: 'NGINX_PATH' })
vitest('integration tests (real PostgreSQL)', 'integration')
ensureDebianTool({ path: CHROMIUM, pkg: 'chromium', purpose: 'The browser tests', variable: 'CHROMIUM_PATH' })
ensureDebianTool({ path: CADDY, pkg: 'caddy', purpose: 'The on-demand TLS test', variable: 'CADDY_PATH' })
vitest('end-to-end tests (Chromium)', 'e2e')
console.log('\nAll checks passed.')
console.log(`${totals.passed} passed, ${totals.failed} failed`)
