import { Building2, Globe, Inbox, ShieldCheck, Activity } from 'lucide-react'
import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router'
import { NotFoundView } from '#app/components/not-found'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { withActor } from '#app/access/member-route.server'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { PreloadingNavLink } from '#app/lib/preload-page-code'
import type { Route } from './+types/layout'

export const loader = withActor({ kind: 'operator' }, async (operator) => ({
  operator: { name: operator.user.name, email: operator.user.email },
}))

export const meta: Route.MetaFunction = () => [
  { title: 'Operator · Afterglow' },
  { name: 'robots', content: 'noindex' },
]

const NAV = [
  { to: '/operator', key: 'companies', icon: Building2, end: true },
  { to: '/operator/requests', key: 'requests', icon: Globe },
  { to: '/operator/inbox', key: 'inbox', icon: Inbox },
  { to: '/operator/status', key: 'status', icon: Activity },
] as const

/** The platform operator's console: its own frame, apart from any company's admin. */
export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <div className="min-h-dvh bg-surface-muted text-ink">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
          <p className="flex items-center gap-2 font-semibold">
            <ShieldCheck aria-hidden className="size-5 text-accent" />
            {t('operator.title')}
          </p>
          <div className="flex items-center gap-3 text-sm">
            <LanguageSwitcher />
            <span className="hidden text-ink-muted sm:inline" title={loaderData.operator.email}>
              {loaderData.operator.name}
            </span>
          </div>
        </div>
        <nav aria-label={t('operator.nav.label')} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 sm:px-4">
          {NAV.map(({ to, key, icon: Icon, ...rest }) => (
            <PreloadingNavLink
              key={key}
              to={to}
              end={'end' in rest}
              className={({ isActive }) =>
                cn(
                  'flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium',
                  isActive ? 'border-accent text-ink' : 'border-transparent text-ink-muted hover:text-ink',
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              {t(`operator.nav.${key}`)}
            </PreloadingNavLink>
          ))}
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 lg:py-8">
        <Outlet />
      </main>
    </div>
  )
}

/** A company admin (or anyone not named in OPERATOR_EMAILS) who opens the console. */
export function ErrorBoundary() {
  const { t } = useTranslation()
  const error = useRouteError()
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  if (!forbidden) throw error
  return (
    <NotFoundView
      code="403"
      title={t('operator.errors.title')}
      message={t('operator.errors.forbidden')}
      back={{ to: '/', label: t('common.backToHome') }}
      testId="operator-forbidden"
    />
  )
}
