import { ExternalLink, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { SelectField, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { DESCRIPTION_MAX, DISPLAY_MODES, ZLandingSettings } from '#app/features/companies/company-settings.schema'
import { PreviewPanel, useDraftSender } from '#app/features/companies/components/draft-preview'
import { LocalizedTextField } from '#app/features/companies/components/localized-text-field'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { LANDING_DRAFT_MESSAGE, type LandingDraft } from '#app/features/companies/landing-draft'
import { getCompanySettings } from '#app/features/companies/server/get-company-settings.server'
import { removeLandingHero } from '#app/features/companies/server/remove-landing-hero.server'
import { updateLandingSettings } from '#app/features/companies/server/update-landing-settings.server'
import { CoverPicker } from '#app/features/media/components/cover-picker'
import { companyPublicBase } from '#app/features/sharing/server/public-url.server'
import {
  revalidateUnlessUnchanged,
  actionFailure,
  actionInvalid,
  actionSuccess,
  useOutcomeToast,
  type ActionResult,
} from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { LANGUAGES, type Language } from '#app/lib/i18n'
import { withActor } from '#app/access/member-route.server'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/settings.landing-page'
import { readForm } from '#app/lib/read-form.server'

export const loader = withActor({ kind: 'person' }, async (member) => {
  const settings = await getCompanySettings(member)
  return { ...settings, pageUrl: companyPublicBase(settings.company) }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const form = await readForm(request)
  if (form.intent === 'remove-hero') {
    try {
      await removeLandingHero(member)
      return actionSuccess('settings.toasts.heroRemoved')
    } catch (error) {
      return actionFailure(error)
    }
  }
  const parsed = ZLandingSettings.safeParse(form)
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    const { translated } = await updateLandingSettings(member, parsed.data)
    return actionSuccess(
      Object.keys(translated).length > 0 ? 'settings.toasts.savedTranslated' : 'settings.toasts.landingSaved',
    )
  } catch (error) {
    return actionFailure(error)
  }
})

// A save that cannot reach the server (or fails there) is a toast, never a lost form.
export const clientAction = resilientClientAction()
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Landing page · Afterglow' }]

const PREVIEW_PATH = '/admin/settings/landing-page/preview'

export default function LandingPageSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { company, canEdit, entitlements, pageUrl } = loaderData
  const fetcher = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  const saving = fetcher.state !== 'idle'
  const [draft, setDraft] = useState<LandingDraft>(() => ({
    texts: { landingName: company.texts.landingName ?? {}, landingDescription: company.texts.landingDescription ?? {} },
    displayMode: company.landingDisplayMode === 'events' ? 'events' : 'galleries',
    promotionUrl: company.promotionUrl ?? '',
    brandPrimaryColor: company.brandPrimaryColor ?? '',
    brandAccentColor: company.brandAccentColor ?? '',
    language: (LANGUAGES.find(({ code }) => code === i18n.language)?.code ?? 'en') as Language,
  }))
  const { frame, reload } = useDraftSender(LANDING_DRAFT_MESSAGE, draft)
  useOutcomeToast(remover.data, reload)
  // Saved: the preview reloads the landing as fans now see it.
  useOutcomeToast(fetcher.data, reload)
  const update = (patch: Partial<LandingDraft>) => setDraft((before) => ({ ...before, ...patch }))

  return (
    <SettingsPage
      title={t('settings.sections.landingPage.title')}
      subtitle={t('settings.landingPage.subtitle')}
      canEdit={canEdit}
      width="wide"
      actions={
        <a
          href={pageUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
        >
          {t('settings.landingPage.openPage')}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,440px)_minmax(0,1fr)] xl:items-start">
        <fetcher.Form method="post" noValidate className="space-y-6" aria-busy={saving}>
          <fieldset disabled={!canEdit} className="space-y-6">
            <SettingsSection title={t('settings.landingPage.texts')} description={t('settings.landingPage.textsHint')}>
              <LocalizedTextField
                name="landingName"
                label={t('settings.landingPage.name')}
                values={company.texts.landingName ?? {}}
                machineTranslated={company.machineTranslated.landingName}
                errors={errors}
                maxLength={100}
                disabled={!canEdit}
                hint={t('settings.landingPage.nameHint')}
                onValuesChange={(values) => update({ texts: { ...draft.texts, landingName: values } })}
              />
              <LocalizedTextField
                name="landingDescription"
                label={t('settings.landingPage.description')}
                values={company.texts.landingDescription ?? {}}
                machineTranslated={company.machineTranslated.landingDescription}
                errors={errors}
                maxLength={DESCRIPTION_MAX}
                multiline
                disabled={!canEdit}
                onValuesChange={(values) => update({ texts: { ...draft.texts, landingDescription: values } })}
              />
            </SettingsSection>
            <SettingsSection title={t('settings.landingPage.hero')} description={t('settings.landingPage.heroHint')}>
              <CoverPicker
                coverAssetId={company.heroAssetId}
                target={{ purpose: 'hero' }}
                disabled={!canEdit}
                stacked
                emptyLabel={t('settings.landingPage.noHero')}
              />
              {canEdit && company.heroAssetId ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => remover.submit({ intent: 'remove-hero' }, { method: 'post' })}
                  disabled={remover.state !== 'idle'}
                >
                  {t('settings.landingPage.removeHero')}
                </Button>
              ) : null}
            </SettingsSection>
            <SettingsSection title={t('settings.landingPage.layout')}>
              <SelectField
                label={t('settings.landingPage.displayMode')}
                name="displayMode"
                value={draft.displayMode}
                onChange={(event) => update({ displayMode: event.target.value as LandingDraft['displayMode'] })}
                errors={translate(errors?.displayMode)}
              >
                {DISPLAY_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`settings.landingPage.modes.${mode}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t('settings.landingPage.promotionUrl')}
                name="promotionUrl"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={draft.promotionUrl}
                onChange={(event) => update({ promotionUrl: event.target.value })}
                errors={translate(errors?.promotionUrl)}
                hint={t('settings.landingPage.promotionHint')}
              />
            </SettingsSection>
            <SettingsSection
              title={t('settings.landingPage.colours')}
              description={t('settings.landingPage.coloursHint')}
            >
              {entitlements.customBranding ? null : (
                <p
                  className="flex items-start gap-2 rounded-lg bg-accent/10 px-3 py-2 text-sm text-ink"
                  data-testid="branding-upgrade"
                >
                  <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                  <span>
                    {t('settings.landingPage.brandingPlan')}{' '}
                    <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
                      {t('settings.landingPage.seePlans')}
                    </Link>
                  </span>
                </p>
              )}
              <div className="grid gap-4">
                {(['brandPrimaryColor', 'brandAccentColor'] as const).map((field) => (
                  <ColourField
                    key={field}
                    name={field}
                    label={t(`settings.landingPage.${field}`)}
                    value={draft[field]}
                    onChange={(value) => update({ [field]: value })}
                    errors={translate(errors?.[field])}
                  />
                ))}
              </div>
            </SettingsSection>
          </fieldset>
          {canEdit ? (
            <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-line bg-surface/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <Button type="submit" disabled={saving} data-testid="save-landing">
                {saving ? t('common.saving') : t('common.save')}
              </Button>
            </div>
          ) : null}
        </fetcher.Form>

        <PreviewPanel
          frame={frame}
          src={PREVIEW_PATH}
          title={t('settings.landingPage.preview')}
          frameTitle={t('settings.landingPage.previewTitle')}
          testId="landing-preview-frame"
          tools={
            <>
              <label className="sr-only" htmlFor="preview-language">
                {t('settings.landingPage.previewLanguage')}
              </label>
              <select
                id="preview-language"
                value={draft.language}
                onChange={(event) => update({ language: event.target.value as Language })}
                className="h-9 rounded-lg border border-line bg-surface px-2 text-sm"
              >
                {LANGUAGES.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </>
          }
        />
      </div>
    </SettingsPage>
  )
}

function ColourField({
  name,
  label,
  value,
  onChange,
  errors,
}: {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  errors?: string[]
}) {
  const { t } = useTranslation()
  const valid = /^#[0-9a-f]{6}$/i.test(value)
  return (
    <div className="space-y-1.5">
      <label htmlFor={`${name}-text`} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={label}
          value={valid ? value : '#7c3aed'}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-[var(--radius-ui)] border border-line bg-surface p-1"
        />
        <input
          id={`${name}-text`}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="#7c3aed"
          maxLength={7}
          spellCheck={false}
          aria-invalid={Boolean(errors?.length)}
          className={cn(
            'block h-11 w-full rounded-[var(--radius-ui)] border bg-surface px-3 font-mono text-base sm:text-sm',
            errors?.length ? 'border-danger' : 'border-line',
          )}
        />
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            {t('settings.landingPage.clearColour')}
          </Button>
        ) : null}
      </div>
      {errors?.length ? <p className="text-sm text-danger">{errors.join(' ')}</p> : null}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
