// `npm run test:stress`: the whole of `npm test`, three times in a row, each beside two CPU-bound
// processes (busy loops), as on a shared machine. A suite that passes only when the machine is
// quiet is not believed. STRESS_RUNS and STRESS_LOOPS change the counts.
import { spawn, spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'

const runs = Number(process.env.STRESS_RUNS ?? 3)
const loops = Number(process.env.STRESS_LOOPS ?? 2)

const busy = Array.from({ length: loops }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }))
// The loops are this run's own: they end with it (an 'exit' handler alone never ran, since the
// loops' handles kept this process waiting on them after its last run).
const stopBusy = () => {
  for (const child of busy) child.kill('SIGKILL')
}
process.on('exit', stopBusy)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

const results = []
for (let run = 1; run <= runs; run++) {
  console.log(`\n━━ stress run ${run} of ${runs}, beside ${loops} busy loops (load ${loadavg()[0].toFixed(1)}) ━━`)
  const started = Date.now()
  const { status } = spawnSync(process.execPath, ['scripts/test.js'], { stdio: 'inherit' })
  results.push({ run, ok: status === 0, seconds: (Date.now() - started) / 1000, load: loadavg()[0] })
  if (status !== 0) break
}

stopBusy()
console.log('\nStress runs:')
for (const result of results)
  console.log(
    `  ${result.ok ? '✔' : '✖'} run ${result.run}: ${result.seconds.toFixed(0)} s (load at its end ${result.load.toFixed(1)})`,
  )
const passed = results.length === runs && results.every((result) => result.ok)
console.log(passed ? `All ${runs} runs passed beside ${loops} busy loops.` : 'A run failed: see its summary above.')
process.exitCode = passed ? 0 : 1
