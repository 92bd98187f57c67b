import { Download, Eye, Trash2 } from 'lucide-react'
import { FindMePanel } from '#app/features/faces/components/find-me-panel'
import { GalleryProtectionPanel } from '#app/features/galleries/protection/components/gallery-protection-panel'
import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher, useRevalidator } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { CoverPicker } from '#app/features/media/components/cover-picker'
import { UploadPanel } from '#app/features/media/components/upload-panel'
import { QrCodePanel } from '#app/features/sharing/components/qr-code-panel'
import { LivePageLinks } from '#app/features/sharing/components/live-page-links'
import { PublishedShareDialog } from '#app/features/sharing/components/published-share-dialog'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import type { ContentForEdit } from '../server/get-content-for-edit.server'
import { ContentDetailsFields } from './content-details-fields'
import { ContentFilesGrid } from './content-files-grid'
import type { GalleryOption } from './file-bulk-bar'
import { LiveShowPanel } from '#app/features/galleries/live/components/live-show-panel'
import { StatusBadge } from './status-badge'
import { rememberEditedKind } from './editor-content-kind'
import { SetlistPanel } from '#app/features/galleries/setlist/components/setlist-panel'
import { pageWidth } from '#app/components/page-width'

export type ContentEditorProps = ContentForEdit & {
  liveUrl: string
  shareCard: string | null
  events: Array<{ id: string; title: string }>
  galleries: GalleryOption[]
  canPublish: boolean
  canEdit: boolean
}

/** The spec's text for a gallery whose save failed on the way or on the server ("update failed" otherwise). */
function inGalleryWords(kind: string, result: ActionResult | undefined): ActionResult | undefined {
  if (kind !== 'gallery' || !result || result.ok || result.errors.form?.[0] !== 'errors.updateFailed') return result
  return { ...result, errors: { ...result.errors, form: ['content.errors.gallerySave'] } }
}

/** While photos are being made into web sizes, the page looks again now and then, so they appear without a reload. */
function useRefreshWhileProcessing(files: ContentForEdit['files']) {
  const revalidator = useRevalidator()
  const processing = files.some(
    (file) =>
      (file.mediaType === 'image' || file.mediaType === 'video') &&
      (file.processingStatus === 'pending' || file.processingStatus === 'processing'),
  )
  useEffect(() => {
    if (!processing) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, 2500)
    return () => clearInterval(timer)
  }, [processing, revalidator])
}

/**
 * The editor of one item: status buttons, its files (upload, order, text), cover, QR code and
 * details. Every change posts an `intent` to the page's action.
 */
