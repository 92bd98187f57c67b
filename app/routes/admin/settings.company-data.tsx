import { ImageIcon } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { SelectField, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import {
  ZCompanyData,
  DESCRIPTION_MAX,
  EMPLOYEE_COUNTS,
  SOCIAL_NETWORKS,
} from '#app/features/companies/company-settings.schema'
import { LocalizedTextField } from '#app/features/companies/components/localized-text-field'
import { CloseAccountSection } from '#app/features/companies/components/account-closure'
import { getCompanyClosure } from '#app/features/companies/server/get-company-closure.server'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { countryOptions } from '#app/features/companies/countries'
import { getCompanySettings } from '#app/features/companies/server/get-company-settings.server'
import { updateCompanyData } from '#app/features/companies/server/update-company-data.server'
import { UploadPanel } from '#app/features/media/components/upload-panel'
import { socialNetworkName } from '#app/features/companies/landing/components/social-links'
import { companyPublicBase } from '#app/features/sharing/server/public-url.server'
import {
  revalidateUnlessUnchanged,
  actionFailure,
  actionInvalid,
  actionSuccess,
  useOutcomeToast,
  type ActionResult,
} from '#app/lib/action-result'
import { detectLanguage } from '#app/lib/i18n'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/settings.company-data'
import { readForm } from '#app/lib/read-form.server'

export const loader = withActor({ kind: 'person' }, async (member, { request }: Route.LoaderArgs) => {
  const settings = await getCompanySettings(member)
  // Named on the server: browsers' and Node's country names differ slightly, and must not between render and hydration.
  return {
    ...settings,
    pageUrl: companyPublicBase(settings.company),
    countries: countryOptions(detectLanguage(request)),
    closure: await getCompanyClosure(member),
  }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const parsed = ZCompanyData.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const { translated } = await updateCompanyData(member, parsed.data)
    return actionSuccess(
      Object.keys(translated).length > 0 ? 'settings.toasts.savedTranslated' : 'settings.toasts.saved',
    )
  } catch (error) {
    return actionFailure(error)
  }
})

// A save that cannot reach the server (or fails there) is a toast, never a lost form.
export const clientAction = resilientClientAction()
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Company data · Afterglow' }]

