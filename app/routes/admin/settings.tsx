import { ChevronRight, ScrollText, ShieldCheck, Users } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { AdminRouteErrorBoundary } from '#app/features/admin-shell/components/admin-route-error'
import { can } from '#app/features/members/permissions'
import { withMember } from '#app/lib/member-route.server'
import type { Route } from './+types/settings'

export const loader = withMember('dashboard.read', async (member) => {
  return { isAdmin: can(member.actor.role, 'team.manage') }
})

export default function SettingsHub({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const sections = [
    { to: '/admin/settings/security', icon: ShieldCheck, key: 'security', visible: true },
    { to: '/admin/settings/team', icon: Users, key: 'team', visible: loaderData.isAdmin },
    { to: '/admin/settings/audit', icon: ScrollText, key: 'audit', visible: loaderData.isAdmin },
  ].filter((section) => section.visible)
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight">{t('settings.title')}</h1>
      <p className="mt-1 text-sm text-ink-muted">{t('settings.subtitle')}</p>
      <ul className="mt-6 divide-y divide-line rounded-xl border border-line bg-surface">
        {sections.map(({ to, icon: Icon, key }) => (
          <li key={key}>
            <Link to={to} prefetch="intent" className="flex items-center gap-4 px-5 py-4 hover:bg-surface-muted" data-testid={`settings-${key}`}>
              <Icon aria-hidden className="size-5 text-accent" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t(`settings.sections.${key}.title`)}</span>
                <span className="block text-sm text-ink-muted">{t(`settings.sections.${key}.text`)}</span>
              </span>
              <ChevronRight aria-hidden className="size-4 text-ink-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
