import { predictLength } from 'client-zip'
import type { DownloadEntry } from './find-download.server'

/** The predicted size of the ZIP of `entries`: the Content-Length it will be sent with. */
export function zipLength(entries: Pick<DownloadEntry, 'name' | 'sizeBytes'>[]) {
  return Number(predictLength(entries.map((entry) => ({ name: entry.name, size: entry.sizeBytes }))))
}