export default function CompanyDataSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, canEdit, pageUrl, countries, closure } = loaderData
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  const saving = fetcher.state !== 'idle'
  return (
    <SettingsPage
      title={t('settings.sections.companyData.title')}
      subtitle={t('settings.companyData.subtitle')}
      canEdit={canEdit}
    >
      <SettingsSection title={t('settings.companyData.logo')} description={t('settings.companyData.logoHint')}>
        <div className="grid gap-4 sm:grid-cols-[96px_1fr] sm:items-start">
          <div
            className="grid size-24 place-items-center overflow-hidden rounded-2xl border border-line bg-surface-muted"
            data-testid="logo-preview"
          >
            {company.logo ? (
              <img
                key={company.logo}
                src={company.logo}
                alt={t('settings.companyData.logoAlt', { company: company.name })}
                className="size-full object-cover"
                // Until its web size is made, a new logo shows from its original (admins may read it).
                onError={(event) => {
                  const image = event.currentTarget
                  const original = company.logo?.replace(/^\/p\/([^/]+)\/.*$/, '/media/$1/original')
                  if (original && !image.src.endsWith(original)) image.src = original
                }}
              />
            ) : (
              <ImageIcon aria-hidden className="size-7 text-ink-muted" />
            )}
          </div>
          {canEdit ? (
            <UploadPanel
              target={{ purpose: 'logo' }}
              accept="image/*"
              multiple={false}
              compact
              hint={t('settings.companyData.logoUploadHint')}
            />
          ) : null}
        </div>
      </SettingsSection>

      <fetcher.Form method="post" noValidate className="space-y-6" aria-busy={saving}>
        <fieldset disabled={!canEdit} className="space-y-6">
          <SettingsSection title={t('settings.companyData.identity')}>
            <TextField
              label={t('settings.companyData.name')}
              name="name"
              defaultValue={company.name}
              errors={translate(errors?.name)}
              maxLength={100}
              required
              autoComplete="organization"
            />
            <TextField
              label={t('onboarding.slug')}
              name="slug"
              defaultValue={company.slug}
              errors={translate(errors?.slug)}
              hint={t('settings.companyData.slugHint', { url: pageUrl })}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={48}
              required
            />
            <LocalizedTextField
              name="description"
              label={t('settings.companyData.description')}
              values={company.texts.description ?? {}}
              machineTranslated={company.machineTranslated.description}
              errors={errors}
              maxLength={DESCRIPTION_MAX}
              multiline
              disabled={!canEdit}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('settings.companyData.website')}
                name="website"
                type="url"
                inputMode="url"
                placeholder="https://"
                defaultValue={company.website ?? ''}
                errors={translate(errors?.website)}
              />
              <TextField
                label={t('settings.companyData.industry')}
                name="industry"
                defaultValue={company.industry ?? ''}
                errors={translate(errors?.industry)}
                maxLength={100}
              />
              <SelectField
                label={t('settings.companyData.employeeCount')}
                name="employeeCount"
                defaultValue={company.employeeCount ?? ''}
                errors={translate(errors?.employeeCount)}
              >
                <option value="">{t('settings.companyData.notSaid')}</option>
                {EMPLOYEE_COUNTS.map((range) => (
                  <option key={range} value={range}>
                    {t('settings.companyData.employees', { range })}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('settings.companyData.registrationNumber')}
                name="registrationNumber"
                defaultValue={company.registrationNumber ?? ''}
                errors={translate(errors?.registrationNumber)}
                maxLength={50}
              />
            </div>
          </SettingsSection>

          <SettingsSection title={t('settings.companyData.contact')}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('settings.companyData.primaryEmail')}
                name="primaryEmail"
                type="email"
                autoComplete="email"
                defaultValue={company.primaryEmail ?? ''}
                errors={translate(errors?.primaryEmail)}
              />
              <TextField
                label={t('settings.companyData.phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                placeholder="+44 20 7946 0958"
                defaultValue={company.phone ?? ''}
                errors={translate(errors?.phone)}
                hint={t('settings.companyData.phoneHint')}
              />
            </div>
            <TextField
              label={t('settings.companyData.address')}
              name="address"
              autoComplete="street-address"
              defaultValue={company.address ?? ''}
              errors={translate(errors?.address)}
              maxLength={200}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                label={t('settings.companyData.city')}
                name="city"
                autoComplete="address-level2"
                defaultValue={company.city ?? ''}
                errors={translate(errors?.city)}
                maxLength={100}
              />
              <TextField
                label={t('settings.companyData.state')}
                name="state"
                autoComplete="address-level1"
                defaultValue={company.state ?? ''}
                errors={translate(errors?.state)}
                maxLength={100}
              />
              <TextField
                label={t('settings.companyData.zipCode')}
                name="zipCode"
                autoComplete="postal-code"
                defaultValue={company.zipCode ?? ''}
                errors={translate(errors?.zipCode)}
                maxLength={20}
              />
            </div>
            <SelectField
              label={t('settings.companyData.country')}
              name="country"
              autoComplete="country"
              defaultValue={company.country ?? ''}
              errors={translate(errors?.country)}
            >
              <option value="">{t('settings.companyData.notSaid')}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </SelectField>
          </SettingsSection>

          <SettingsSection title={t('settings.companyData.social')} description={t('settings.companyData.socialHint')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {SOCIAL_NETWORKS.map((network) => (
                <TextField
                  key={network}
                  label={socialNetworkName(network)}
                  name={`${network}Url`}
                  type={network === 'whatsapp' ? 'text' : 'url'}
                  inputMode={network === 'whatsapp' ? 'tel' : 'url'}
                  placeholder={network === 'whatsapp' ? '+55 11 98765-4321' : 'https://'}
                  defaultValue={company[`${network}Url`] ?? ''}
                  errors={translate(errors?.[`${network}Url`])}
                />
              ))}
            </div>
          </SettingsSection>
        </fieldset>
        {canEdit ? (
          <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-line bg-surface/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <Button type="submit" disabled={saving} data-testid="save-company-data">
              {saving ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        ) : null}
      </fetcher.Form>
      {canEdit ? <CloseAccountSection company={company} closure={closure} /> : null}
    </SettingsPage>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
