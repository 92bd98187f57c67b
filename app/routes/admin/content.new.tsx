import { useTranslation } from '#app/lib/react-i18n'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { ContentDetailsFields } from '#app/features/galleries/components/content-details-fields'
import { ZContentDetails } from '#app/features/galleries/content.schema'
import { createContent } from '#app/features/galleries/server/create-content.server'
import { listEventOptions } from '#app/features/events/server/list-event-options.server'
import { actionFailure, actionInvalid, revalidateUnlessUnchanged, useOutcomeToast } from '#app/lib/action-result'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/content.new'
import { readForm } from '#app/lib/read-form.server'
import { pageWidth } from '#app/components/page-width'

function kindOf(request: Request) {
  return new URL(request.url).searchParams.get('kind') === 'single' ? 'single' : 'gallery'
}

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  return { kind: kindOf(request), events: await listEventOptions(member) }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const parsed = ZContentDetails.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const created = await createContent(member, kindOf(request), parsed.data)
    return redirect(`/admin/content/${created.id}`)
  } catch (error) {
    return actionFailure(error)
  }
})

// A new item that cannot reach the server (or fails there) is a toast, never a lost form or the error screen.
// A gallery's is the spec's own text.
export const clientAction = resilientClientAction((request) =>
  kindOf(request) === 'gallery' ? 'content.errors.gallerySave' : 'errors.saveFailed',
)
export const shouldRevalidate = revalidateUnlessUnchanged

export default function NewContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  useOutcomeToast(actionData)
  return (
    <div className={`${pageWidth('form')} space-y-6`}>
      <div>
        <Link to="/admin/content" className="text-sm text-ink-muted hover:text-ink">
          ← {t('content.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">
          {loaderData.kind === 'single' ? t('content.newSingle') : t('content.newGallery')}
        </h1>
        <p className="mt-1 text-sm text-ink-muted">{t('content.newHint')}</p>
      </div>
      <Form method="post" noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5">
        <ContentDetailsFields
          errors={actionData && !actionData.ok ? actionData.errors : undefined}
          events={loaderData.events}
        />
        <div className="flex justify-end gap-2">
          <Link
            to="/admin/content"
            className="inline-flex h-10 items-center px-4 text-sm font-medium text-ink-muted hover:text-ink"
          >
            {t('common.cancel')}
          </Link>
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {navigation.state !== 'idle' ? t('common.saving') : t('content.createDraft')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
