import { useTranslation } from '#app/lib/react-i18n'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { EventFields } from '#app/features/events/components/event-fields'
import { ZEventForm } from '#app/features/events/events.schema'
import { createEvent } from '#app/features/events/server/create-event.server'
import { actionFailure, actionInvalid, revalidateUnlessUnchanged, useOutcomeToast } from '#app/lib/action-result'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/events.new'
import { readForm } from '#app/lib/read-form.server'
import { pageWidth } from '#app/components/page-width'

// The form runs no use-case until it is sent: the page asks for what creating an event needs.
export const loader = withActor({ kind: 'person', permission: createEvent.need }, async () => null)

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const parsed = ZEventForm.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const created = await createEvent(member, parsed.data)
    return redirect(`/admin/events/${created.id}`)
  } catch (error) {
    // A taken address is said at the slug field (the error names it).
    return actionFailure(error)
  }
})

// A new event that cannot reach the server (or fails there) is a toast, never a lost form or the error screen.
export const clientAction = resilientClientAction('errors.saveFailed')
export const shouldRevalidate = revalidateUnlessUnchanged

export default function NewEvent({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  useOutcomeToast(actionData)
  return (
    <div className={`${pageWidth('form')} space-y-6`}>
      <div>
        <Link to="/admin/events" className="text-sm text-ink-muted hover:text-ink">
          ← {t('events.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('events.new')}</h1>
      </div>
      <Form method="post" noValidate className="space-y-5 rounded-xl border border-line bg-surface p-5">
        <EventFields errors={actionData && !actionData.ok ? actionData.errors : undefined} />
        <div className="flex justify-end">
          <Button type="submit" disabled={navigation.state !== 'idle'}>
            {navigation.state !== 'idle' ? t('common.saving') : t('events.create')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
