import { useEffect, useState, type CSSProperties } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { SettingsPage, SettingsSection } from '#app/features/companies/components/settings-page'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import {
  WATERMARK_MARGIN,
  WATERMARK_OPACITY,
  WATERMARK_POSITIONS,
  WATERMARK_SCALE,
  type WatermarkLayout,
  type WatermarkPosition,
} from '../watermark'

type Props = {
  hasWatermark: boolean
  version: number
  layout: WatermarkLayout
  sampleAssetId: string | null
  canEdit: boolean
}

/** Where the preview's watermark sits: the same rule as the renditions (watermarkPlacement), in CSS. */
function previewPlacement(position: WatermarkPosition): CSSProperties {
  const margin = `${WATERMARK_MARGIN * 100}%`
  const horizontal: CSSProperties = position.endsWith('left')
    ? { left: margin }
    : position.endsWith('right')
      ? { right: margin }
      : { left: '50%', translate: '-50% 0' }
  if (position === 'center') return { left: '50%', top: '50%', translate: '-50% -50%' }
  return { ...horizontal, ...(position.startsWith('top') ? { top: margin } : { bottom: margin }) }
}

/**
 * The company's watermark: its PNG, where it sits, how large and how strong, beside a live
 * preview on one of the company's photos. Saving makes the photos' renditions again in the
 * background (the page says so; nothing waits for it).
 */
export function WatermarkSettings({ hasWatermark, version, layout, sampleAssetId, canEdit }: Props) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const saving = fetcher.state !== 'idle'
  const [draft, setDraft] = useState<WatermarkLayout>(layout)
  const [chosen, setChosen] = useState<string | null>(null)
  useOutcomeToast(fetcher.data)
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen])
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : {}
  const markSrc = chosen ?? (hasWatermark ? `/admin/settings/watermark/image?v=${version}` : null)

  return (
    <SettingsPage title={t('watermark.card.title')} subtitle={t('watermark.subtitle')} canEdit={canEdit} width="wide">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="space-y-6"
          data-testid="watermark-form"
        >
          <fieldset disabled={!canEdit} className="space-y-6">
            <SettingsSection title={t('watermark.file')} description={t('watermark.fileHint')}>
              <input
                type="file"
                name="file"
                accept="image/png"
                aria-label={t('watermark.file')}
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-2 file:text-ink"
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  setChosen(file ? URL.createObjectURL(file) : null)
                }}
              />
              {errors.file ? (
                <p role="alert" className="text-sm text-danger">
                  {t(errors.file[0])}
                </p>
              ) : null}
            </SettingsSection>
            <SettingsSection title={t('watermark.position')}>
              <div
                className="grid grid-cols-3 gap-1 rounded-lg bg-surface-muted p-1"
                role="radiogroup"
                aria-label={t('watermark.position')}
              >
                {WATERMARK_POSITIONS.map((position) => (
                  <label
                    key={position}
                    className={cn(
                      'flex h-10 cursor-pointer items-center justify-center rounded-md text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
                      draft.position === position
                        ? 'bg-surface font-medium shadow-sm'
                        : 'text-ink-muted hover:text-ink',
                    )}
                  >
                    <input
                      type="radio"
                      name="position"
                      value={position}
                      checked={draft.position === position}
                      onChange={() => setDraft({ ...draft, position })}
                      className="sr-only"
                    />
                    {t(`watermark.positions.${position}`)}
                  </label>
                ))}
              </div>
            </SettingsSection>
            <SettingsSection title={t('watermark.look')}>
              <label className="block text-sm font-medium">
                {t('watermark.scale', { value: draft.scale })}
                <input
                  type="range"
                  name="scale"
                  min={WATERMARK_SCALE.min}
                  max={WATERMARK_SCALE.max}
                  value={draft.scale}
                  onChange={(event) => setDraft({ ...draft, scale: Number(event.target.value) })}
                  className="mt-2 block w-full accent-[var(--accent)]"
                />
              </label>
              <label className="block text-sm font-medium">
                {t('watermark.opacity', { value: draft.opacity })}
                <input
                  type="range"
                  name="opacity"
                  min={WATERMARK_OPACITY.min}
                  max={WATERMARK_OPACITY.max}
                  value={draft.opacity}
                  onChange={(event) => setDraft({ ...draft, opacity: Number(event.target.value) })}
                  className="mt-2 block w-full accent-[var(--accent)]"
                />
              </label>
            </SettingsSection>
          </fieldset>
          {canEdit ? (
            <div className="flex flex-wrap items-center justify-end gap-2">
              {hasWatermark ? (
                <Button type="submit" name="intent" value="remove" variant="ghost" disabled={saving}>
                  {t('watermark.remove')}
                </Button>
              ) : null}
              <Button type="submit" name="intent" value="save" disabled={saving} data-testid="save-watermark">
                {saving ? t('common.saving') : t('common.save')}
              </Button>
            </div>
          ) : null}
          <p className="text-sm text-ink-muted">{t('watermark.background')}</p>
        </fetcher.Form>

        <section aria-label={t('watermark.preview')} className="space-y-2">
          <h2 className="text-sm font-medium text-ink-muted">{t('watermark.preview')}</h2>
          <div
            className="relative overflow-hidden rounded-xl border border-line bg-gradient-to-br from-slate-500 via-slate-700 to-slate-900"
            style={{ aspectRatio: '3 / 2' }}
            data-testid="watermark-preview"
          >
            {sampleAssetId ? (
              <img
                src={`/media/${sampleAssetId}/original`}
                alt=""
                className="absolute inset-0 size-full object-cover"
              />
            ) : null}
            {markSrc ? (
              <img
                src={markSrc}
                alt={t('watermark.previewAlt')}
                className="absolute h-auto"
                style={{ width: `${draft.scale}%`, opacity: draft.opacity / 100, ...previewPlacement(draft.position) }}
                data-testid="watermark-preview-mark"
              />
            ) : null}
            {!markSrc ? (
              <p className="absolute inset-0 grid place-items-center p-6 text-center text-sm text-white/80">
                {t('watermark.none')}
              </p>
            ) : null}
          </div>
        </section>
      </div>
    </SettingsPage>
  )
}
