import { describe, expect, it } from 'vitest'
import fr from '#app/locales/fr.json'
import { isUploadRetried } from '../upload-rules'
import { refusalFromResponse } from './uploads-provider'

/** A failed tus request as tus-js-client hands it to `onError`/`onShouldRetry`. */
const failed = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
})

describe('what the photographer reads when an upload fails', () => {
  it('shows the server’s "storage is full" in their language, and stops there', () => {
    const full = failed(
      507,
      JSON.stringify({ messageKey: 'uploads.errors.storageFull', message: fr.uploads.errors.storageFull }),
    )
    expect(refusalFromResponse(full, 'Échec de l’envoi.')).toEqual({ error: fr.uploads.errors.storageFull })
    expect(isUploadRetried(full.originalResponse.getStatus())).toBe(false)
  })

  it('falls back to the generic message when the answer is not the server’s (a proxy’s page, no answer)', () => {
    expect(refusalFromResponse(failed(502, '<html>Bad gateway</html>'), 'Upload failed.')).toEqual({
      error: 'Upload failed.',
    })
    expect(refusalFromResponse(new Error('network'), 'Upload failed.')).toEqual({ error: 'Upload failed.' })
  })
})
