import { getCompanyBackupFile } from '#app/features/backup/server/get-company-backup-file.server'
import { withActor } from '#app/access/member-route.server'
import { serveObject } from '#app/lib/serve-object.server'
import { getStorage } from '#app/lib/storage.server'
import { requestOrigin } from '#app/access/visit.server'
import type { Route } from './+types/settings.backups.download'

// An archive of the company's own data, to its admins only: streamed from storage, resumable by range.
export const loader = withActor({ kind: 'person' }, async (member, { request, params }: Route.LoaderArgs) => {
  // A range request resuming the same download is not another access.
  const resumed = request.method === 'HEAD' || /^bytes=(?!0-)/.test(request.headers.get('range') ?? '')
  const file = await getCompanyBackupFile(member, params.backupId, requestOrigin(request), { audit: !resumed })
  return serveObject(request, getStorage(), file.storageKey, {
    cacheControl: 'private, no-store',
    downloadName: file.fileName,
  })
})
