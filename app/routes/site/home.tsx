import { Camera, Download, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { BrandLink } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { getSession } from '#app/lib/auth.server'
import { getRequestT } from '#app/lib/i18n.server'
import { CompanyLandingView } from '#app/features/public/components/company-landing'
import { loadCompanyLanding } from '#app/features/public/server/load-company-landing.server'
import { hostCompanySlug } from '#app/features/public/server/public-pages.server'
import { toHttpError } from '#app/lib/errors'
import type { Route } from './+types/home'

export async function loader({ request }: Route.LoaderArgs) {
  // On a company's subdomain, the root is that company's landing page.
  if (hostCompanySlug(request)) {
    try {
      return { mode: 'company' as const, landing: await loadCompanyLanding(request, undefined) }
    } catch (error) {
      throw toHttpError(error)
    }
  }
  const t = getRequestT(request)
  const session = await getSession(request)
  return { mode: 'platform' as const, isSignedIn: Boolean(session), title: t('home.metaTitle'), description: t('home.metaDescription') }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (data?.mode === 'company') return [{ title: data.landing.company.name }, { property: 'og:title', content: data.landing.company.name }]
  return platformMeta(data)
}

const platformMeta = (data?: { title: string; description: string }) => [
  { title: data?.title ?? 'Afterglow' },
  { name: 'description', content: data?.description ?? '' },
  { property: 'og:title', content: data?.title ?? 'Afterglow' },
  { property: 'og:description', content: data?.description ?? '' },
]

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'company') return <CompanyLandingView {...loaderData.landing} />
  return <PlatformHome isSignedIn={loaderData.isSignedIn} />
}

function PlatformHome({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation()
  const accountLink = isSignedIn ? { to: '/admin', label: t('home.admin') } : { to: '/auth', label: t('home.login') }
  const steps = [
    { icon: Camera, title: t('home.steps.capture.title'), text: t('home.steps.capture.text') },
    { icon: Sparkles, title: t('home.steps.curate.title'), text: t('home.steps.curate.text') },
    { icon: Download, title: t('home.steps.deliver.title'), text: t('home.steps.deliver.text') },
  ]
  return (
    <div className="theme-night min-h-dvh bg-surface text-ink">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-5">
        <BrandLink />
        <div className="flex items-center gap-3">
          <LanguageSwitcher className="hidden sm:inline-flex" />
          <Link to={accountLink.to} className={buttonClasses('secondary', 'sm', 'border-line bg-transparent text-ink hover:bg-surface-muted')}>
            {accountLink.label}
          </Link>
        </div>
      </header>
      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden
            className="absolute inset-0"
            style={{
              background:
                'radial-gradient(45% 55% at 20% 30%, rgba(167,139,250,.35), transparent 70%), radial-gradient(40% 50% at 85% 60%, rgba(244,114,182,.25), transparent 70%)',
            }}
          />
          <div className="relative mx-auto max-w-6xl px-5 pt-16 pb-24 sm:pt-28 sm:pb-36">
            <p className="text-sm font-semibold tracking-widest text-accent uppercase">{t('home.eyebrow')}</p>
            <h1 className="mt-4 max-w-3xl text-4xl leading-[1.05] font-semibold tracking-tight sm:text-6xl">{t('home.headline')}</h1>
            <p className="mt-6 max-w-2xl text-lg text-ink-muted sm:text-xl">{t('home.subheadline')}</p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link to="/auth?mode=signup" className={buttonClasses('primary', 'lg')}>
                {t('home.getStarted')}
              </Link>
              <Link to="/auth" className={buttonClasses('secondary', 'lg', 'border-line bg-transparent text-ink hover:bg-surface-muted')}>
                {t('home.login')}
              </Link>
            </div>
          </div>
        </section>
        <section className="mx-auto grid max-w-6xl gap-6 px-5 pb-24 sm:grid-cols-3" aria-label={t('home.stepsLabel')}>
          {steps.map(({ icon: Icon, title, text }) => (
            <article key={title} className="rounded-xl border border-line bg-surface-muted p-6">
              <Icon aria-hidden className="size-6 text-accent" />
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-2 text-ink-muted">{text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-8 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} Afterglow</p>
          <div className="flex items-center gap-5">
            <LanguageSwitcher className="sm:hidden" />
            <Link to={accountLink.to} className="font-medium text-ink hover:underline" data-testid="footer-account-link">
              {accountLink.label}
            </Link>
          </div>
        </div>
      </footer>
    </div>
  )
}