export function ContentEditor({
  item,
  files,
  liveUrl,
  shareCard,
  events,
  galleries,
  canPublish,
  canEdit,
}: ContentEditorProps) {
  const { t } = useTranslation()
  useRefreshWhileProcessing(files)
  const details = useFetcher<ActionResult>()
  const status = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [confirmDelete, setConfirmDelete] = useState(false)
  // Should a later reload of this page's data fail, its error screen knows it was a gallery.
  useEffect(() => rememberEditedKind(item.id, item.kind), [item.id, item.kind])
  // A gallery's failed save says so in the spec's own words.
  useOutcomeToast(inGalleryWords(item.kind, details.data))
  useOutcomeToast(inGalleryWords(item.kind, status.data))
  useOutcomeToast(remover.data)
  // A deletion that answers here failed (one that works leaves the page): the dialog closes, so
  // its toast can be read and dismissed.
  useEffect(() => {
    if (remover.data) setConfirmDelete(false)
  }, [remover.data])
  const isGallery = item.kind === 'gallery'
  const live = isGallery && item.liveMode
  const livePanel = isGallery ? <LiveShowPanel contentItemId={item.id} venueUploader={!canEdit} /> : null
  const detailErrors = details.data && !details.data.ok ? details.data.errors : undefined
  // Published just now: the share step follows (once the page has been read again as public).
  const publishing = useRef(false)
  const [sharing, setSharing] = useState(false)
  const setStatus = (next: string) => {
    publishing.current = next === 'published'
    void status.submit({ intent: 'status', status: next }, { method: 'post' })
  }
  useEffect(() => {
    if (status.state !== 'idle' || !publishing.current) return
    publishing.current = false
    if (status.data?.ok) setSharing(true)
  }, [status.state, status.data])

  return (
    <div className={`${pageWidth('wide')} space-y-8`}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <Link to="/admin/content" className="text-sm text-ink-muted hover:text-ink">
            ← {t('content.title')}
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{item.title}</h1>
            <StatusBadge status={item.status} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            <span>{t(`content.kinds.${item.kind}`)}</span>
            <span className="inline-flex items-center gap-1 tabular-nums" data-testid="view-count">
              <Eye aria-hidden className="size-4" />
              {t('content.counts.views', { count: item.viewCount })}
            </span>
            <span className="inline-flex items-center gap-1 tabular-nums" data-testid="download-count">
              <Download aria-hidden className="size-4" />
              {t('content.counts.downloads', { count: item.downloadCount })}
            </span>
          </p>
        </div>
        <div className="flex flex-col gap-2 lg:items-end">
          <LivePageLinks url={liveUrl} title={item.title} published={item.status === 'published'} />
          <PublishedShareDialog
            open={sharing}
            onOpenChange={setSharing}
            url={liveUrl}
            title={item.title}
            qrEndpoint={`/api/qr/content/${item.id}`}
            shareCard={shareCard}
          />
          {canPublish ? (
            <div className="flex flex-wrap gap-2">
              {item.status !== 'published' ? (
                <Button onClick={() => setStatus('published')} disabled={status.state !== 'idle'}>
                  {t('content.actions.publish')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setStatus('draft')} disabled={status.state !== 'idle'}>
                  {t('content.actions.unpublish')}
                </Button>
              )}
              {item.status !== 'archived' ? (
                <Button variant="secondary" onClick={() => setStatus('archived')} disabled={status.state !== 'idle'}>
                  {t('content.actions.archive')}
                </Button>
              ) : null}
              <Button variant="danger-ghost" onClick={() => setConfirmDelete(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t('content.actions.delete')}
              </Button>
            </div>
          ) : null}
          {canPublish && item.status !== 'published' && files.length === 0 ? (
            <p className="max-w-sm text-sm text-ink-muted lg:text-right" data-testid="publish-hint">
              {isGallery ? t('studio.editor.emptyGallery') : t('studio.editor.emptySingle')}
            </p>
          ) : null}
        </div>
      </div>

      {/*
       * A live gallery puts its approval tray beside the uploads (on a phone, above them): photos
       * arriving from the venue are approved while more are uploaded, without scrolling past the grid.
       */}
      <div
        className={live ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,24rem)] lg:items-start' : 'space-y-8'}
        data-testid={live ? 'live-layout' : undefined}
      >
        {live ? <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-start-1">{livePanel}</div> : null}
        <section aria-labelledby="files-heading" className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
          <h2 id="files-heading" className="font-semibold">
            {isGallery ? t('content.media.galleryHeading', { count: files.length }) : t('content.media.fileHeading')}
          </h2>
          {canEdit && (isGallery || files.length === 0) ? (
            <UploadPanel
              target={{ purpose: isGallery ? 'gallery-media' : 'content-file', contentItemId: item.id }}
              accept={isGallery ? 'image/*,video/*' : undefined}
              multiple={isGallery}
              hint={isGallery ? t('uploads.ui.galleryHint') : t('uploads.ui.singleHint')}
              list={!isGallery}
            />
          ) : null}
          <ContentFilesGrid
            contentItemId={item.id}
            files={files}
            canEdit={canEdit}
            canPublish={canPublish}
            coverAssetId={item.shownCoverAssetId}
            galleries={galleries}
          />
        </section>
      </div>

      {isGallery ? <SetlistPanel contentItemId={item.id} canEdit={canEdit} /> : null}
      {isGallery && !live ? livePanel : null}

      <section aria-labelledby="cover-heading" className="space-y-4">
        <h2 id="cover-heading" className="font-semibold">
          {t('covers.title')}
        </h2>
        {item.shownCoverAssetId && !item.coverAssetId ? (
          <p className="text-sm text-ink-muted">{t('studio.editor.automaticCover')}</p>
        ) : null}
        <CoverPicker
          coverAssetId={item.shownCoverAssetId}
          target={{ purpose: 'cover', contentItemId: item.id }}
          disabled={!canEdit}
          emptyLabel={isGallery ? t('studio.editor.noCoverGallery') : undefined}
        />
      </section>

      <div id="qr-code" className="scroll-mt-20">
        <QrCodePanel kind="content" id={item.id} />
      </div>

      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="font-semibold">
          {t('content.detailsHeading')}
        </h2>
        <details.Form method="post" noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5">
          <input type="hidden" name="intent" value="save" />
          <fieldset disabled={!canEdit} className="space-y-5">
            <ContentDetailsFields
              values={{ ...item, happenedOn: item.happenedOn ?? null }}
              errors={detailErrors}
              events={events}
            />
          </fieldset>
          {canEdit ? (
            <div className="flex justify-end">
              <Button type="submit" disabled={details.state !== 'idle'}>
                {details.state !== 'idle' ? t('common.saving') : t('content.actions.save')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-ink-muted">{t('content.errors.draftsOnly')}</p>
          )}
        </details.Form>
      </section>

      {isGallery ? <GalleryProtectionPanel contentItemId={item.id} canEdit={canEdit} /> : null}
      {isGallery ? <FindMePanel contentItemId={item.id} canEdit={canEdit} canPublish={canPublish} /> : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        tone="danger"
        title={t('content.deleteDialog.title', { title: item.title })}
        description={
          isGallery ? t('content.deleteDialog.gallery', { count: files.length }) : t('content.deleteDialog.single')
        }
        confirmLabel={t('content.actions.delete')}
        cancelLabel={t('common.cancel')}
        busy={remover.state !== 'idle'}
        onConfirm={() => void remover.submit({ intent: 'delete' }, { method: 'post' })}
      />
    </div>
  )
}
