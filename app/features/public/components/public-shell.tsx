import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSwitcher } from '#app/components/language-switcher'

/** The fan-facing frame of a company's pages: night canvas, the company's name, its footer. */
export function PublicShell({ company, basePath, children }: { company: { name: string; slug: string; logo: string | null }; basePath: string; children: ReactNode }) {
  const { t } = useTranslation()
  const home = basePath || '/'
  return (
    <div className="theme-night flex min-h-dvh flex-col bg-surface text-ink">
      <header className="sticky top-0 z-20 border-b border-line/60 bg-surface/85 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={home} className="flex min-w-0 items-center gap-2.5 font-semibold">
            {company.logo ? <img src={company.logo} alt="" className="size-8 rounded-md object-cover" /> : null}
            <span className="truncate">{company.name}</span>
          </Link>
          <nav aria-label={t('public.nav.label')} className="flex items-center gap-4 text-sm">
            <a href={`${basePath}/#galleries`} className="hidden text-ink-muted hover:text-ink sm:inline">
              {t('public.nav.galleries')}
            </a>
            <a href={`${basePath}/#events`} className="hidden text-ink-muted hover:text-ink sm:inline">
              {t('public.nav.events')}
            </a>
            <LanguageSwitcher />
          </nav>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-line/60">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} {company.name}</p>
          <p>
            {t('public.poweredBy')}{' '}
            <Link to="/" className="text-ink hover:underline">
              Afterglow
            </Link>
          </p>
        </div>
      </footer>
    </div>
  )
}

export function PublicNotFound({ messageKey, backTo }: { messageKey: string; backTo: string }) {
  const { t } = useTranslation()
  return (
    <div className="theme-night grid min-h-dvh place-items-center bg-surface px-6 text-ink">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">404</p>
        <h1 className="mt-2 text-3xl font-semibold">{t(messageKey)}</h1>
        <p className="mt-3 text-ink-muted">{t('public.notFound.text')}</p>
        <Link to={backTo} className="mt-8 inline-flex h-11 items-center rounded-lg bg-accent px-5 font-medium text-accent-foreground">
          {t('public.notFound.back')}
        </Link>
      </div>
    </div>
  )
}
