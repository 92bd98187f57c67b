import { redirect } from 'react-router'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { ContentEditor } from '#app/features/galleries/components/content-editor'
import { useEditedContentKind } from '#app/features/galleries/components/editor-content-kind'
import { ZContentAction, ZContentDetails } from '#app/features/galleries/content.schema'
import { changeContentStatus } from '#app/features/galleries/server/change-content-status.server'
import { changeFilesVisibility } from '#app/features/galleries/server/change-files-visibility.server'
import { deleteContent } from '#app/features/galleries/server/delete-content.server'
import { getContentForEdit } from '#app/features/galleries/server/get-content-for-edit.server'
import { listGalleryOptions } from '#app/features/galleries/server/list-gallery-options.server'
import { moveFilesToGallery } from '#app/features/galleries/server/move-files-to-gallery.server'
import { orderFilesByCapture } from '#app/features/galleries/server/order-files-by-capture.server'
import { removeAssets } from '#app/features/galleries/server/remove-assets.server'
import { reorderAssets } from '#app/features/galleries/server/reorder-assets.server'
import { retryProcessing } from '#app/features/galleries/server/retry-processing.server'
import { setCoverFromFile } from '#app/features/galleries/server/set-cover-from-file.server'
import { setFilesAltText } from '#app/features/galleries/server/set-files-alt-text.server'
import { updateAssetText } from '#app/features/galleries/server/update-asset-text.server'
import { updateContentDetails } from '#app/features/galleries/server/update-content-details.server'
import { listEventOptions } from '#app/features/events/server/list-event-options.server'
import { can } from '#app/features/members/permissions'
import { findQrTarget } from '#app/features/sharing/server/find-qr-target.server'
import { ogImagePath, ogVersion } from '#app/features/sharing/server/og-image.server'
import { actionInvalid, actionSuccess, revalidateUnlessUnchanged } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/content.$id'

export const loader = withActor({ kind: 'person' }, async (member, { params }: Route.LoaderArgs) => {
  const { item, files } = await getContentForEdit(member, params.contentItemId)
  const canPublish = can(member.actor.role, 'content.publish')
  // The address the QR code and Share point to; "View live page" opens it.
  const { url: liveUrl } = await findQrTarget(member, 'content', item.id)
  return {
    item,
    files,
    liveUrl,
    // The link preview fans' apps show, offered in the share step once the page is public.
    shareCard:
      item.status === 'published'
        ? ogImagePath(item.kind === 'gallery' ? 'gallery' : 'content', item.id, ogVersion(null))
        : null,
    events: await listEventOptions(member),
    // Where the bulk bar may move selected files: the company's other galleries.
    galleries: item.kind === 'gallery' ? await listGalleryOptions(member, item.id) : [],
    canPublish,
    canEdit: item.status === 'draft' || canPublish,
  }
})

export const action = withActor({ kind: 'person' }, async (member, { request, params }: Route.ActionArgs) => {
  const id = params.contentItemId
  return intentAction(request, ZContentAction, {
    save: async (_, form) => {
      const details = ZContentDetails.safeParse(form)
      if (!details.success) return actionInvalid(details.error)
      await updateContentDetails(member, id, details.data)
      return actionSuccess('content.toasts.saved')
    },
    status: async ({ status }) => {
      await changeContentStatus(member, [id], status)
      return actionSuccess(`content.toasts.${status}`)
    },
    delete: async () => {
      await deleteContent(member, [id])
      return redirect('/admin/content?deleted=1')
    },
    reorder: async ({ order }) => {
      await reorderAssets(member, id, order)
      return actionSuccess('content.toasts.reordered')
    },
    'remove-file': async ({ assetId }) => {
      await removeAssets(member, id, [assetId])
      return actionSuccess('content.toasts.fileRemoved')
    },
    'remove-files': async ({ assetIds }) => {
      await removeAssets(member, id, assetIds)
      return actionSuccess('studio.editor.filesRemoved')
    },
    'files-visibility': async ({ assetIds, visibility }) => {
      await changeFilesVisibility(member, id, assetIds, visibility)
      return actionSuccess(`studio.editor.bulk.done.${visibility}`)
    },
    'files-move': async ({ assetIds, targetId }) => {
      await moveFilesToGallery(member, id, assetIds, targetId)
      return actionSuccess('studio.editor.bulk.done.moved')
    },
    'files-alt-text': async ({ assetIds, altText }) => {
      await setFilesAltText(member, id, assetIds, altText)
      return actionSuccess('studio.editor.bulk.done.altText')
    },
    'files-order-captured': async ({ assetIds }) => {
      await orderFilesByCapture(member, id, assetIds)
      return actionSuccess('studio.editor.bulk.done.ordered')
    },
    'set-cover': async ({ assetId }) => {
      await setCoverFromFile(member, id, assetId)
      return actionSuccess('studio.editor.coverSet')
    },
    'retry-processing': async ({ assetId }) => {
      await retryProcessing(member, id, assetId)
      return actionSuccess('content.toasts.retrying')
    },
    'file-text': async ({ assetId, title, description, altText }) => {
      await updateAssetText(member, id, assetId, { title, description, altText })
      return actionSuccess('content.toasts.saved')
    },
  })
})

// A change that cannot reach the server (or fails there) is a toast, never a lost form or the error screen.
export const clientAction = resilientClientAction('errors.updateFailed', {
  delete: 'errors.deleteFailed',
  'remove-file': 'errors.deleteFailed',
  'remove-files': 'errors.deleteFailed',
})
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.item.title ?? 'Highlights'} · Afterglow` }]

export default function ContentEditorPage({ loaderData }: Route.ComponentProps) {
  return <ContentEditor {...loaderData} />
}

// A gallery that could not be loaded says so in the spec's words; a single item, the usual ones.
export function ErrorBoundary() {
  const kind = useEditedContentKind()
  return <AdminRouteErrorBoundary loadFailureKey={kind === 'gallery' ? 'content.errors.galleryLoad' : undefined} />
}
