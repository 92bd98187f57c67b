import { useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { AuthShell } from '#app/components/auth-shell'
import { Button } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { slugify, ZCreateCompany } from '#app/features/companies/companies.schema'
import { createCompany } from '#app/features/companies/server/create-company.server'
import { getEnv } from '#app/lib/env.server'
import { AppError } from '#app/lib/errors'
import { fieldErrors } from '#app/lib/form-errors'
import { withActor } from '#app/access/member-route.server'
import { brandAllowanceOf } from '#app/features/companies/server/brand-allowance.server'
import { findMemberships } from '#app/access/find-memberships.server'
import { findPendingInvitations } from '#app/access/find-invitation.server'
import { isOperatorEmail } from '#app/access/operator.server'
import type { Route } from './+types/onboarding'
import { readForm } from '#app/lib/read-form.server'
import { authAs } from '#app/access/auth.server'
import { asSystem } from '#app/access/tenant.server'
import { startChosenTrial } from '#app/features/billing/server/start-chosen-trial.server'

export const loader = withActor({ kind: 'signed-in' }, async (auth, { request }: Route.LoaderArgs) => {
  // A member already: only a new brand (Enterprise) brings them here; anything else goes to the admin.
  const brands = brandAllowanceOf(await findMemberships(auth.user.id))
  const newBrand = brands.memberships.length > 0
  if (newBrand && (!brands.canCreate || !new URL(request.url).searchParams.has('brand'))) throw redirect('/admin')
  // A platform operator without a company of their own lands on their console, not on "create a company".
  if (
    isOperatorEmail(auth.user.email, Boolean(auth.user.emailVerified)) &&
    !new URL(request.url).searchParams.has('create')
  )
    throw redirect('/operator')
  const env = getEnv()
  return {
    userName: auth.user.name,
    appHost: new URL(env.APP_URL).host,
    invitations: newBrand ? [] : await findPendingInvitations(auth.user.email),
    coveredBy: newBrand ? brands.coveredBy : null,
  }
})

export const action = withActor({ kind: 'signed-in' }, async (auth, { request }: Route.ActionArgs) => {
  const form = await readForm(request)
  const parsed = ZCreateCompany.safeParse(form)
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 })
  try {
    const brands = brandAllowanceOf(await findMemberships(auth.user.id))
    if (!brands.canCreate) return data({ errors: { form: ['billing.errors.brands'] } }, { status: 402 })
    const coveredBy = brands.coveredBy
      ? { companyId: brands.coveredBy.id, openCompany: (id: string) => asSystem(id, 'companies.create-brand') }
      : null
    const caller = authAs(request)
    const { company, headers } = await createCompany(parsed.data, caller, auth.user.id, coveredBy)
    await startChosenTrial(
      auth.user.signUpPlan,
      () => asSystem(company.id, 'billing.trial.chosen-at-sign-up'),
      () => caller.api.updateUser({ body: { signUpPlan: null }, headers: caller.headers }),
    )
    return redirect('/admin', { headers })
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT')
      return data({ errors: { slug: [error.messageKey] } }, { status: 409 })
    throw error
  }
})

export const meta: Route.MetaFunction = () => [{ title: 'Afterglow' }]

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {}
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  const submitting = navigation.state !== 'idle'
  return (
    <AuthShell
      title={loaderData.coveredBy ? t('onboarding.newBrand.title') : t('onboarding.title')}
      subtitle={
        loaderData.coveredBy
          ? t('onboarding.newBrand.subtitle', { company: loaderData.coveredBy.name })
          : t('onboarding.subtitle', { name: loaderData.userName })
      }
    >
      {loaderData.invitations.length > 0 ? (
        <section className="mb-8 space-y-3" aria-labelledby="pending-invitations">
          <h2 id="pending-invitations" className="text-sm font-semibold">
            {t('onboarding.invitations')}
          </h2>
          <ul className="space-y-2">
            {loaderData.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-line p-3"
              >
                <span className="text-sm">
                  <span className="font-medium">{invitation.companyName}</span>
                  <span className="text-ink-muted"> · {t(`roles.${invitation.role ?? 'user'}`)}</span>
                </span>
                <Link to={`/invitations/${invitation.id}`} className="text-sm font-medium text-accent hover:underline">
                  {t('onboarding.join')}
                </Link>
              </li>
            ))}
          </ul>
          <p className="pt-2 text-sm text-ink-muted">{t('onboarding.orCreate')}</p>
        </section>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        {errors.form ? <FormAlert>{translate(errors.form)?.join(' ')}</FormAlert> : null}
        <TextField
          label={t('onboarding.companyName')}
          name="name"
          autoComplete="organization"
          errors={translate(errors.name)}
          onChange={(event) => {
            if (!slugEdited) setSlug(slugify(event.target.value))
          }}
          required
        />
        <TextField
          label={t('onboarding.slug')}
          name="slug"
          value={slug}
          onChange={(event) => {
            setSlugEdited(true)
            setSlug(event.target.value.toLowerCase())
          }}
          errors={translate(errors.slug)}
          hint={t('onboarding.slugHint', { url: `${loaderData.appHost}/${slug || 'your-company'}` })}
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting ? t('onboarding.creating') : t('onboarding.create')}
        </Button>
        {loaderData.coveredBy ? (
          <Link to="/admin" className="block text-center text-sm text-ink-muted hover:text-ink">
            {t('onboarding.newBrand.back', { company: loaderData.coveredBy.name })}
          </Link>
        ) : null}
      </Form>
    </AuthShell>
  )
}
