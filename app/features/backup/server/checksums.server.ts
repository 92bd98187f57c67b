import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** Streams `source` through `transforms` (gzip…) into `file`, returning the file's size and SHA-256. */
export async function copyWithChecksum(
  source: NodeJS.ReadableStream,
  file: string,
  ...transforms: NodeJS.ReadWriteStream[]
) {
  const hash = createHash('sha256')
  let size = 0
  await fs.mkdir(path.dirname(file), { recursive: true })
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  await pipeline([source, ...transforms, measure, createWriteStream(file)])
  return { size, sha256: hash.digest('hex') }
}

export async function fileChecksum(file: string) {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
