// A photographer's browser, for the bench: one tus upload of a file in the browser's chunk size,
// in a process of its own (as a browser is), so the bench's own heap does not slow the sender.
// Prints the milliseconds from the first request to the server's answer to the last chunk.
import { createReadStream, statSync } from 'node:fs'
import * as tus from 'tus-js-client'

const [baseUrl, file, contentItemId, chunkSize] = process.argv.slice(2)
const started = performance.now()
await new Promise((resolve, reject) => {
  new tus.Upload(createReadStream(file), {
    endpoint: `${baseUrl}/api/uploads`,
    uploadSize: statSync(file).size,
    chunkSize: Number(chunkSize),
    headers: { cookie: process.env.BENCH_COOKIE, origin: baseUrl },
    metadata: { filename: 'bench.bin', purpose: 'content-file', contentItemId },
    onSuccess: resolve,
    onError: reject,
  }).start()
})
console.log(JSON.stringify({ milliseconds: performance.now() - started }))
