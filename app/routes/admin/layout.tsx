import * as RadixDialog from '@radix-ui/react-dialog'
import { Loader2, Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Outlet, useNavigate, useNavigation, useRouteError } from 'react-router'
import { preloadToasts, toast } from '#app/lib/toast'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { useIdleLogout } from '#app/features/accounts/use-idle-logout'
import { AdminErrorScreen } from '#app/routes/admin/shell/admin-error-screen'
import { AdminNav, IdlePreload, visibleNavKeys } from '#app/routes/admin/shell/admin-nav'
import { BrandSwitcher } from '#app/routes/admin/shell/brand-switcher'
import { brandAllowanceOf } from '#app/features/companies/server/brand-allowance.server'
import { can } from '#app/features/members/permissions'
import { UploadsProvider } from '#app/features/media/components/uploads-provider'
import { UploadTray } from '#app/features/media/components/upload-tray'
import { clearLocalState, signOutEverywhere } from '#app/lib/auth-client'
import { withActor } from '#app/access/member-route.server'
import { getCompanySuspension } from '#app/features/companies/server/get-company-suspension.server'
import { getCompanyClosure } from '#app/features/companies/server/get-company-closure.server'
import { AccountClosedBanner } from '#app/features/companies/components/account-closure'
import { revalidateUnlessUnchanged } from '#app/lib/action-result'
import { TrialBanner } from '#app/features/billing/components/trial-banner'
import { readStoredSubscriptionStatus } from '#app/features/billing/server/get-subscription-status.server'
import { forgetSubscriptionStatus, useSubscriptionStatus } from '#app/features/billing/use-subscription-status'
import type { Route } from './+types/layout'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  const { role } = member.actor
  return {
    company: member.company,
    role,
    user: { name: member.user.name, email: member.user.email },
    canManageTeam: can(role, 'team.manage'),
    canManageBilling: can(role, 'billing.manage'),
    navKeys: visibleNavKeys((permission) => can(role, permission)),
    suspension: await getCompanySuspension(member),
    closure: await getCompanyClosure(member),
    canReopen: can(role, 'company.manage'),
    subscription: await readStoredSubscriptionStatus(member),
    brands: member.memberships.map((membership) => ({
      id: membership.companyId,
      name: membership.companyName,
      logo: membership.companyLogo,
    })),
    canCreateBrand: brandAllowanceOf(member.memberships).canCreate,
  }
})

