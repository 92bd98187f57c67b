import yauzl from 'yauzl'

export type ZipEntry = { name: string; size: number; method: number }

function openZip(source: string | Buffer, done: (error: Error | null, zip?: yauzl.ZipFile) => void) {
  if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, done)
  else yauzl.fromBuffer(source, { lazyEntries: true }, done)
}

/** The entries of a ZIP (a file's path or its bytes): name, size and compression method, in order. */
export function zipEntries(source: string | Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    openZip(source, (error, zip) => {
      if (error || !zip) return reject(error)
      const entries: ZipEntry[] = []
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push({ name: entry.fileName, size: entry.uncompressedSize, method: entry.compressionMethod })
        zip.readEntry()
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

export async function zipEntryNames(source: string | Buffer) {
  return (await zipEntries(source)).map((entry) => entry.name)
}

/** Every entry of a ZIP with its bytes. */
export function readZip(source: string | Buffer): Promise<Array<{ name: string; method: number; bytes: Buffer }>> {
  return new Promise((resolve, reject) => {
    openZip(source, (error, zip) => {
      if (error || !zip) return reject(error)
      const entries: Array<{ name: string; method: number; bytes: Buffer }> = []
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => {
            entries.push({ name: entry.fileName, method: entry.compressionMethod, bytes: Buffer.concat(chunks) })
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
