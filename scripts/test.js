// `npm test`: every check the project has, in the order that fails fastest. Installs what a
// fresh machine lacks for the tests (Debian chromium for the browser, caddy for on-demand TLS, nginx in front of two app nodes,
// ffmpeg for uploaded videos) when it can.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy'
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
// The maintained build the app prefers (ADR 093): the tests check that it, not the bundled 2018 one, decodes uploads.
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg'

const totals = { passed: 0, failed: 0 }

/** Every stage with how it ended and how long it took: printed at the end, whether the run passed or not. */
const stages = []
const runStarted = Date.now()
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function printSummary() {
  console.log('\nStages:')
  for (const stage of stages) console.log(`  ${stage.ok ? '✔' : '✖'} ${stage.label.padEnd(44)} ${seconds(stage.ms)}`)
  console.log(`  ${'in all'.padEnd(46)} ${seconds(Date.now() - runStarted)}`)
}

/** Ends the run at a failed stage: says which, and prints what ran before it. */
function fail(label, status, started) {
  stages.push({ label, ok: false, ms: Date.now() - started })
  console.error(`\n✖ ${label} failed`)
  printSummary()
  console.log(`${totals.passed} passed, ${totals.failed} failed`)
  process.exit(status || 1)
}

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', ...options })
  if (result.status !== 0) fail(label, result.status, started)
  stages.push({ label, ok: true, ms: Date.now() - started })
  console.log(`✔ ${label} (${seconds(Date.now() - started)})`)
}

/** A Debian package the tests drive: installed when missing and this is root on Debian, else explained. */
function ensureDebianTool({ path, pkg, purpose, variable }) {
  if (existsSync(path)) return
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run(`install Debian ${pkg} for ${purpose}`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`,
    ])
    return
  }
  console.error(
    `${purpose} need ${pkg} at ${path}. Install it (Debian/Ubuntu: sudo apt-get install ${pkg}) or set ${variable}.`,
  )
  process.exit(1)
}

const npx = (label, ...args) => run(label, 'npx', args)

mkdirSync('test-results', { recursive: true })
function vitestArgs(project) {
  return [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=test-results/${project}.json`,
  ]
}

/**
 * Counts a project's results, when it wrote them; true when none failed (a failed test fails the
 * run even if vitest's exit status says otherwise).
 */
function tally(label, project) {
  const file = `test-results/${project}.json`
  if (!existsSync(file)) return false
  const results = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += results.numPassedTests
  totals.failed += results.numFailedTests
  if (results.numFailedTests > 0 || results.numFailedTestSuites > 0) {
    console.error(`\n✖ ${label}: ${results.numFailedTests} failed`)
    return false
  }
  return true
}

function vitest(label, project) {
  const started = Date.now()
  console.log(`\n▶ ${label}`)
  rmSync(`test-results/${project}.json`, { force: true })
  const result = spawnSync('npx', vitestArgs(project), { stdio: 'inherit' })
  if (!tally(label, project) || result.status !== 0) fail(label, result.status, started)
  stages.push({ label, ok: true, ms: Date.now() - started })
  console.log(`✔ ${label} (${seconds(Date.now() - started)})`)
}

/**
 * Starts `command` in the background, its output written to `log`; the returned function waits
 * for it, prints its output and stops the run if it failed (or `verdict` says so). The output goes straight to the file
 * (a pipe would fill while the rest runs in the foreground), and the command is stopped with its
 * processes if this run ends first.
 */
function runInBackground(label, command, args, log, verdict = () => true) {
  const fd = openSync(log, 'w')
  const started = Date.now()
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], detached: true })
  closeSync(fd)
  const stopChild = () => {
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // Already gone.
    }
  }
  process.on('exit', stopChild)
  const finished = new Promise((resolve) => child.on('close', resolve))
  console.log(`\n▶ ${label} (in the background; its output follows when it ends)`)
  return async () => {
    const status = await finished
    process.off('exit', stopChild)
    console.log(`\n▶ ${label}: output\n${readFileSync(log, 'utf8')}`)
    if (!verdict() || status !== 0) fail(label, status, started)
    stages.push({ label, ok: true, ms: Date.now() - started })
    console.log(`✔ ${label} (${seconds(Date.now() - started)})`)
  }
}

/** A test project in the background (runInBackground): each project runs its own app on its own database. */
function vitestInBackground(label, project) {
  rmSync(`test-results/${project}.json`, { force: true })
  return runInBackground(label, 'npx', vitestArgs(project), `test-results/${project}-output.log`, () =>
    tally(label, project),
  )
}

npx('route types', 'react-router', 'typegen')
run('locale check', process.execPath, ['scripts/check-locales.js'])
// The type checker (TypeScript's native compiler, ADR 067) and the linter side by side.
const lint = runInBackground('lint', 'npm', ['run', '--silent', 'lint'], 'test-results/lint-output.log')
run('typecheck', process.execPath, ['node_modules/typescript-native/bin/tsc', '-p', 'tsconfig.json'])
await lint()
vitest('unit tests', 'unit')
npx('build', 'react-router', 'build')
ensureDebianTool({ path: NGINX, pkg: 'nginx', purpose: 'The two-node test', variable: 'NGINX_PATH' })
ensureDebianTool({ path: CHROMIUM, pkg: 'chromium', purpose: 'The browser tests', variable: 'CHROMIUM_PATH' })
ensureDebianTool({ path: CADDY, pkg: 'caddy', purpose: 'The on-demand TLS test', variable: 'CADDY_PATH' })
ensureDebianTool({ path: FFMPEG, pkg: 'ffmpeg', purpose: 'The video tests', variable: 'FFMPEG_PATH' })
// Side by side on a PostgreSQL server, each its own app on its own database; one after the other
// on the embedded one (one data directory). The checks above stay ahead of them: run beside the
// suites, the type checker took far longer and timed unit tests missed their marks.
// The integration tests that bring their own servers (vitest.config.ts) wait on them more than
// they compute: beside the others, they are no longer the end of the queue.
const OWN_SERVERS = 'integration tests on servers of their own'
if (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL) {
  const endToEnd = vitestInBackground('end-to-end tests (Chromium)', 'e2e')
  const ownServers = vitestInBackground(OWN_SERVERS, 'own-servers')
  vitest('integration tests (real PostgreSQL)', 'integration')
  await ownServers()
  await endToEnd()
} else {
  vitest('integration tests (real PostgreSQL)', 'integration')
  vitest(OWN_SERVERS, 'own-servers')
  vitest('end-to-end tests (Chromium)', 'e2e')
}
printSummary()
console.log('\nAll checks passed.')
console.log(`${totals.passed} passed, ${totals.failed} failed`)
