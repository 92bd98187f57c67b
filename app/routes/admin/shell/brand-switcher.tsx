import { Check, ChevronsUpDown, Plus } from 'lucide-react'
import { useState } from 'react'
import { authClient } from '#app/lib/auth-client'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { CompanyBadge } from './admin-nav'

export type BrandChoice = { id: string; name: string; logo: string | null }

/**
 * The company at the top of the sidebar; with several (Enterprise brands, or a person in more
 * than one team) it opens a list to switch between them, and to create a new brand where the
 * plan allows. A <details> menu: it opens with the keyboard and without extra code.
 */
export function BrandSwitcher({
  current,
  brands,
  canCreate,
}: {
  current: BrandChoice
  brands: BrandChoice[]
  canCreate: boolean
}) {
  const { t } = useTranslation()
  const [switching, setSwitching] = useState<string | null>(null)
  if (brands.length < 2 && !canCreate) return <CompanyBadge name={current.name} logo={current.logo} />

  async function switchTo(companyId: string) {
    setSwitching(companyId)
    const { error } = await authClient.organization.setActive({ organizationId: companyId })
    if (error) {
      setSwitching(null)
      toast.error(t('admin.brands.switchFailed'))
      return
    }
    // Every page of the admin reads the company from the session: start over on the dashboard.
    window.location.assign('/admin')
  }

  return (
    <details className="group relative" data-testid="brand-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-lg p-1 -m-1 hover:bg-surface-muted [&::-webkit-details-marker]:hidden"
        aria-label={t('admin.brands.switch', { company: current.name })}
      >
        <span className="min-w-0 flex-1">
          <CompanyBadge name={current.name} logo={current.logo} />
        </span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-ink-muted" />
      </summary>
      <div className="absolute inset-x-0 top-full z-30 mt-2 rounded-xl border border-line bg-surface p-1.5 shadow-xl">
        <p className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wider text-ink-muted uppercase">
          {t('admin.brands.title')}
        </p>
        <ul>
          {brands.map((brand) => (
            <li key={brand.id}>
              <button
                type="button"
                disabled={brand.id === current.id || switching !== null}
                onClick={() => void switchTo(brand.id)}
                aria-current={brand.id === current.id ? 'true' : undefined}
                className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-surface-muted disabled:cursor-default"
              >
                <span className="min-w-0 flex-1 truncate">{brand.name}</span>
                {brand.id === current.id ? <Check aria-hidden className="size-4 text-accent" /> : null}
                {switching === brand.id ? (
                  <span className="text-xs text-ink-muted">{t('admin.brands.switching')}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {canCreate ? (
          <a
            href="/onboarding?brand=new"
            className="mt-1 flex items-center gap-2 rounded-lg border-t border-line px-2.5 py-2 text-sm font-medium text-accent hover:bg-surface-muted"
            data-testid="new-brand"
          >
            <Plus aria-hidden className="size-4" />
            {t('admin.brands.new')}
          </a>
        ) : null}
      </div>
    </details>
  )
}
