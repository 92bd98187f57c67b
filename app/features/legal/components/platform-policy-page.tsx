import { useSignedIn } from '#app/features/accounts/use-signed-in'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { BrandLink } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { openCookieSettings } from '#app/features/consent/open-cookie-settings'
import { cn } from '#app/lib/cn'
import { PLATFORM_POLICIES, type LegalDocument, type PlatformPolicy } from '../legal-document'
import { PolicyArticle } from './policy-article'

const PATHS: Record<PlatformPolicy, string> = { privacy: '/privacy', terms: '/terms', cookies: '/cookies' }

/** /privacy, /terms and /cookies: the platform's frame around one policy. */
export function PlatformPolicyPage({ policy, document }: { policy: PlatformPolicy; document: LegalDocument }) {
  const isSignedIn = useSignedIn()
  const { t } = useTranslation()
  const account = isSignedIn ? { to: '/admin', label: t('home.admin') } : { to: '/auth', label: t('home.login') }
  const linkClass = 'text-ink-muted transition-colors hover:text-ink'
  return (
    <div className="theme-night flex min-h-dvh flex-col bg-surface text-ink">
      <header className="sticky top-0 z-30 border-b border-white/10 bg-black">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <BrandLink className="shrink-0" />
          <div className="flex min-w-0 items-center gap-2 sm:gap-4">
            <LanguageSwitcher className="min-w-0 text-ink-muted" />
            <a href="/#contact" className={buttonClasses('primary', 'sm', 'shrink-0 rounded-full px-4')}>
              {t('home.nav.contact')}
            </a>
          </div>
        </div>
      </header>
      <main className="flex-1">
        <PolicyArticle
          document={document}
          eyebrow={t('home.footer.legal')}
          nav={
            <nav
              aria-label={t('legal.otherPolicies')}
              className="mt-8 inline-flex max-w-full flex-wrap gap-1 rounded-2xl border border-line bg-surface-muted p-1 text-sm"
            >
              {PLATFORM_POLICIES.map((item) => (
                <Link
                  key={item}
                  to={PATHS[item]}
                  aria-current={item === policy ? 'page' : undefined}
                  className={cn(
                    'rounded-xl px-3.5 py-1.5 font-medium transition-colors',
                    item === policy ? 'bg-ink text-surface' : 'text-ink-muted hover:text-ink',
                  )}
                >
                  {t(`legal.nav.${item}`)}
                </Link>
              ))}
            </nav>
          }
        />
      </main>
      <footer className="border-t border-white/10 bg-black">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="text-ink-muted">© {new Date().getFullYear()} Afterglow</p>
          <nav aria-label={t('home.footer.legal')} className="flex flex-wrap items-center gap-x-5 gap-y-3">
            {PLATFORM_POLICIES.map((item) => (
              <Link key={item} to={PATHS[item]} className={linkClass}>
                {t(`legal.nav.${item}`)}
              </Link>
            ))}
            <button type="button" onClick={openCookieSettings} className={linkClass}>
              {t('home.footer.cookieSettings')}
            </button>
            <Link to={account.to} className="font-medium text-ink hover:underline" data-testid="footer-account-link">
              {account.label}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  )
}
