import { ArrowDown, ArrowUp, Download, Eye, File as FileIcon, FileText, Film, GripVertical, ImageIcon, Loader2, Music, Trash2, TriangleAlert } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, redirect, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { ContentDetailsFields } from '#app/features/content/components/content-details-fields'
import { StatusBadge } from '#app/features/content/components/status-badge'
import { ZContentDetails } from '#app/features/content/content.schema'
import { getContentForEdit } from '#app/features/content/server/get-content-for-edit.server'
import { changeContentStatus, deleteContent, removeAssets, reorderAssets, retryProcessing, updateAssetText, updateContentDetails } from '#app/features/content/server/manage-content.server'
import { CoverPicker } from '#app/features/media/components/cover-picker'
import { QrCodePanel } from '#app/features/sharing/components/qr-code-panel'
import { formatBytes, UploadPanel } from '#app/features/media/components/upload-panel'
import { listEventOptions } from '#app/features/events/server/manage-events.server'
import { can } from '#app/features/members/permissions'
import { actionFailure, actionInvalid, actionSuccess, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { AppError, toHttpError } from '#app/lib/errors'
import { requireMember } from '#app/lib/tenant.server'
import { z } from 'zod'
import type { Route } from './+types/content.$id'

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireMember(request, 'content.read')
  try {
    const { item, files } = await getContentForEdit(member, params.contentItemId)
    const canPublish = can(member.role, 'content.publish')
    return { item, files, events: await listEventOptions(member), canPublish, canEdit: item.status === 'draft' || canPublish }
  } catch (error) {
    throw toHttpError(error)
  }
}

