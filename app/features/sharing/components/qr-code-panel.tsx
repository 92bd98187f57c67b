import { Download, Lock, QrCode, RotateCcw } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'
import { checkQrColors, HEX_COLOR, QR_DEFAULT_BACKGROUND, QR_DEFAULT_FOREGROUND } from '../qr-colors'
import type { QrKind, QrPanelInfo } from '../sharing.schema'

/*
 * The editor's QR code panel: a preview of the code that opens the item's public page, and PNG
 * and SVG downloads made by the server from the same drawing. Plans with custom QR codes choose
 * the colours and put the company's logo in the middle; others see those options locked.
 */

function ColorField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  disabled: boolean
}) {
  const id = useId()
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-hidden
          tabIndex={-1}
          value={HEX_COLOR.test(value) ? value : '#000000'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-[var(--radius-ui)] border border-line bg-surface p-1 disabled:cursor-not-allowed disabled:opacity-50"
        />
        <input
          id={id}
          value={text}
          disabled={disabled}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value)
            onChange(event.target.value.trim())
          }}
          className="h-10 w-full min-w-0 rounded-[var(--radius-ui)] border border-line bg-surface px-3 font-mono text-sm uppercase disabled:cursor-not-allowed disabled:opacity-50"
        />
      </div>
    </div>
  )
}

