import { UploadCloud } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, useLocation } from 'react-router'
import { ProgressBar } from './upload-panel'
import { useUploads } from './uploads-provider'

/** While files upload, a small card elsewhere in the admin shows how far they are. */
export function UploadTray() {
  const { t } = useTranslation()
  const { items } = useUploads()
  const location = useLocation()
  const active = items.filter(
    (item) => item.status === 'uploading' || item.status === 'queued' || item.status === 'paused',
  )
  const target = active[0]?.contentItemId
  if (active.length === 0 || (target && location.pathname === `/admin/content/${target}`)) return null
  const total = active.reduce((sum, item) => sum + item.bytesTotal, 0)
  const sent = active.reduce((sum, item) => sum + item.bytesSent, 0)
  return (
    <div
      className="fixed right-4 bottom-4 z-30 w-72 rounded-xl border border-line bg-surface p-4 shadow-lg"
      role="status"
      data-testid="upload-tray"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <UploadCloud aria-hidden className="size-4 text-accent" />
        {t('uploads.ui.trayTitle', { count: active.length })}
      </p>
      <div className="mt-3">
        <ProgressBar value={total ? sent / total : 0} label={t('uploads.ui.listLabel')} />
      </div>
      {target ? (
        <Link
          to={`/admin/content/${target}`}
          className="mt-3 inline-block text-sm font-medium text-accent hover:underline"
        >
          {t('uploads.ui.trayOpen')}
        </Link>
      ) : null}
    </div>
  )
}
