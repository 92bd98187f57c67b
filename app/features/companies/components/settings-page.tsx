import { Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageWidth, type PageWidth } from '#app/components/page-width'
import { useTranslation } from '#app/lib/react-i18n'

/** The frame of a settings page: the way back, its title, and why a non-admin cannot change it; wide beside a live preview. */
export function SettingsPage({
  title,
  subtitle,
  canEdit,
  width = 'form',
  actions,
  children,
}: {
  title: string
  subtitle?: string
  canEdit: boolean
  width?: PageWidth
  actions?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className={`${pageWidth(width)} space-y-6`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
            ← {t('settings.title')}
          </Link>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-ink-muted">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {canEdit ? null : (
        <p
          role="status"
          className="flex items-center gap-2 rounded-[var(--radius-ui)] border border-line bg-surface-muted px-3 py-2 text-sm text-ink-muted"
          data-testid="settings-read-only"
        >
          <Lock aria-hidden className="size-4 shrink-0" />
          {t('settings.errors.adminOnly')}
        </p>
      )}
      {children}
    </div>
  )
}

/** A titled group of fields in a settings form. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <section className="rounded-xl border border-line bg-surface p-5 sm:p-6">
      <h2 className="font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  )
}
