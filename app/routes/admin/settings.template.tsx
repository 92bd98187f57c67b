import { ExternalLink, Sparkles } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { PreviewPanel, useDraftSender } from '#app/features/companies/components/draft-preview'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { TemplateSketch } from '#app/features/companies/components/template-sketch'
import { getCompanySettings } from '#app/features/companies/server/get-company-settings.server'
import { updatePageTemplate } from '#app/features/companies/server/update-page-template.server'
import {
  TEMPLATE_DRAFT_MESSAGE,
  TEMPLATE_PREVIEW_PAGES,
  type TemplatePreviewPage,
} from '#app/features/companies/template-draft'
import {
  CANVASES,
  COVER_STYLES,
  DEFAULT_TEMPLATE,
  GALLERY_LAYOUTS,
  pageTemplateOf,
  SPACINGS,
  THUMB_SIZES,
  TYPE_PAIRINGS,
  type PageTemplate,
} from '#app/features/companies/page-template'
import { ZPageTemplate } from '#app/features/companies/page-template.schema'
import { companyPublicBase } from '#app/features/sharing/server/public-url.server'
import {
  actionFailure,
  actionInvalid,
  actionSuccess,
  revalidateUnlessUnchanged,
  useOutcomeToast,
  type ActionResult,
} from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import { resilientClientAction } from '#app/lib/resilient-client-action'
import type { Route } from './+types/settings.template'
import { readForm } from '#app/lib/read-form.server'

export const loader = withActor({ kind: 'person' }, async (member) => {
  const { company, canEdit, entitlements } = await getCompanySettings(member)
  return {
    template: pageTemplateOf(company.template),
    canEdit,
    customTemplate: entitlements.customTemplate,
    pageUrl: companyPublicBase(company),
  }
})

export const action = withActor({ kind: 'person' }, async (member, { request }: Route.ActionArgs) => {
  const parsed = ZPageTemplate.safeParse(await readForm(request))
  if (!parsed.success) return actionInvalid(parsed.error)
  try {
    await updatePageTemplate(member, parsed.data)
    return actionSuccess('settings.toasts.templateSaved')
  } catch (error) {
    return actionFailure(error)
  }
})

// A save that cannot reach the server (or fails there) is a toast, never a lost choice.
export const clientAction = resilientClientAction()
export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = () => [{ title: 'Template · Afterglow' }]

const PREVIEW_PATH = '/admin/settings/template/preview'

/** The choices with pictures (each option drawn), then the two plain ones. */
const PICTURED = [
  { field: 'layout', options: GALLERY_LAYOUTS },
  { field: 'cover', options: COVER_STYLES },
  { field: 'canvas', options: CANVASES },
  { field: 'type', options: TYPE_PAIRINGS },
] as const
const PLAIN = [
  { field: 'thumbSize', options: THUMB_SIZES },
  { field: 'spacing', options: SPACINGS },
] as const

