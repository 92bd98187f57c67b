import { useTranslation } from '#app/lib/react-i18n'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthShell } from '#app/components/auth-shell'
import { Button, buttonClasses } from '#app/components/ui/button'
import { FormAlert } from '#app/components/ui/field'
import { acceptInvitation, rejectInvitation } from '#app/features/members/server/answer-invitation.server'
import { getInvitation } from '#app/access/find-invitation.server'
import { getSession } from '#app/access/auth.server'
import { AppError } from '#app/lib/errors'
import { withActor } from '#app/access/member-route.server'
import type { Route } from './+types/invitation'
import { readForm } from '#app/lib/read-form.server'
import { authAs } from '#app/access/auth.server'

export async function loader({ request, params }: Route.LoaderArgs) {
  const invitation = await getInvitation(params.invitationId)
  const auth = await getSession(request)
  const here = `/invitations/${encodeURIComponent(params.invitationId)}`
  return {
    invitation,
    signedInAs: auth?.user.email ?? null,
    signInHref: `/auth?redirectTo=${encodeURIComponent(here)}`,
    signUpHref: `/auth?mode=signup&redirectTo=${encodeURIComponent(here)}`,
  }
}

export const action = withActor({ kind: 'signed-in' }, async (auth, { request, params }: Route.ActionArgs) => {
  const intent = (await readForm(request)).intent
  try {
    if (intent === 'decline') {
      await rejectInvitation(params.invitationId, authAs(request))
      return redirect('/')
    }
    const { headers } = await acceptInvitation(params.invitationId, authAs(request), auth.user.id)
    return redirect('/admin', { headers })
  } catch (error) {
    if (error instanceof AppError) return data({ error: error.messageKey }, { status: error.status })
    throw error
  }
})

export const meta = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function InvitationScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { invitation, signedInAs } = loaderData
  if (!invitation || invitation.status !== 'pending' || invitation.isExpired) {
    const reason = !invitation
      ? 'notFound'
      : invitation.status === 'accepted'
        ? 'accepted'
        : invitation.isExpired
          ? 'expired'
          : 'closed'
    return (
      <AuthShell title={t('invitation.title')}>
        <FormAlert>{t(`invitation.errors.${reason}`)}</FormAlert>
        <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6 w-full')}>
          {t('common.backToHome')}
        </Link>
      </AuthShell>
    )
  }
  const summary = t('invitation.summary', {
    inviter: invitation.inviterName,
    company: invitation.companyName,
    role: t(`roles.${invitation.role}`),
  })
  return (
    <AuthShell title={t('invitation.title')} subtitle={summary}>
      {actionData?.error ? <FormAlert>{t(actionData.error)}</FormAlert> : null}
      {!signedInAs ? (
        <div className="space-y-3">
          <p className="text-sm text-ink-muted">{t('invitation.signInFirst', { email: invitation.email })}</p>
          <Link to={loaderData.signInHref} className={buttonClasses('primary', 'lg', 'w-full')}>
            {t('invitation.signInToAccept')}
          </Link>
          <Link to={loaderData.signUpHref} className={buttonClasses('secondary', 'lg', 'w-full')}>
            {t('invitation.createAccount')}
          </Link>
        </div>
      ) : signedInAs.toLowerCase() !== invitation.email.toLowerCase() ? (
        <FormAlert>{t('invitation.wrongAccount', { email: invitation.email, current: signedInAs })}</FormAlert>
      ) : (
        <Form method="post" className="mt-2 flex flex-col gap-3">
          <Button type="submit" name="intent" value="accept" size="lg" disabled={navigation.state !== 'idle'}>
            {t('invitation.accept')}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="decline"
            variant="secondary"
            size="lg"
            disabled={navigation.state !== 'idle'}
          >
            {t('invitation.decline')}
          </Button>
        </Form>
      )}
    </AuthShell>
  )
}
