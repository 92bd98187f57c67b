import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { WatermarkSettings } from '#app/features/watermark/components/watermark-settings'
import { ZWatermarkSettings } from '#app/features/watermark/watermark'
import { getWatermark } from '#app/features/watermark/server/get-watermark.server'
import { saveWatermark } from '#app/features/watermark/server/save-watermark.server'
import { actionFailure, actionInvalid, actionSuccess, revalidateUnlessUnchanged } from '#app/lib/action-result'
import { withActor } from '#app/access/member-route.server'
import { readForm } from '#app/lib/read-form.server'
import type { Route } from './+types/settings.watermark'

export const loader = withActor({ kind: 'person' }, async (member) => getWatermark(member))

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const form = await readForm(request)
  const parsed = ZWatermarkSettings.safeParse(form)
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await saveWatermark(member, { ...parsed.data, file: form.file instanceof File ? form.file : null })
    return actionSuccess(parsed.data.intent === 'remove' ? 'watermark.removed' : 'watermark.saved')
  } catch (error) {
    return actionFailure(error)
  }
})

export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Watermark · Afterglow' }]

export default function WatermarkSettingsPage({ loaderData }: Route.ComponentProps) {
  return <WatermarkSettings {...loaderData} />
}

export const ErrorBoundary = AdminRouteErrorBoundary
