import {
  Building2,
  CalendarDays,
  ChartColumn,
  CreditCard,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  Settings,
  Sparkles,
  Users,
} from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { PreloadingNavLink, PreloadPageCode } from '#app/lib/preload-page-code'
import type { Permission } from '#app/features/members/permissions'
import { cn } from '#app/lib/cn'

export type NavEntry = {
  key: string
  to: string
  icon: typeof LayoutDashboard
  end?: boolean
  available: boolean
  permission?: Permission
}

/*
 * An entry whose feature has not arrived yet is shown as "soon" and leads nowhere, so nothing
 * pretends to work. An entry with a permission is left out for roles without it (users do not
 * see Leads), rather than leading to an access-denied page.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { key: 'dashboard', to: '/admin', icon: LayoutDashboard, end: true, available: true },
  { key: 'highlights', to: '/admin/content', icon: Sparkles, available: true },
  { key: 'events', to: '/admin/events', icon: CalendarDays, available: true },
  { key: 'analytics', to: '/admin/analytics', icon: ChartColumn, available: true },
  { key: 'leads', to: '/admin/leads', icon: Users, available: true, permission: 'leads.read' },
  { key: 'comments', to: '/admin/comments', icon: MessageSquare, available: true, permission: 'comments.moderate' },
  { key: 'subscription', to: '/admin/subscription', icon: CreditCard, available: true },
  { key: 'settings', to: '/admin/settings', icon: Settings, available: true },
]

/** Pages worth having ready before the first click: dashboard, content, events. */
const IDLE_PRELOAD = ['/admin', '/admin/content', '/admin/events']
export const IDLE_PRELOAD_DELAY_MS = 1500
export const IDLE_CALLBACK_TIMEOUT_MS = 600

/** ~1.5 s after the admin opens, preloads the main pages when the browser is idle. */
export function IdlePreload() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let idleHandle: number | undefined
    // Offline, the pages' code cannot come: wait for the network rather than ask for nothing.
    const start = () => (navigator.onLine ? setReady(true) : window.addEventListener('online', start, { once: true }))
    const timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function')
        idleHandle = window.requestIdleCallback(start, { timeout: IDLE_CALLBACK_TIMEOUT_MS })
      else idleHandle = globalThis.setTimeout(start, IDLE_CALLBACK_TIMEOUT_MS) as unknown as number
    }, IDLE_PRELOAD_DELAY_MS)
    return () => {
      window.removeEventListener('online', start)
      clearTimeout(timer)
      if (idleHandle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle)
        clearTimeout(idleHandle)
      }
    }
  }, [])
  if (!ready) return null
  const available = new Set(NAV_ENTRIES.filter((entry) => entry.available).map((entry) => entry.to))
  return (
    <>
      {IDLE_PRELOAD.filter((page) => available.has(page)).map((page) => (
        <PreloadPageCode key={page} page={page} />
      ))}
    </>
  )
}

export function CompanyBadge({ name, logo }: { name: string; logo: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {logo ? (
        <img src={logo} alt="" className="size-9 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent/15 text-accent" aria-hidden>
          <Building2 className="size-5" />
        </span>
      )}
      <span className="truncate font-semibold" data-testid="company-name">
        {name}
      </span>
    </div>
  )
}

/** The entries a role may open (see NavEntry.permission); worked out by the layout's loader. */
export function visibleNavKeys(canOpen: (permission: Permission) => boolean) {
  return NAV_ENTRIES.filter((entry) => !entry.permission || canOpen(entry.permission)).map((entry) => entry.key)
}

export function AdminNav({
  onNavigate,
  onLogout,
  visibleKeys,
}: {
  onNavigate?: () => void
  onLogout: () => void
  visibleKeys?: string[]
}) {
  const { t } = useTranslation()
  const itemClass = 'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium'
  return (
    <nav aria-label={t('admin.nav.label')} className="flex flex-1 flex-col gap-1">
      {NAV_ENTRIES.filter((entry) => !visibleKeys || visibleKeys.includes(entry.key)).map(
        ({ key, to, icon: Icon, end, available }) =>
          available ? (
            <PreloadingNavLink
              key={key}
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  itemClass,
                  isActive ? 'bg-accent/12 text-accent' : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
                )
              }
            >
              <Icon aria-hidden className="size-4.5" />
              {t(`admin.nav.${key}`)}
            </PreloadingNavLink>
          ) : (
            <span key={key} aria-disabled="true" className={cn(itemClass, 'cursor-default text-ink-muted/60')}>
              <Icon aria-hidden className="size-4.5" />
              {t(`admin.nav.${key}`)}
              <span className="ml-auto rounded-full bg-surface-muted px-2 py-0.5 text-[11px] font-medium text-ink-muted">
                {t('admin.nav.soon')}
              </span>
            </span>
          ),
      )}
      <button
        type="button"
        onClick={onLogout}
        className={cn(itemClass, 'mt-auto text-ink-muted hover:bg-surface-muted hover:text-ink')}
      >
        <LogOut aria-hidden className="size-4.5" />
        {t('admin.nav.logout')}
      </button>
    </nav>
  )
}
