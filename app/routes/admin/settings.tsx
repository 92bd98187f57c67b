import {
  Activity,
  Archive,
  Brush,
  Building2,
  Link2,
  ChevronRight,
  Globe,
  KeyRound,
  LayoutTemplate,
  ScrollText,
  ShieldCheck,
  Stamp,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react'
import { PreloadingLink } from '#app/lib/preload-page-code'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { getSettingsOverview } from '#app/features/companies/server/get-settings-overview.server'
import { can } from '#app/features/members/permissions'
import { withActor } from '#app/access/member-route.server'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/settings'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  return { isAdmin: can(member.actor.role, 'team.manage'), overview: await getSettingsOverview(member) }
})

/** A card's state: beside it on wide screens, under its text on phones. */
const statePill = (tone: Card['tone']) =>
  `rounded-full text-xs font-medium ${tone === 'attention' ? 'bg-amber-500/15 text-amber-800' : 'bg-surface-muted text-ink-muted'}`

/** `texts`: where the card's title and text live when its feature keeps its own catalog section. */
type Card = { to: string; icon: LucideIcon; key: string; texts?: string; state?: string; tone?: 'ok' | 'attention' }

export default function SettingsHub({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { isAdmin, overview } = loaderData
  const readOnly = overview.canEdit ? undefined : t('settings.state.readOnly')
  const groups: Array<{ key: string; cards: Card[] }> = [
    {
      key: 'company',
      cards: [
        {
          to: '/admin/settings/company-data',
          icon: Building2,
          key: 'companyData',
          state:
            readOnly ??
            (overview.companyDataMissing === 0
              ? t('settings.state.companyDataComplete')
              : t('settings.state.companyDataMissing', { count: overview.companyDataMissing })),
          tone: overview.companyDataMissing === 0 ? 'ok' : 'attention',
        },
        {
          to: '/admin/settings/landing-page',
          icon: LayoutTemplate,
          key: 'landingPage',
          state: readOnly ?? t('settings.state.languages', { count: Math.max(1, overview.landingLanguages) }),
          tone: 'ok',
        },
        {
          to: '/admin/settings/template',
          icon: Brush,
          key: 'template',
          state:
            readOnly ??
            t('settings.state.template', {
              layout: t(`settings.template.layout.options.${overview.template.layout}`),
              canvas: t(`settings.template.canvas.options.${overview.template.canvas}`),
            }),
          tone: 'ok',
        },
        { to: '/admin/settings/watermark', icon: Stamp, key: 'watermark', texts: 'watermark.card' },
        { to: '/admin/settings/domains', icon: Link2, key: 'domains' },
        { to: '/admin/settings/webhooks', icon: Webhook, key: 'webhooks', texts: 'webhooks.card' },
        {
          to: '/admin/settings/subdomain',
          icon: Globe,
          key: 'subdomain',
          state: overview.subdomain
            ? t(
                overview.subdomain.failed
                  ? 'settings.state.subdomainFailed'
                  : `settings.state.subdomain.${overview.subdomain.status}`,
              )
            : t('settings.state.subdomainNone'),
          tone: overview.subdomain?.failed || overview.subdomain?.status === 'rejected' ? 'attention' : 'ok',
        },
      ],
    },
    {
      key: 'account',
      cards: [
        { to: '/admin/status', icon: Activity, key: 'status' },
        { to: '/admin/settings/security', icon: ShieldCheck, key: 'security' },
        ...(isAdmin
          ? [
              { to: '/admin/settings/team', icon: Users, key: 'team' },
              { to: '/admin/settings/audit', icon: ScrollText, key: 'audit' },
              { to: '/admin/settings/backups', icon: Archive, key: 'backups' },
              { to: '/admin/settings/api', icon: KeyRound, key: 'api' },
            ]
          : []),
      ],
    },
  ]
  return (
    <div className={`${pageWidth('form')} space-y-8`}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('settings.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('settings.subtitle')}</p>
      </div>
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`settings-group-${group.key}`} className="space-y-3">
          <h2
            id={`settings-group-${group.key}`}
            className="text-xs font-semibold tracking-wider text-ink-muted uppercase"
          >
            {t(`settings.groups.${group.key}`)}
          </h2>
          <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
            {group.cards.map(({ to, icon: Icon, key, texts = `settings.sections.${key}`, state, tone }) => (
              <li key={key}>
                <PreloadingLink
                  to={to}
                  className="flex items-center gap-4 px-5 py-4 hover:bg-surface-muted"
                  data-testid={`settings-${key}`}
                >
                  <Icon aria-hidden className="size-5 shrink-0 text-accent" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{t(`${texts}.title`)}</span>
                    <span className="block text-sm text-ink-muted">{t(`${texts}.text`)}</span>
                    {state ? (
                      <span className={`mt-1.5 inline-block px-2 py-0.5 sm:hidden ${statePill(tone)}`}>{state}</span>
                    ) : null}
                  </span>
                  {state ? (
                    <span
                      className={`hidden shrink-0 px-2.5 py-1 sm:inline ${statePill(tone)}`}
                      data-testid={`settings-${key}-state`}
                    >
                      {state}
                    </span>
                  ) : null}
                  <ChevronRight aria-hidden className="size-4 shrink-0 text-ink-muted" />
                </PreloadingLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
