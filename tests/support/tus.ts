import * as tus from 'tus-js-client'
import type { TestClient } from './http-client'

export type UploadOutcome =
  | { ok: true; assetId: string | null; url: string }
  | { ok: false; status: number; body: string; url: string | null }

/** Uploads bytes through the resumable endpoint as the signed-in `client`, with the real tus client. */
export function tusUpload(
  client: TestClient,
  bytes: Buffer,
  metadata: Record<string, string>,
  options: { chunkSize?: number; uploadUrl?: string; onChunk?: (upload: tus.Upload, sent: number) => void } = {},
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${client.baseUrl}/api/uploads`,
      uploadUrl: options.uploadUrl,
      metadata,
      headers: { cookie: client.cookieHeader(), origin: client.baseUrl },
      chunkSize: options.chunkSize ?? Infinity,
      retryDelays: [],
      removeFingerprintOnSuccess: true,
      onChunkComplete: (_size, sent) => options.onChunk?.(upload, sent),
      onSuccess: (payload) => {
        const assetId = payload.lastResponse.getHeader('Upload-Asset-Id') ?? null
        resolve({ ok: true, assetId, url: upload.url ?? '' })
      },
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse
        resolve({
          ok: false,
          status: response?.getStatus() ?? 0,
          body: response?.getBody() ?? String(error),
          url: upload.url,
        })
      },
    })
    upload.start()
  })
}
