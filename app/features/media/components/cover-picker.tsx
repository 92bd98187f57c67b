import { ImageIcon } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { UploadPanel } from './upload-panel'
import type { UploadTarget } from './uploads-provider'

/** The cover of a gallery, content item or event: the current one and a place to drop a new one. */
export function CoverPicker({
  coverAssetId,
  target,
  disabled,
  stacked,
  emptyLabel,
}: {
  coverAssetId: string | null
  target: UploadTarget
  disabled?: boolean
  stacked?: boolean
  emptyLabel?: string
}) {
  const { t } = useTranslation()
  return (
    <div className={stacked ? 'grid gap-4' : 'grid gap-4 sm:grid-cols-[minmax(0,280px)_1fr] sm:items-start'}>
      <div
        className="aspect-video overflow-hidden rounded-xl border border-line bg-surface-muted"
        data-testid="cover-preview"
      >
        {coverAssetId ? (
          <img
            key={coverAssetId}
            src={`/media/${coverAssetId}/w1200.webp`}
            alt=""
            className="size-full object-cover"
            // Until its web size is made, a new cover shows from its original.
            onError={(event) => {
              const image = event.currentTarget
              if (!image.src.endsWith('/original')) image.src = `/media/${coverAssetId}/original`
            }}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-1 text-ink-muted">
            <ImageIcon aria-hidden className="size-6" />
            <span className="text-xs">{emptyLabel ?? t('covers.none')}</span>
          </div>
        )}
      </div>
      {disabled ? null : (
        <UploadPanel target={target} accept="image/*" multiple={false} compact hint={t('covers.hint')} />
      )}
    </div>
  )
}
