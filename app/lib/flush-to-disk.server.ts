import fs from 'node:fs/promises'

/**
 * Waits until what was written to `target` (a file, or a folder's list of names) is on the disk
 * rather than in the page cache. `dataOnly` leaves out metadata such as modification times.
 */
export async function flushToDisk(target: string, options: { dataOnly?: boolean } = {}) {
  const handle = await fs.open(target, 'r')
  try {
    await (options.dataOnly ? handle.datasync() : handle.sync())
  } finally {
    await handle.close()
  }
}