export const shouldRevalidate = revalidateUnlessUnchanged

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.company.name ?? 'Admin'} · Afterglow` },
  { name: 'robots', content: 'noindex' },
]

/** Shown when a page takes a while; lets the user abandon and retry the navigation. */
function SlowNavigationOverlay() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    if (navigation.state !== 'loading') return setSlow(false)
    const timer = setTimeout(() => setSlow(true), 800)
    return () => clearTimeout(timer)
  }, [navigation.state])
  if (!slow || !navigation.location) return null
  const target = navigation.location
  return (
    <div
      className="absolute inset-0 z-30 grid place-items-center bg-surface/80 backdrop-blur-sm"
      role="status"
      data-testid="admin-loading"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <Loader2 aria-hidden className="size-8 animate-spin text-accent" />
        <p className="text-sm text-ink-muted">{t('admin.loading')}</p>
        <Button variant="secondary" onClick={() => void navigate(target.pathname + target.search, { replace: true })}>
          {t('admin.cancelAndRetry')}
        </Button>
      </div>
    </div>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [confirmLogout, setConfirmLogout] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  // The admin announces saves with toasts: their code is fetched ahead, so a save that fails
  // because the network is gone can still say so.
  useEffect(() => preloadToasts(), [])

  const subscription = useSubscriptionStatus(loaderData.subscription)

  async function logout(reason: 'user' | 'idle') {
    setSigningOut(true)
    forgetSubscriptionStatus()
    const { ok } = await signOutEverywhere()
    setSigningOut(false)
    setConfirmLogout(false)
    if (reason === 'idle') toast.warning(t('session.expired'))
    else if (ok) toast.success(t('session.loggedOut'), { description: t('session.loggedOutDescription') })
    else {
      // The server could not end the session: forget everything locally anyway.
      clearLocalState()
      toast.warning(t('session.forcedLogout'), { description: t('session.forcedLogoutDescription') })
    }
    await navigate('/', { replace: true })
  }

  const { extend } = useIdleLogout({
    onWarning: () =>
      toast.warning(t('session.expiresSoon'), {
        id: 'idle-warning',
        duration: 10_000,
        action: {
          label: t('session.extend'),
          onClick: () => {
            extend()
            void fetch('/api/session/activity', { method: 'POST' })
            toast.success(t('session.extended'))
          },
        },
      }),
    onLogout: () => void logout('idle'),
    onActivityPing: () => void fetch('/api/session/activity', { method: 'POST' }),
  })

  const sidebar = (onNavigate?: () => void) => (
    <div className="flex h-full flex-col gap-6 p-4">
      {/* In the phone drawer, room is left for its close button. */}
      <div className={onNavigate ? 'mr-10' : undefined}>
        <BrandSwitcher
          current={{ id: loaderData.company.id, name: loaderData.company.name, logo: loaderData.company.logo }}
          brands={loaderData.brands}
          canCreate={loaderData.canCreateBrand}
        />
      </div>
      <AdminNav onNavigate={onNavigate} onLogout={() => setConfirmLogout(true)} visibleKeys={loaderData.navKeys} />
    </div>
  )

  return (
    <UploadsProvider>
      <div className="min-h-dvh bg-surface-muted lg:grid lg:grid-cols-[256px_1fr]">
        <aside className="sticky top-0 hidden h-dvh border-r border-line bg-surface lg:block">{sidebar()}</aside>

        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
            <RadixDialog.Content
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-surface shadow-xl transition-transform duration-200 lg:hidden"
              data-testid="admin-drawer"
            >
              <RadixDialog.Title className="sr-only">{t('admin.nav.label')}</RadixDialog.Title>
              <RadixDialog.Description className="sr-only">{loaderData.company.name}</RadixDialog.Description>
              <RadixDialog.Close
                className="absolute top-4 right-3 rounded-md p-1.5 text-ink-muted hover:bg-surface-muted"
                aria-label={t('common.close')}
              >
                <X className="size-5" />
              </RadixDialog.Close>
              {sidebar(() => setDrawerOpen(false))}
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>

        <div className="flex min-w-0 flex-col">
          <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-line bg-surface/95 px-4 backdrop-blur lg:px-8">
            <button
              type="button"
              className="-ml-1 rounded-md p-2 text-ink hover:bg-surface-muted lg:hidden"
              onClick={() => setDrawerOpen(true)}
              aria-label={t('admin.openMenu')}
              data-testid="open-drawer"
            >
              <Menu className="size-5" />
            </button>
            <span className="truncate font-semibold lg:hidden">{loaderData.company.name}</span>
            <div className="ml-auto flex items-center gap-4">
              <LanguageSwitcher />
              <span className="hidden text-sm text-ink-muted sm:block" title={loaderData.user.email}>
                {loaderData.user.name}
              </span>
            </div>
          </header>
          <main className="relative flex-1 px-4 py-6 lg:px-8 lg:py-8">
            {loaderData.suspension ? (
              <div
                role="alert"
                className={`${pageWidth('wide')} mb-6 rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm`}
                data-testid="company-suspended"
              >
                <p className="font-medium text-danger">{t('operator.suspended.bannerTitle')}</p>
                <p className="mt-1 text-ink">
                  {t('operator.suspended.bannerText', { reason: loaderData.suspension.reason })}
                </p>
              </div>
            ) : null}
            {loaderData.closure ? (
              <AccountClosedBanner closure={loaderData.closure} canReopen={loaderData.canReopen} />
            ) : null}
            <TrialBanner status={subscription} canManage={loaderData.canManageBilling} />
            <SlowNavigationOverlay />
            <Outlet />
          </main>
        </div>

        <ConfirmDialog
          open={confirmLogout}
          onOpenChange={setConfirmLogout}
          title={t('admin.logout.title')}
          description={t('admin.logout.description')}
          confirmLabel={t('admin.logout.confirm')}
          cancelLabel={t('common.cancel')}
          onConfirm={() => void logout('user')}
          busy={signingOut}
        />
        <IdlePreload />
        <UploadTray />
      </div>
    </UploadsProvider>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  return (
    <main className="min-h-dvh bg-surface-muted px-5">
      <AdminErrorScreen error={error} />
    </main>
  )
}