/** `upgradeHref`: where plans are compared and changed (the admin's subscription page). */
export function QrCodePanel({
  kind,
  id,
  upgradeHref = '/admin/subscription',
}: {
  kind: QrKind
  id: string
  upgradeHref?: string
}) {
  const { t } = useTranslation()
  const [loaded, setLoaded] = useState<QrPanelInfo | null>(null)
  const [failed, setFailed] = useState(false)
  const [foreground, setForeground] = useState(QR_DEFAULT_FOREGROUND)
  const [background, setBackground] = useState(QR_DEFAULT_BACKGROUND)
  const [withLogo, setWithLogo] = useState(false)
  const endpoint = `/api/qr/${kind}/${id}`

  useEffect(() => {
    let current = true
    fetch(endpoint, { headers: { accept: 'application/json' } })
      .then((response) =>
        response.ok ? (response.json() as Promise<QrPanelInfo>) : Promise.reject(new Error(String(response.status))),
      )
      .then((data) => current && setLoaded(data))
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [endpoint])

  const check = checkQrColors(foreground, background)
  const query = (format: 'png' | 'svg', download: boolean) => {
    const params = new URLSearchParams({ format })
    if (loaded?.canCustomize) {
      params.set('fg', foreground)
      params.set('bg', background)
      if (withLogo) params.set('logo', '1')
    }
    if (download) params.set('download', '1')
    return `${endpoint}?${params}`
  }
  // The preview follows the colours a moment after the last change, not on every keystroke.
  const [preview, setPreview] = useState<string | null>(null)
  const next = loaded && check.ok ? query('svg', false) : null
  useEffect(() => {
    if (!next) return
    const timer = setTimeout(() => setPreview(next), preview ? 250 : 0)
    return () => clearTimeout(timer)
  }, [next, preview])

  const locked = !loaded?.canCustomize
  const errorText = check.ok ? null : t(check.messageKey, 'ratio' in check ? { ratio: check.ratio } : {})

  return (
    <section aria-labelledby={`qr-heading-${id}`} className="space-y-3" data-testid="qr-panel">
      <h2 id={`qr-heading-${id}`} className="font-semibold">
        {t('sharing.qr.title')}
      </h2>
      <div className="rounded-xl border border-line bg-surface p-5">
        {!loaded ? (
          <p className="flex items-center gap-2 text-sm text-ink-muted" role={failed ? 'alert' : 'status'}>
            <QrCode aria-hidden className="size-4" />
            {failed ? t('sharing.qr.loadFailed') : t('sharing.qr.loading')}
          </p>
        ) : (
          <div className="flex flex-col gap-6 sm:flex-row">
            <div className="flex shrink-0 flex-col items-center gap-2">
              <div
                className="grid size-48 place-items-center overflow-hidden rounded-lg border border-line"
                style={{ background: check.ok ? background : undefined }}
              >
                {preview ? (
                  <img
                    src={preview}
                    alt={t('sharing.qr.previewAlt', { url: loaded.url })}
                    width={192}
                    height={192}
                    className={check.ok ? 'size-48' : 'size-48 opacity-30'}
                    data-testid="qr-preview"
                  />
                ) : null}
              </div>
            </div>
            <div className="min-w-0 flex-1 space-y-4">
              <p className="text-sm text-ink-muted">{t('sharing.qr.intro')}</p>
              <p className="text-sm">
                <span className="text-ink-muted">{t('sharing.qr.opens')}: </span>
                <a
                  href={loaded.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium break-all text-accent hover:underline"
                  data-testid="qr-url"
                >
                  {loaded.url}
                </a>
              </p>
              {!loaded.isPublic ? (
                <p className="rounded-md bg-surface-muted px-3 py-2 text-sm text-ink-muted">
                  {t('sharing.qr.notPublic')}
                </p>
              ) : null}

              <fieldset disabled={locked} className="space-y-3">
                <div className="grid gap-3 sm:grid-cols-2">
                  <ColorField
                    label={t('sharing.qr.foreground')}
                    value={foreground}
                    onChange={setForeground}
                    disabled={locked}
                  />
                  <ColorField
                    label={t('sharing.qr.background')}
                    value={background}
                    onChange={setBackground}
                    disabled={locked}
                  />
                </div>
                <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
                  <label className="inline-flex items-center gap-2 text-sm has-disabled:opacity-50">
                    <input
                      type="checkbox"
                      checked={withLogo}
                      disabled={locked || !loaded.hasLogo}
                      onChange={(event) => setWithLogo(event.target.checked)}
                      className="size-4 accent-[var(--accent)]"
                    />
                    {t('sharing.qr.logo')}
                  </label>
                  <button
                    type="button"
                    className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink disabled:opacity-50"
                    onClick={() => {
                      setForeground(QR_DEFAULT_FOREGROUND)
                      setBackground(QR_DEFAULT_BACKGROUND)
                      setWithLogo(false)
                    }}
                  >
                    <RotateCcw aria-hidden className="size-3.5" />
                    {t('sharing.qr.reset')}
                  </button>
                </div>
                {!locked && !loaded.hasLogo ? (
                  <p className="text-xs text-ink-muted">{t('sharing.qr.noLogoHint')}</p>
                ) : null}
              </fieldset>
              {locked ? (
                <p
                  className="flex items-start gap-2 rounded-md bg-accent/10 px-3 py-2 text-sm"
                  data-testid="qr-upgrade"
                >
                  <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                  <span>
                    {t('sharing.qr.upgradeHint')}{' '}
                    <Link to={upgradeHref} className="font-medium whitespace-nowrap text-accent hover:underline">
                      {t('sharing.qr.upgrade')}
                    </Link>
                  </span>
                </p>
              ) : null}
              {errorText ? (
                <p role="alert" className="text-sm text-danger" data-testid="qr-error">
                  {errorText}
                </p>
              ) : null}

              <div className="flex flex-wrap gap-2">
                {(['png', 'svg'] as const).map((format) =>
                  check.ok ? (
                    <a
                      key={format}
                      href={query(format, true)}
                      download={`${loaded.fileName}.${format}`}
                      className={buttonClasses(format === 'png' ? 'primary' : 'secondary')}
                    >
                      <Download aria-hidden className="size-4" />
                      {t(format === 'png' ? 'sharing.qr.downloadPng' : 'sharing.qr.downloadSvg')}
                    </a>
                  ) : (
                    <span
                      key={format}
                      aria-disabled
                      className={buttonClasses(
                        format === 'png' ? 'primary' : 'secondary',
                        'md',
                        'cursor-not-allowed opacity-50',
                      )}
                    >
                      <Download aria-hidden className="size-4" />
                      {t(format === 'png' ? 'sharing.qr.downloadPng' : 'sharing.qr.downloadSvg')}
                    </span>
                  ),
                )}
              </div>
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
