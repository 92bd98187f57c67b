// `npm test`: every check the project has, in the order that fails fastest. Installs what a
// fresh machine lacks for the browser tests (Debian chromium) when it can.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

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

npx('typecheck', 'react-router', 'typegen')
npx('typecheck', 'tsc', '-b')
npx('lint', 'eslint', '.', '--max-warnings=0')
run('locale check', process.execPath, ['scripts/check-locales.js'])
npx('unit tests', 'vitest', 'run', '--project', 'unit')
npx('build', 'react-router', 'build')
npx('integration tests (real PostgreSQL)', 'vitest', 'run', '--project', 'integration')
ensureChromium()
npx('end-to-end tests (Chromium)', 'vitest', 'run', '--project', 'e2e')
console.log('\nAll checks passed.')
