import { Lock, ShieldCheck } from 'lucide-react'
import { useEffect } from 'react'
import { Link, useFetcher } from 'react-router'
import { knowPanelRoute, PANEL_ROUTES, type PanelUnreachable } from '#app/lib/panel-data'
import { useLastReachable } from '#app/lib/use-last-reachable'
import { Button } from '#app/components/ui/button'
import { Field } from '#app/components/ui/field'
import { UPGRADE_PATH } from '#app/features/billing/entitlements'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { DOWNLOAD_MODES, type GalleryProtectionState } from '../protection'

/** The UTC date and time an `<input type="datetime-local">` shows (the form sends it back as UTC). */
function localValue(iso: string | null) {
  return iso ? iso.slice(0, 16) : ''
}

/**
 * A gallery's protection in its editor: password, end date, download switch and PIN. On a plan
 * without it the panel shows what Professional gives, disabled, with the way to it.
 */
export function GalleryProtectionPanel({ contentItemId, canEdit }: { contentItemId: string; canEdit: boolean }) {
  const { t } = useTranslation()
  const path = `/admin/content/${contentItemId}/protection`
  const state = useFetcher<GalleryProtectionState | PanelUnreachable>()
  const save = useFetcher<ActionResult>()
  useEffect(() => {
    knowPanelRoute(PANEL_ROUTES.protection)
    if (state.state === 'idle' && !state.data) state.load(path)
  }, [state, path])
  useOutcomeToast(save.data, () => state.load(path))
  const current = useLastReachable(state.data)
  if (!current) return null
  const locked = !current.allowed
  const errors = save.data && !save.data.ok ? save.data.errors : {}
  const tr = (keys: string[] | undefined) => keys?.map((key) => t(key))
  return (
    <section aria-labelledby="protection-heading" className="space-y-4" data-testid="gallery-protection">
      <h2 id="protection-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden className="size-4" />
        {t('protection.heading')}
      </h2>
      <save.Form
        method="post"
        action={path}
        noValidate
        className="space-y-5 rounded-xl border border-line bg-surface p-5"
      >
        <fieldset disabled={locked || !canEdit} className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('protection.password')}
            errors={tr(errors.password)}
            hint={current.hasPassword ? t('protection.passwordSet') : t('protection.passwordHint')}
          >
            {(field) => (
              <input
                {...field}
                type="password"
                name="password"
                autoComplete="new-password"
                placeholder={current.hasPassword ? '••••••' : ''}
              />
            )}
          </Field>
          <Field label={t('protection.expiresAt')} errors={tr(errors.expiresAt)} hint={t('protection.expiresHint')}>
            {(field) => (
              <input {...field} type="datetime-local" name="expiresAt" defaultValue={localValue(current.expiresAt)} />
            )}
          </Field>
          <Field
            label={t('protection.downloadMode')}
            errors={tr(errors.downloadMode)}
            hint={t('protection.webModeHint')}
          >
            {(field) => (
              <select {...field} name="downloadMode" defaultValue={current.downloadMode}>
                {DOWNLOAD_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`protection.modes.${mode}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('protection.pin')}
            errors={tr(errors.pin)}
            hint={current.hasPin ? t('protection.pinSet') : t('protection.pinHint')}
          >
            {(field) => (
              <input
                {...field}
                name="pin"
                inputMode="numeric"
                maxLength={4}
                autoComplete="off"
                placeholder={current.hasPin ? '••••' : ''}
              />
            )}
          </Field>
          {current.hasPassword ? (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearPassword" value="true" className="size-4 accent-[var(--accent)]" />
              {t('protection.clearPassword')}
            </label>
          ) : null}
          {current.hasPin ? (
            <label className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearPin" value="true" className="size-4 accent-[var(--accent)]" />
              {t('protection.clearPin')}
            </label>
          ) : null}
        </fieldset>
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {t(errors.form[0])}
          </p>
        ) : null}
        {locked ? (
          <p
            className="flex items-start gap-2 rounded-md bg-accent/10 px-3 py-2 text-sm"
            data-testid="protection-upgrade"
          >
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            <span>
              {t('protection.upgradeHint')}{' '}
              <Link to={UPGRADE_PATH} className="font-medium whitespace-nowrap text-accent hover:underline">
                {t('sharing.qr.upgrade')}
              </Link>
            </span>
          </p>
        ) : canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={save.state !== 'idle'}>
              {save.state !== 'idle' ? t('common.saving') : t('protection.save')}
            </Button>
          </div>
        ) : null}
      </save.Form>
    </section>
  )
}