export default function TemplateSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { canEdit, customTemplate, pageUrl } = loaderData
  const fetcher = useFetcher<ActionResult>()
  const saving = fetcher.state !== 'idle'
  const [draft, setDraft] = useState<PageTemplate>(loaderData.template)
  const [page, setPage] = useState<TemplatePreviewPage>('gallery')
  const { frame, reload } = useDraftSender(TEMPLATE_DRAFT_MESSAGE, draft)
  useOutcomeToast(fetcher.data, reload)
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const choose = <K extends keyof PageTemplate>(field: K, value: PageTemplate[K]) =>
    setDraft((before) => ({ ...before, [field]: value }))
  const isDefault = (Object.keys(DEFAULT_TEMPLATE) as Array<keyof PageTemplate>).every(
    (field) => draft[field] === DEFAULT_TEMPLATE[field],
  )

  return (
    <SettingsPage
      title={t('settings.sections.template.title')}
      subtitle={t('settings.template.subtitle')}
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
        <fetcher.Form method="post" noValidate className="space-y-6" aria-busy={saving} data-testid="template-form">
          {customTemplate ? null : (
            <p
              className="flex items-start gap-2 rounded-lg bg-accent/10 px-3 py-2 text-sm text-ink"
              data-testid="template-upgrade"
            >
              <Sparkles aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              <span>
                {t('settings.template.planNote')}{' '}
                <Link to="/admin/subscription" className="font-medium text-accent hover:underline">
                  {t('settings.landingPage.seePlans')}
                </Link>
              </span>
            </p>
          )}
          <fieldset disabled={!canEdit} className="space-y-6">
            {PICTURED.map(({ field, options }) => (
              <SettingsSection
                key={field}
                title={t(`settings.template.${field}.title`)}
                description={t(`settings.template.${field}.hint`)}
              >
                <Choices field={field} errors={errors?.[field]}>
                  <div
                    className={cn(
                      'grid gap-3',
                      options.length === 2 ? 'grid-cols-2' : options.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
                    )}
                  >
                    {options.map((option) => (
                      <PicturedOption
                        key={option}
                        field={field}
                        value={option}
                        checked={draft[field] === option}
                        onChoose={() => choose(field, option as never)}
                        label={t(`settings.template.${field}.options.${option}`)}
                      >
                        <TemplateSketch field={field} value={option} />
                      </PicturedOption>
                    ))}
                  </div>
                </Choices>
              </SettingsSection>
            ))}
            <SettingsSection title={t('settings.template.grid.title')} description={t('settings.template.grid.hint')}>
              {PLAIN.map(({ field, options }) => (
                <Choices
                  key={field}
                  field={field}
                  legend={t(`settings.template.${field}.title`)}
                  errors={errors?.[field]}
                >
                  <div className="grid grid-cols-3 gap-1 rounded-lg bg-surface-muted p-1">
                    {options.map((option) => (
                      <label
                        key={option}
                        className={cn(
                          'relative flex h-10 cursor-pointer items-center justify-center rounded-md text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
                          draft[field] === option
                            ? 'bg-surface font-medium shadow-sm'
                            : 'text-ink-muted hover:text-ink',
                        )}
                      >
                        <input
                          type="radio"
                          name={field}
                          value={option}
                          checked={draft[field] === option}
                          onChange={() => choose(field, option as never)}
                          className="sr-only"
                          data-testid={`template-${field}-${option}`}
                        />
                        {t(`settings.template.${field}.options.${option}`)}
                      </label>
                    ))}
                  </div>
                </Choices>
              ))}
            </SettingsSection>
          </fieldset>
          {canEdit ? (
            <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-2 border-t border-line bg-surface/90 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              <Button
                type="button"
                variant="ghost"
                onClick={() => setDraft(DEFAULT_TEMPLATE)}
                disabled={isDefault || saving}
              >
                {t('settings.template.reset')}
              </Button>
              <Button type="submit" disabled={saving} data-testid="save-template">
                {saving ? t('common.saving') : t('common.save')}
              </Button>
            </div>
          ) : null}
        </fetcher.Form>

        <PreviewPanel
          frame={frame}
          src={page === 'gallery' ? PREVIEW_PATH : `${PREVIEW_PATH}?page=landing`}
          title={t('settings.landingPage.preview')}
          frameTitle={t('settings.template.previewTitle')}
          testId="template-preview-frame"
          tools={
            <>
              <label className="sr-only" htmlFor="preview-page">
                {t('settings.template.previewPage')}
              </label>
              <select
                id="preview-page"
                value={page}
                onChange={(event) => setPage(event.target.value as TemplatePreviewPage)}
                className="h-9 rounded-lg border border-line bg-surface px-2 text-sm"
              >
                {TEMPLATE_PREVIEW_PAGES.map((option) => (
                  <option key={option} value={option}>
                    {t(`settings.template.previewPages.${option}`)}
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

/** One choice as a radio group; its error (a tampered value) under it. */
function Choices({
  field,
  legend,
  errors,
  children,
}: {
  field: string
  legend?: string
  errors?: string[]
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="space-y-2" aria-describedby={errors?.length ? `${field}-error` : undefined}>
      <legend className={legend ? 'text-sm font-medium' : 'sr-only'}>
        {legend ?? t(`settings.template.${field}.title`)}
      </legend>
      {children}
      {errors?.length ? (
        <p id={`${field}-error`} className="text-sm text-danger">
          {errors.map((key) => t(key)).join(' ')}
        </p>
      ) : null}
    </fieldset>
  )
}

function PicturedOption({
  field,
  value,
  checked,
  onChoose,
  label,
  children,
}: {
  field: string
  value: string
  checked: boolean
  onChoose: () => void
  label: string
  children: ReactNode
}) {
  return (
    <label
      className={cn(
        'group flex cursor-pointer flex-col gap-2 rounded-lg border p-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
        checked ? 'border-accent bg-accent/5 font-medium' : 'border-line hover:border-ink-muted',
      )}
    >
      <input
        type="radio"
        name={field}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="sr-only"
        data-testid={`template-${field}-${value}`}
      />
      {children}
      <span className="text-center">{label}</span>
    </label>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
