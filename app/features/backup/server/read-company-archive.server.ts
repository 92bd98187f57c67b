import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import type { Readable } from 'node:stream'
import yauzl from 'yauzl'
import { BackupError } from './postgres-tools.server'
import { ARCHIVE_MANIFEST, ZCompanyArchiveManifest } from '../company-archive'

/*
 * A company archive opened for reading: its entries by name (the ZIP's central directory), each
 * read as a stream when asked. Opened from a file, the only way a ZIP can be read without
 * holding it whole.
 */

export type OpenArchive = {
  names: () => string[]
  read: (name: string) => Promise<Readable>
  readText: (name: string) => Promise<string>
  close: () => void
}

export async function openCompanyArchive(file: string): Promise<OpenArchive> {
  const stat = await fs.stat(file).catch(() => null)
  if (!stat?.isFile()) throw new BackupError(`There is no archive at ${file}.`)
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error || !opened
        ? reject(new BackupError(`${file} is not a ZIP archive: ${error?.message ?? 'unreadable'}`))
        : resolve(opened),
    ),
  )
  const entries = new Map<string, yauzl.Entry>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.on('end', () => resolve())
    zip.on('error', reject)
    zip.readEntry()
  })
  const read = (name: string) => {
    const entry = entries.get(name)
    if (!entry) return Promise.reject(new BackupError(`The archive has no ${name}.`))
    return new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) =>
        error || !stream ? reject(error ?? new Error(name)) : resolve(stream),
      ),
    )
  }
  return {
    names: () => [...entries.keys()],
    read,
    async readText(name) {
      const chunks: Buffer[] = []
      for await (const chunk of await read(name)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
    close: () => zip.close(),
  }
}

/** The archive's manifest, or why it is not a finished company archive. */
export async function readArchiveManifest(archive: OpenArchive) {
  if (!archive.names().includes(ARCHIVE_MANIFEST))
    throw new BackupError('The archive has no manifest.json: it is unfinished or not a company archive.')
  const parsed = ZCompanyArchiveManifest.safeParse(JSON.parse(await archive.readText(ARCHIVE_MANIFEST)))
  if (!parsed.success)
    throw new BackupError(
      `The archive's manifest is not one this version reads: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    )
  return parsed.data
}

/** Size and SHA-256 of one entry, read as a stream. */
export async function entryChecksum(archive: OpenArchive, name: string) {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of await archive.read(name)) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { size, sha256: hash.digest('hex') }
}