const ZAction = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save') }).passthrough(),
  z.object({ intent: z.literal('status'), status: z.enum(['draft', 'published', 'archived']) }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('reorder'), order: z.string().transform((value) => value.split(',').filter(Boolean)) }),
  z.object({ intent: z.literal('remove-file'), assetId: z.uuid() }),
  z.object({ intent: z.literal('retry-processing'), assetId: z.uuid() }),
  z.object({
    intent: z.literal('file-text'),
    assetId: z.uuid(),
    title: z.string().trim().max(200).transform((v) => v || null),
    description: z.string().trim().max(2000).transform((v) => v || null),
    altText: z.string().trim().max(500).transform((v) => v || null),
  }),
])

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireMember(request, 'content.write')
  const form = Object.fromEntries(await request.formData())
  const parsed = ZAction.safeParse(form)
  if (!parsed.success) return actionFailure(new AppError('BAD_REQUEST', 'errors.generic'))
  const id = params.contentItemId
  try {
    switch (parsed.data.intent) {
      case 'save': {
        const details = ZContentDetails.safeParse(form)
        if (!details.success) return actionInvalid(details.error)
        await updateContentDetails(member, id, details.data)
        return actionSuccess('content.toasts.saved')
      }
      case 'status':
        await changeContentStatus(member, id, parsed.data.status)
        return actionSuccess(`content.toasts.${parsed.data.status}`)
      case 'delete':
        await deleteContent(member, id)
        return redirect('/admin/content?deleted=1')
      case 'reorder':
        await reorderAssets(member, id, parsed.data.order)
        return actionSuccess('content.toasts.reordered')
      case 'remove-file':
        await removeAssets(member, id, [parsed.data.assetId])
        return actionSuccess('content.toasts.fileRemoved')
      case 'retry-processing':
        await retryProcessing(member, id, parsed.data.assetId)
        return actionSuccess('content.toasts.retrying')
      case 'file-text': {
        const { assetId, ...text } = parsed.data
        await updateAssetText(member, id, assetId, text)
        return actionSuccess('content.toasts.saved')
      }
    }
  } catch (error) {
    return actionFailure(error)
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.item.title ?? 'Highlights'} · Afterglow` }]

type FileRow = Route.ComponentProps['loaderData']['files'][number]

/** Photos and videos get web renditions (a video's are of its poster frame). */
const isProcessed = (file: FileRow) => file.mediaType === 'image' || file.mediaType === 'video'

function formatDuration(ms: number) {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

function Thumbnail({ file }: { file: FileRow }) {
  const { t } = useTranslation()
  if (file.customThumbnailAssetId) {
    const id = file.customThumbnailAssetId
    return (
      <img
        src={`/media/${id}/w400.webp`}
        alt={file.altText ?? ''}
        loading="lazy"
        className="size-full object-cover"
        onError={(event) => {
          const image = event.currentTarget
          if (!image.src.endsWith('/original')) image.src = `/media/${id}/original`
        }}
      />
    )
  }
  if ((file.mediaType === 'image' || file.mediaType === 'video') && file.processingStatus === 'ready') {
    return (
      <>
        <img src={`/media/${file.id}/w400.webp`} alt={file.altText ?? ''} loading="lazy" className="size-full object-cover" width={file.width ?? undefined} height={file.height ?? undefined} />
        {file.mediaType === 'video' ? (
          <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            <Film aria-hidden className="size-3.5" />
            {file.durationMs ? formatDuration(file.durationMs) : t('content.media.types.video')}
          </span>
        ) : null}
      </>
    )
  }
  const Icon = { image: ImageIcon, video: Film, audio: Music, pdf: FileText }[file.mediaType] ?? FileIcon
  return (
    <div className="flex size-full flex-col items-center justify-center gap-1 bg-surface-muted text-ink-muted">
      {file.processingStatus === 'failed' ? <TriangleAlert aria-hidden className="size-6 text-danger" /> : isProcessed(file) ? <Loader2 aria-hidden className="size-6 animate-spin" /> : <Icon aria-hidden className="size-6" />}
      <span className="px-2 text-center text-xs">{file.processingStatus === 'failed' ? t('content.media.failed') : isProcessed(file) ? t('content.media.processing') : t(`content.media.types.${file.mediaType}`)}</span>
    </div>
  )
}

function FileCard({ file, index, count, canEdit, onMove, dragProps }: { file: FileRow; index: number; count: number; canEdit: boolean; onMove: (from: number, to: number) => void; dragProps: Record<string, unknown> }) {
  const { t, i18n } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [confirmRemove, setConfirmRemove] = useState(false)
  useOutcomeToast(fetcher.data)
  useOutcomeToast(remover.data)
  return (
    <li className="overflow-hidden rounded-xl border border-line bg-surface" data-testid="media-card" data-asset-id={file.id} {...dragProps}>
      <div className="relative aspect-[4/3] bg-surface-muted">
        <Thumbnail file={file} />
        {canEdit ? <GripVertical aria-hidden className="absolute top-2 left-2 size-5 cursor-grab rounded bg-black/40 p-0.5 text-white" /> : null}
      </div>
      <div className="space-y-2 p-2.5 sm:space-y-3 sm:p-3">
        <div>
          <p className="truncate text-sm font-medium" title={file.originalName}>
            {file.originalName}
          </p>
          <p className="text-xs text-ink-muted">
            {[file.width && file.height ? `${file.width} × ${file.height}` : null, formatBytes(file.sizeBytes, i18n.language)].filter(Boolean).join(' · ')}
          </p>
        </div>
        {file.processingStatus === 'failed' && canEdit ? (
          <div className="rounded-md bg-danger/10 p-2 text-xs text-danger">
            <p className="line-clamp-2" title={file.processingError ?? ''}>
              {t('content.media.failedDetail')}
            </p>
            <button type="button" className="mt-1 font-semibold underline" onClick={() => void fetcher.submit({ intent: 'retry-processing', assetId: file.id }, { method: 'post' })}>
              {t('content.media.retry')}
            </button>
          </div>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer text-xs font-medium text-accent sm:text-sm">{t('content.media.editText')}</summary>
          <fetcher.Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="file-text" />
            <input type="hidden" name="assetId" value={file.id} />
            <TextField label={t('content.media.title')} name="title" defaultValue={file.title ?? ''} maxLength={200} disabled={!canEdit} />
            <TextField label={t('content.media.alt')} name="altText" defaultValue={file.altText ?? ''} maxLength={500} hint={t('content.media.altHint')} disabled={!canEdit} />
            <TextField label={t('content.media.description')} name="description" defaultValue={file.description ?? ''} maxLength={2000} disabled={!canEdit} />
            {canEdit ? (
              <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
                {t('content.media.saveText')}
              </Button>
            ) : null}
          </fetcher.Form>
          {canEdit && file.mediaType !== 'image' ? (
            <div className="mt-3 space-y-1.5">
              <p className="text-xs font-medium">{t('content.media.customThumbnail')}</p>
              <UploadPanel target={{ purpose: 'thumbnail', assetId: file.id }} accept=".jpg,.jpeg,.png,.webp" multiple={false} compact hint={t('content.media.customThumbnailHint')} />
            </div>
          ) : null}
        </details>
        {canEdit ? (
          <div className="flex items-center justify-between">
            <div className="flex gap-1">
              <button type="button" className="rounded p-1.5 hover:bg-surface-muted disabled:opacity-40" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('content.media.moveUp', { name: file.originalName })}>
                <ArrowUp className="size-4" />
              </button>
              <button type="button" className="rounded p-1.5 hover:bg-surface-muted disabled:opacity-40" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('content.media.moveDown', { name: file.originalName })}>
                <ArrowDown className="size-4" />
              </button>
            </div>
            <Button variant="danger-ghost" size="sm" className="px-2 sm:px-3" onClick={() => setConfirmRemove(true)} aria-label={t('content.media.removeTitle', { name: file.originalName })}>
              <Trash2 aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t('content.media.remove')}</span>
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        tone="danger"
        title={t('content.media.removeTitle', { name: file.originalName })}
        description={t('content.media.removeText')}
        confirmLabel={t('content.media.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => {
          setConfirmRemove(false)
          void remover.submit({ intent: 'remove-file', assetId: file.id }, { method: 'post' })
        }}
      />
    </li>
  )
}

function MediaGrid({ files, canEdit }: { files: FileRow[]; canEdit: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const [order, setOrder] = useState(files.map((file) => file.id))
  const dragged = useRef<number | null>(null)
  useOutcomeToast(fetcher.data)
  useEffect(() => setOrder(files.map((file) => file.id)), [files])
  const byId = new Map(files.map((file) => [file.id, file]))
  const ordered = order.map((id) => byId.get(id)).filter((file): file is FileRow => Boolean(file))

  function move(from: number, to: number) {
    if (to < 0 || to >= order.length || from === to) return
    const next = [...order]
    const [moved] = next.splice(from, 1)
    next.splice(to, 0, moved)
    setOrder(next)
    void fetcher.submit({ intent: 'reorder', order: next.join(',') }, { method: 'post' })
  }

  if (files.length === 0) return <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">{t('content.media.empty')}</p>
  return (
    <ol className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4" aria-label={t('content.media.title')}>
      {ordered.map((file, index) => (
        <FileCard
          key={file.id}
          file={file}
          index={index}
          count={ordered.length}
          canEdit={canEdit}
          onMove={move}
          dragProps={
            canEdit
              ? {
                  draggable: true,
                  onDragStart: () => (dragged.current = index),
                  onDragOver: (event: DragEvent) => event.preventDefault(),
                  onDrop: (event: DragEvent) => {
                    event.preventDefault()
                    if (dragged.current !== null) move(dragged.current, index)
                    dragged.current = null
                  },
                }
              : {}
          }
        />
      ))}
    </ol>
  )
}

export default function ContentEditor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { item, files, canPublish, canEdit } = loaderData
  const details = useFetcher<ActionResult>()
  const status = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const [confirmDelete, setConfirmDelete] = useState(false)
  useOutcomeToast(details.data)
  useOutcomeToast(status.data)
  useOutcomeToast(remover.data)
  const isGallery = item.kind === 'gallery'
  const detailErrors = details.data && !details.data.ok ? details.data.errors : undefined
  const setStatus = (next: string) => void status.submit({ intent: 'status', status: next }, { method: 'post' })

  return (
    <div className="mx-auto max-w-6xl space-y-8">
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
      </div>

      <section aria-labelledby="files-heading" className="space-y-4">
        <h2 id="files-heading" className="font-semibold">
          {isGallery ? t('content.media.galleryHeading', { count: files.length }) : t('content.media.fileHeading')}
        </h2>
        {canEdit && (isGallery || files.length === 0) ? (
          <UploadPanel
            target={{ purpose: isGallery ? 'gallery-media' : 'content-file', contentItemId: item.id }}
            accept={isGallery ? 'image/*,video/*' : undefined}
            multiple={isGallery}
            hint={isGallery ? t('uploads.ui.galleryHint') : t('uploads.ui.singleHint')}
          />
        ) : null}
        <MediaGrid files={files} canEdit={canEdit} />
      </section>

      <section aria-labelledby="cover-heading" className="space-y-4">
        <h2 id="cover-heading" className="font-semibold">
          {t('covers.title')}
        </h2>
        <CoverPicker coverAssetId={item.coverAssetId} target={{ purpose: 'cover', contentItemId: item.id }} disabled={!canEdit} />
      </section>

      <QrCodePanel kind="content" id={item.id} />

      <section aria-labelledby="details-heading" className="space-y-4">
        <h2 id="details-heading" className="font-semibold">
          {t('content.detailsHeading')}
        </h2>
        <details.Form method="post" noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5">
          <input type="hidden" name="intent" value="save" />
          <fieldset disabled={!canEdit} className="space-y-5">
            <ContentDetailsFields values={{ ...item, happenedOn: item.happenedOn ?? null }} errors={detailErrors} events={loaderData.events} />
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

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        tone="danger"
        title={t('content.deleteDialog.title', { title: item.title })}
        description={isGallery ? t('content.deleteDialog.gallery', { count: files.length }) : t('content.deleteDialog.single')}
        confirmLabel={t('content.actions.delete')}
        cancelLabel={t('common.cancel')}
        busy={remover.state !== 'idle'}
        onConfirm={() => void remover.submit({ intent: 'delete' }, { method: 'post' })}
      />
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
