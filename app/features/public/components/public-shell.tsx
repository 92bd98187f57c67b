import { Menu } from 'lucide-react'
import { Suspense, useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { hasMemberHint } from '#app/lib/member-hint'
import { useTranslation } from '#app/lib/react-i18n'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { LanguageSwitcher } from '#app/components/language-switcher'
import type { PublicNotFoundKind } from '#app/components/not-found'
import { lazyRenderedOnServer } from '#app/lib/lazy-rendered-on-server'
import { openCookieSettings } from '#app/features/consent/open-cookie-settings'
import type { PublicCompany } from '#app/access/context'
import { templateFrameClass } from '#app/features/galleries/fans/page-geometry'

type ShellCompany = Pick<
  PublicCompany,
  'name' | 'slug' | 'logo' | 'branding' | 'template' | 'showPlatformBadge' | 'platformUrl'
>

/**
 * The platform's door on a company's page: "Admin" for a member signed in on this browser (the
 * page is the one cached for everyone, so this is known only in the browser), and "Log in" for
 * others only where the platform's own links are shown (Starter). A company with its own branding
 * shows its fans its own navigation alone: fans have no account to log in to.
 */
function AccountLink({
  platformUrl,
  className,
  login,
}: {
  platformUrl: string
  className: string
  /** Whether visitors who are not members get "Log in". */
  login: boolean
}) {
  const { t } = useTranslation()
  const [member, setMember] = useState(false)
  useEffect(() => setMember(hasMemberHint(document.cookie)), [])
  if (!member && !login) return null
  return (
    <a href={member ? `${platformUrl}/admin` : `${platformUrl}/auth`} className={className} data-testid="account-link">
      {t(member ? 'public.nav.admin' : 'public.nav.login')}
    </a>
  )
}

/** The platform's pages a company's header points to (they live on the platform's own host). */
function platformLinks(platformUrl: string) {
  return {
    pricing: `${platformUrl}/#pricing`,
    contact: `${platformUrl}/#contact`,
    signUp: `${platformUrl}/auth?mode=signup`,
  }
}

/**
 * The fan-facing frame of a company's pages: its template's canvas and type in the company's
 * colours (when its plan includes branding), its logo and name, the header links and the footer. Server-rendered;
 * the phone menu is a <details> so it opens without JavaScript. With custom branding (no platform
 * badge) fans see only the company's own navigation; on Starter the platform's sales links stay,
 * named as the platform's. `about` heads the footer: only the landing has one (the company's own
 * words and profiles, company-landing.tsx), so its icons do not travel with every fans' page.
 */
export function PublicShell({
  company,
  basePath,
  about,
  children,
}: {
  company: ShellCompany
  basePath: string
  about?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const home = basePath || '/'
  const links = platformLinks(company.platformUrl)
  const platformNav = company.showPlatformBadge
  const sections = [
    { href: `${basePath}/#galleries`, label: t('public.nav.galleries') },
    { href: `${basePath}/#events`, label: t('public.nav.events') },
    ...(platformNav
      ? [
          { href: links.pricing, label: t('public.nav.platformPricing') },
          { href: links.contact, label: t('public.nav.platformContact') },
        ]
      : []),
  ]
  return (
    <div
      className={`${templateFrameClass(company.template)} flex min-h-dvh flex-col bg-surface text-ink`}
      style={(company.branding ?? undefined) as CSSProperties | undefined}
      data-branded={company.branding ? '' : undefined}
      data-canvas={company.template.canvas}
    >
      <header className="sticky top-0 z-20 border-b border-line/60 bg-surface/85 backdrop-blur">
        <div className="whole-row mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to={home} className="flex min-w-0 items-center gap-2.5 font-semibold" data-testid="company-home">
            {company.logo ? (
              <img
                src={company.logo}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0 rounded-md object-cover"
              />
            ) : null}
            <span className="truncate">{company.name}</span>
          </Link>
          <nav aria-label={t('public.nav.label')} className="hidden items-center gap-5 text-sm lg:flex">
            {sections.map((link) => (
              <a key={link.href} href={link.href} className="text-ink-muted hover:text-ink">
                {link.label}
              </a>
            ))}
          </nav>
          <div className="flex shrink-0 items-center gap-2 text-sm">
            <LanguageSwitcher />
            <AccountLink
              platformUrl={company.platformUrl}
              login={platformNav}
              className="hidden h-9 items-center rounded-lg px-3 font-medium text-ink hover:bg-surface-muted sm:inline-flex"
            />
            {platformNav ? (
              <a
                href={links.signUp}
                className="hidden h-9 items-center rounded-lg bg-accent px-3.5 font-medium text-accent-foreground hover:brightness-110 sm:inline-flex"
              >
                {t('public.nav.getStarted')}
              </a>
            ) : null}
            <details className="group relative lg:hidden">
              <summary
                className="grid size-9 cursor-pointer list-none place-items-center rounded-lg hover:bg-surface-muted [&::-webkit-details-marker]:hidden"
                aria-label={t('public.nav.menu')}
              >
                <Menu aria-hidden className="size-5" />
              </summary>
              <div
                className="absolute right-0 mt-2 flex w-56 flex-col rounded-xl border border-line bg-surface-muted p-2 shadow-2xl"
                onClick={(event) => event.currentTarget.closest('details')?.removeAttribute('open')}
              >
                {sections.map((link) => (
                  <a key={link.href} href={link.href} className="rounded-lg px-3 py-2.5 hover:bg-surface">
                    {link.label}
                  </a>
                ))}
                <AccountLink
                  platformUrl={company.platformUrl}
                  login={platformNav}
                  className="rounded-lg border-t border-line px-3 py-2.5 hover:bg-surface"
                />
                {platformNav ? (
                  <a
                    href={links.signUp}
                    className="mt-1 rounded-lg bg-accent px-3 py-2.5 text-center font-medium text-accent-foreground"
                  >
                    {t('public.nav.getStarted')}
                  </a>
                ) : null}
              </div>
            </details>
          </div>
          <span hidden className="row-end" />
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-line/60">
        {about}
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {company.name}
          </p>
          <nav aria-label={t('public.footer.label')} className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <Link to={`${basePath}/termos`} className="hover:text-ink">
              {t('public.footer.terms')}
            </Link>
            <Link to={`${basePath}/privacidade`} className="hover:text-ink">
              {t('public.footer.privacy')}
            </Link>
            <button type="button" onClick={openCookieSettings} className="hover:text-ink">
              {t('public.footer.cookies')}
            </button>
          </nav>
          {company.showPlatformBadge ? (
            <a
              href={company.platformUrl}
              className="inline-flex items-center gap-1.5 self-start rounded-full border border-line px-3 py-1 text-xs hover:text-ink sm:self-auto"
              data-testid="platform-badge"
            >
              {t('public.footer.poweredBy')} <span className="font-semibold text-ink">Afterglow</span>
            </a>
          ) : null}
        </div>
      </footer>
    </div>
  )
}

// Error screens are in the page's HTML when a page fails; the browser fetches them only then.
const PublicErrorScreen = lazyRenderedOnServer(() => import('./public-error-screen'))

/** The error boundary of every fans' page: its 404s become the right not-found screen, on the night canvas. */
export function PublicErrorBoundary({ fallback }: { fallback: PublicNotFoundKind }) {
  const error = useRouteError()
  // What no fans' screen answers (a post to a page that takes none, a thrown failure) goes on to the
  // root's screen from here: thrown inside the Suspense below, the server would catch it there and answer 500.
  if (!isRouteErrorResponse(error) || (error.status < 500 && error.status !== 404)) throw error
  return (
    <Suspense fallback={null}>
      <PublicErrorScreen fallback={fallback} />
    </Suspense>
  )
}
