import { Mail, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { SelectField, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { ZTeamAction } from '#app/features/members/members.schema'
import { ROLES } from '#app/features/members/permissions'
import { cancelInvitation } from '#app/features/members/server/cancel-invitation.server'
import { changeMemberRole } from '#app/features/members/server/change-member-role.server'
import { inviteMember } from '#app/features/members/server/invite-member.server'
import { listTeam } from '#app/features/members/server/list-team.server'
import { removeMember } from '#app/features/members/server/remove-member.server'
import { actionSuccess, revalidateUnlessUnchanged, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { intentAction } from '#app/lib/intent-action.server'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/settings.team'
import { authAs } from '#app/access/auth.server'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  return { ...(await listTeam(member)), currentUserId: member.user.id }
})

// Better Auth carries out team changes as the signed-in admin: it gets their request's headers.
export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  return intentAction(
    request,
    ZTeamAction,
    {
      invite: async (invite) => {
        await inviteMember(member, invite, authAs(request))
        return actionSuccess('team.toasts.invited')
      },
      'change-role': async (change) => {
        await changeMemberRole(member, change, authAs(request))
        return actionSuccess('team.toasts.roleChanged')
      },
      remove: async ({ memberId }) => {
        await removeMember(member, memberId, authAs(request))
        return actionSuccess('team.toasts.removed')
      },
      'cancel-invitation': async ({ invitationId }) => {
        await cancelInvitation(member, invitationId, authAs(request))
        return actionSuccess('team.toasts.invitationCancelled')
      },
    },
    // The invitation form is typed in: its problems show per field.
    { invalid: 'fields' },
  )
})

// A team change that cannot reach the server (or fails there) is a toast, never a lost
// invitation form or the error screen.
export const clientAction = resilientClientAction('errors.saveFailed', {
  'change-role': 'errors.updateFailed',
  remove: 'errors.deleteFailed',
  'cancel-invitation': 'errors.deleteFailed',
})
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Team · Afterglow' }]

function InviteForm() {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  useOutcomeToast(fetcher.data, () => formRef.current?.reset())
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : {}
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      className="grid gap-4 sm:grid-cols-[1fr_180px_auto] sm:items-start"
    >
      <input type="hidden" name="intent" value="invite" />
      <TextField
        label={t('team.invite.email')}
        name="email"
        type="email"
        autoComplete="off"
        errors={translate(errors.email)}
      />
      <SelectField label={t('team.invite.role')} name="role" defaultValue="user" errors={translate(errors.role)}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="h-11 sm:mt-[26px]" disabled={fetcher.state !== 'idle'}>
        <Mail aria-hidden className="size-4" />
        {fetcher.state !== 'idle' ? t('team.invite.sending') : t('team.invite.submit')}
      </Button>
    </fetcher.Form>
  )
}

function MemberRow({
  member,
  isSelf,
}: {
  member: Route.ComponentProps['loaderData']['members'][number]
  isSelf: boolean
}) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const fetcher = useFetcher<ActionResult>()
  const [confirmRemove, setConfirmRemove] = useState(false)
  useOutcomeToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[1fr_170px_auto] sm:items-center" data-testid="team-member">
      <div className="min-w-0">
        <p className="truncate font-medium">
          {member.name} {isSelf ? <span className="text-sm font-normal text-ink-muted">({t('team.you')})</span> : null}
        </p>
        <p className="truncate text-sm text-ink-muted">{member.email}</p>
        <p className="text-xs text-ink-muted">{t('team.joined', { date: date(member.joinedAt) })}</p>
      </div>
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        {t('team.invite.role')}
      </label>
      <select
        id={`role-${member.id}`}
        value={String(fetcher.formData?.get('role') ?? member.role)}
        disabled={busy}
        aria-label={t('team.roleFor', { name: member.name })}
        onChange={(event) =>
          fetcher.submit({ intent: 'change-role', memberId: member.id, role: event.target.value }, { method: 'post' })
        }
        className="h-10 rounded-[var(--radius-ui)] border border-line bg-surface px-3 text-sm"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      <Button
        variant="danger-ghost"
        size="sm"
        className="justify-self-start sm:justify-self-end"
        onClick={() => setConfirmRemove(true)}
        disabled={busy}
      >
        <Trash2 aria-hidden className="size-4" />
        {t('team.remove.action')}
      </Button>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        tone="danger"
        title={t('team.remove.title', { name: member.name })}
        description={t('team.remove.description')}
        confirmLabel={t('team.remove.confirm')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => {
          setConfirmRemove(false)
          void fetcher.submit({ intent: 'remove', memberId: member.id }, { method: 'post' })
        }}
      />
    </li>
  )
}

function InvitationRow({ invitation }: { invitation: Route.ComponentProps['loaderData']['invitations'][number] }) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="team-invitation">
      <div className="min-w-0">
        <p className="truncate font-medium">{invitation.email}</p>
        <p className="text-sm text-ink-muted">
          {t(`roles.${invitation.role ?? 'user'}`)} · {t('team.expires', { date: date(invitation.expiresAt) })}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="cancel-invitation" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== 'idle'}>
          {t('team.cancelInvitation')}
        </Button>
      </fetcher.Form>
    </li>
  )
}

export default function TeamSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className={`${pageWidth('form')} space-y-8`}>
      <div>
        <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
          ← {t('settings.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('team.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('team.subtitle')}</p>
      </div>
      <section className="rounded-xl border border-line bg-surface p-5" aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="mb-4 font-semibold">
          {t('team.invite.title')}
        </h2>
        <InviteForm />
      </section>
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="mb-3 font-semibold">
          {t('team.members', { count: loaderData.members.length })}
        </h2>
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {loaderData.members.map((member) => (
            <MemberRow key={member.id} member={member} isSelf={member.userId === loaderData.currentUserId} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="mb-3 font-semibold">
          {t('team.pending')}
        </h2>
        {loaderData.invitations.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-sm text-ink-muted">
            {t('team.noPending')}
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {loaderData.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
