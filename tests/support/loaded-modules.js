// Preloaded into an app process by a test (`node --import`): writes every module the process
// loads to LOADED_MODULES_FILE, one a line: what was imported (the loader's `load` hook) and, at
// exit, what was required (CommonJS's cache), so that a test can say which packages a process ran.
import { appendFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'

const file = process.env.LOADED_MODULES_FILE
if (file) {
  const hook = `
    import { appendFileSync } from 'node:fs'
    let file
    export function initialize(data) { file = data.file }
    export async function load(url, context, next) {
      appendFileSync(file, url + '\\n')
      return next(url, context)
    }
  `
  register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url, { data: { file } })
  process.on('exit', () => {
    const required = Object.keys(createRequire(import.meta.url)('node:module')._cache)
    appendFileSync(file, `${required.join('\n')}\n`)
  })
}
