import { existsSync } from 'node:fs'

/** The Debian browser the bench drives (Lighthouse, the editor's batches). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** No sandbox (root in a container), no GPU, and none of the services Chromium calls out to: only loopback is measured. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Whether the browser is there; when it is not, says which part is skipped and how to install it. */
export function chromiumFor(part) {
  if (existsSync(CHROMIUM_PATH)) return true
  console.log(`Skipping ${part}: Debian chromium is not installed (apt-get install chromium).`)
  return false
}
