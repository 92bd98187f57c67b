import { useSignedIn } from '#app/features/accounts/use-signed-in'
import {
  BarChart3,
  Camera,
  Download,
  Eye,
  Globe2,
  HandCoins,
  Heart,
  Mail,
  MapPin,
  Music2,
  QrCode,
  Smartphone,
  Sparkles,
  UsersRound,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { BrandMark } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { TRIAL_DAYS, type Currency } from '#app/features/billing/plans'
import { openCookieSettings } from '#app/features/consent/open-cookie-settings'
import { StageArtwork, type PaletteName } from './artwork'
import { HeroMockup } from './hero-mockup'
import { ContactForm, InterestForm, NewsletterForm } from './marketing-forms'
import { MarketingTopBar, scrollToSection } from './marketing-top-bar'
import { PricingSection } from './pricing-section'

const HERO_ID = 'hero'

function Eyebrow({ children }: { children: ReactNode }) {
  return <p className="text-sm font-semibold tracking-widest text-accent uppercase">{children}</p>
}

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
  className,
}: {
  id: string
  eyebrow: string
  title: string
  text?: string
  className?: string
}) {
  return (
    <div className={className}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className="mt-3 text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-5xl">
        {title}
      </h2>
      {text ? <p className="mt-5 text-lg text-ink-muted">{text}</p> : null}
    </div>
  )
}

/** Fictional acts with generated artwork: illustrations of who the product is for. */
const ARTISTS: Array<{ id: string; name: string; palette: PaletteName; seed: number }> = [
  { id: 'vila', name: 'Vila Farol', palette: 'amber', seed: 1 },
  { id: 'lumen', name: 'Lumen Vale', palette: 'violet', seed: 3 },
  { id: 'orage', name: 'Orage Doré', palette: 'crimson', seed: 2 },
  { id: 'cielo', name: 'Cielo Cobalto', palette: 'cobalt', seed: 0 },
]

export function MarketingHome({ currency }: { currency: Currency }) {
  const isSignedIn = useSignedIn()
  const { t } = useTranslation()
  const account = isSignedIn ? { to: '/admin', label: t('home.admin') } : { to: '/auth', label: t('home.login') }
  return (
    <div className="theme-night min-h-dvh bg-surface text-ink">
      <MarketingTopBar heroId={HERO_ID} account={account} />
      <main>
        <Hero />
        <Problem />
        <Movement />
        <Platform />
        <Flow />
        <Artists />
        <Testimonial />
        <PricingSection key={currency} initialCurrency={currency} />
        <Interest />
        <Contact />
      </main>
      <Footer account={account} />
    </div>
  )
}

function Hero() {
  const { t } = useTranslation()
  return (
    <section id={HERO_ID} className="relative -mt-16 overflow-hidden pt-16" aria-labelledby="hero-heading">
      <div
        aria-hidden
        className="absolute inset-0"
        style={{
          background:
            'radial-gradient(60% 55% at 15% 20%, rgba(124,58,237,.45), transparent 70%), radial-gradient(45% 50% at 90% 35%, rgba(244,114,182,.28), transparent 70%), radial-gradient(60% 40% at 50% 110%, rgba(251,191,36,.12), transparent 70%)',
        }}
      />
      <div aria-hidden className="absolute inset-x-0 bottom-0 h-32 bg-gradient-to-b from-transparent to-surface" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pt-12 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pt-24 lg:pb-32">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-ink-muted sm:text-sm">
            <Smartphone aria-hidden className="size-4 text-accent" />
            {t('home.eyebrow')}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-[2.6rem] leading-[1.04] font-semibold tracking-tight text-balance sm:text-6xl lg:text-[4.25rem]"
          >
            {t('home.headline')}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-muted sm:text-xl">{t('home.subheadline')}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth?mode=signup" className={buttonClasses('primary', 'lg', 'rounded-full px-7')}>
              {t('home.getStarted')}
            </Link>
            <a
              href="#pricing"
              onClick={(event) => scrollToSection(event, 'pricing')}
              className={buttonClasses(
                'secondary',
                'lg',
                'rounded-full border-white/20 bg-white/5 px-7 text-ink hover:bg-white/10',
              )}
            >
              {t('home.hero.seePricing')}
            </a>
          </div>
          <p className="mt-4 text-sm text-ink-muted">{t('home.hero.trial', { days: TRIAL_DAYS })}</p>
        </div>
        <HeroMockup />
      </div>
    </section>
  )
}

function Problem() {
  const { t } = useTranslation()
  const points = [
    { icon: Smartphone, text: t('home.problem.points.screen') },
    { icon: Camera, text: t('home.problem.points.footage') },
    { icon: Heart, text: t('home.problem.points.moment') },
  ]
  return (
    <section aria-labelledby="problem-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-20">
        <SectionHeading
          id="problem-heading"
          eyebrow={t('home.problem.eyebrow')}
          title={t('home.problem.title')}
          text={t('home.problem.text')}
        />
        <ul className="space-y-4 self-end">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-4 rounded-2xl border border-line bg-surface-muted p-5">
              <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
              <span className="text-ink">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Movement() {
  const { t } = useTranslation()
  const pillars = [
    { title: t('home.movement.pillars.present.title'), text: t('home.movement.pillars.present.text') },
    { title: t('home.movement.pillars.hands.title'), text: t('home.movement.pillars.hands.text') },
    { title: t('home.movement.pillars.captured.title'), text: t('home.movement.pillars.captured.text') },
  ]
  return (
    <section aria-labelledby="movement-heading" className="relative overflow-hidden">
      <div aria-hidden className="absolute inset-0 opacity-50">
        <StageArtwork palette="violet" seed={1} className="size-full" />
      </div>
      <div aria-hidden className="absolute inset-0 bg-gradient-to-b from-surface via-surface/60 to-surface" />
      <div className="relative mx-auto max-w-6xl px-4 py-24 text-center sm:px-6 sm:py-32">
        <SectionHeading
          id="movement-heading"
          eyebrow={t('home.movement.eyebrow')}
          title={t('home.movement.title')}
          text={t('home.movement.text')}
          className="mx-auto max-w-3xl"
        />
        <ul className="mt-14 grid gap-4 text-left sm:grid-cols-3">
          {pillars.map((pillar, index) => (
            <li key={pillar.title} className="rounded-2xl border border-white/10 bg-black/40 p-6 backdrop-blur">
              <p className="text-sm font-semibold text-accent tabular-nums">0{index + 1}</p>
              <h3 className="mt-3 text-lg font-semibold">{pillar.title}</h3>
              <p className="mt-2 text-ink-muted">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function Platform() {
  const { t } = useTranslation()
  const pillars = [
    { icon: Eye, key: 'presence' },
    { icon: UsersRound, key: 'engagement' },
    { icon: HandCoins, key: 'revenue' },
  ]
  const features = [
    { icon: Mail, key: 'leads' },
    { icon: BarChart3, key: 'analytics' },
    { icon: Globe2, key: 'branded' },
    { icon: QrCode, key: 'qr' },
  ]
  return (
    <section
      id="platform"
      aria-labelledby="platform-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="platform-heading"
        eyebrow={t('home.platform.eyebrow')}
        title={t('home.platform.title')}
        text={t('home.platform.text')}
        className="max-w-3xl"
      />
      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {pillars.map(({ icon: Icon, key }) => (
          <li key={key} className="rounded-2xl border border-line bg-surface-muted p-6 sm:p-8">
            <span className="grid size-11 place-items-center rounded-xl bg-accent/15 text-accent">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-5 text-xl font-semibold">{t(`home.platform.pillars.${key}.title`)}</h3>
            <p className="mt-2 text-ink-muted">{t(`home.platform.pillars.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, key }) => (
          <li key={key} className="flex items-center gap-3 rounded-xl border border-line px-4 py-3.5 text-sm">
            <Icon aria-hidden className="size-4 shrink-0 text-accent" />
            {t(`home.platform.features.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Flow() {
  const { t } = useTranslation()
  const steps = [
    { icon: Camera, key: 'capture' },
    { icon: Sparkles, key: 'curate' },
    { icon: Download, key: 'deliver' },
  ]
  return (
    <section aria-labelledby="flow-heading" className="border-y border-white/5 bg-[#0d0d10]">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
        <SectionHeading
          id="flow-heading"
          eyebrow={t('home.stepsLabel')}
          title={t('home.flow.title')}
          text={t('home.flow.text')}
          className="max-w-3xl"
        />
        <ol className="relative mt-12 grid gap-5 md:grid-cols-3">
          {steps.map(({ icon: Icon, key }, index) => (
            <li key={key} className="relative rounded-2xl border border-line bg-surface p-6 sm:p-8">
              <div className="flex items-center justify-between">
                <span className="grid size-11 place-items-center rounded-full border border-accent/40 text-accent">
                  <Icon aria-hidden className="size-5" />
                </span>
                <span className="text-5xl font-semibold text-white/5 tabular-nums">{index + 1}</span>
              </div>
              <h3 className="mt-5 text-xl font-semibold">{t(`home.steps.${key}.title`)}</h3>
              <p className="mt-2 text-ink-muted">{t(`home.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

function Artists() {
  const { t } = useTranslation()
  return (
    <section
      id="artists"
      aria-labelledby="artists-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="artists-heading"
        eyebrow={t('home.artists.eyebrow')}
        title={t('home.artists.title')}
        text={t('home.artists.text')}
        className="max-w-3xl"
      />
      {/* On phones the cards scroll sideways: focusable so keyboard users can scroll them too. */}
      <ul
        tabIndex={0}
        aria-labelledby="artists-heading"
        className="-mx-4 mt-12 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4"
      >
        {ARTISTS.map((artist) => (
          <li
            key={artist.id}
            className="group w-[80%] shrink-0 snap-start overflow-hidden rounded-2xl border border-line bg-surface-muted sm:w-auto"
            data-testid="artist-card"
          >
            <div className="relative">
              <StageArtwork
                palette={artist.palette}
                seed={artist.seed}
                className="aspect-[4/3] transition-transform duration-300 group-hover:scale-[1.02]"
              />
              <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white backdrop-blur">
                <Smartphone aria-hidden className="size-3.5" />
                {t('home.artists.badge')}
              </span>
            </div>
            <div className="p-5">
              <h3 className="text-lg font-semibold">{artist.name}</h3>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                <span className="inline-flex items-center gap-1">
                  <Music2 aria-hidden className="size-3.5" />
                  {t(`home.artists.items.${artist.id}.genre`)}
                </span>
                <span className="inline-flex items-center gap-1">
                  <MapPin aria-hidden className="size-3.5" />
                  {t(`home.artists.items.${artist.id}.city`)}
                </span>
              </p>
              <p className="mt-3 text-sm text-ink">{t(`home.artists.items.${artist.id}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Testimonial() {
  const { t } = useTranslation()
  return (
    <section aria-label={t('home.testimonial.label')} className="mx-auto max-w-4xl px-4 pb-20 sm:px-6 sm:pb-28">
      <figure className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-accent/15 via-surface-muted to-surface-muted p-8 sm:p-14">
        <span
          aria-hidden
          className="absolute -top-6 left-6 text-[9rem] leading-none font-semibold text-accent/20 select-none"
        >
          “
        </span>
        <blockquote className="relative text-xl leading-snug font-medium text-balance sm:text-3xl">
          {t('home.testimonial.quote')}
        </blockquote>
        <figcaption className="relative mt-8 flex items-center gap-4">
          <span
            aria-hidden
            className="grid size-12 place-items-center rounded-full bg-gradient-to-br from-amber-300 to-rose-500 text-base font-semibold text-black"
          >
            IC
          </span>
          <span>
            <span className="block font-semibold">{t('home.testimonial.name')}</span>
            <span className="text-sm text-ink-muted">{t('home.testimonial.role')}</span>
          </span>
        </figcaption>
      </figure>
      <p className="mt-4 text-center text-xs text-ink-muted">{t('home.testimonial.illustrative')}</p>
    </section>
  )
}

function Interest() {
  const { t } = useTranslation()
  return (
    <section id="interest" aria-labelledby="interest-heading" className="scroll-mt-16 px-4 py-20 sm:px-6 sm:py-28">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl border border-white/10">
        <div aria-hidden className="absolute inset-0">
          <StageArtwork palette="violet" seed={4} className="size-full" />
        </div>
        <div aria-hidden className="absolute inset-0 bg-gradient-to-r from-black/80 via-black/55 to-black/30" />
        <div className="relative grid gap-10 p-7 sm:p-12 lg:grid-cols-2 lg:items-center lg:p-16">
          <SectionHeading
            id="interest-heading"
            eyebrow={t('home.interest.eyebrow')}
            title={t('home.interest.title')}
            text={t('home.interest.text')}
          />
          <div className="rounded-2xl border border-white/10 bg-black/60 p-5 backdrop-blur sm:p-6">
            <InterestForm />
          </div>
        </div>
      </div>
    </section>
  )
}

function Contact() {
  const { t } = useTranslation()
  return (
    <section
      id="contact"
      aria-labelledby="contact-heading"
      className="mx-auto max-w-6xl scroll-mt-16 px-4 pb-20 sm:px-6 sm:pb-28"
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:gap-16">
        <div>
          <SectionHeading
            id="contact-heading"
            eyebrow={t('home.contact.eyebrow')}
            title={t('home.contact.title')}
            text={t('home.contact.text')}
          />
          <ul className="mt-8 space-y-3 text-sm text-ink-muted">
            {(['plans', 'festivals', 'setup'] as const).map((topic) => (
              <li key={topic} className="flex gap-3">
                <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                {t(`home.contact.topics.${topic}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-3xl border border-line bg-surface-muted p-6 sm:p-8">
          <ContactForm />
        </div>
      </div>
    </section>
  )
}

function Footer({ account }: { account: { to: string; label: string } }) {
  const { t } = useTranslation()
  const linkClass = 'text-ink-muted transition-colors hover:text-ink'
  return (
    <footer className="border-t border-white/10 bg-black">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-12 lg:grid-cols-[1.2fr_1fr_1fr_1.4fr]">
          <div className="col-span-2 lg:col-span-1">
            <p className="inline-flex items-center gap-2 text-lg font-semibold tracking-tight">
              <BrandMark />
              Afterglow
            </p>
            <p className="mt-4 max-w-xs text-sm text-ink-muted">{t('home.footer.tagline')}</p>
            <LanguageSwitcher className="mt-6 text-ink-muted" />
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product" className="text-sm font-semibold">
              {t('home.footer.product')}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <a href="#platform" className={linkClass}>
                  {t('home.nav.platform')}
                </a>
              </li>
              <li>
                <a href="#pricing" className={linkClass}>
                  {t('home.nav.pricing')}
                </a>
              </li>
              <li>
                <a href="#contact" className={linkClass}>
                  {t('home.nav.contact')}
                </a>
              </li>
              <li>
                <Link
                  to={account.to}
                  className="font-medium text-ink hover:underline"
                  data-testid="footer-account-link"
                >
                  {account.label}
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal" className="text-sm font-semibold">
              {t('home.footer.legal')}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <Link to="/privacy" className={linkClass}>
                  {t('legal.nav.privacy')}
                </Link>
              </li>
              <li>
                <Link to="/terms" className={linkClass}>
                  {t('legal.nav.terms')}
                </Link>
              </li>
              <li>
                <Link to="/cookies" className={linkClass}>
                  {t('legal.nav.cookies')}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  onClick={openCookieSettings}
                  className={linkClass}
                  data-testid="footer-cookie-settings"
                >
                  {t('home.footer.cookieSettings')}
                </button>
              </li>
            </ul>
          </nav>
          <div id="newsletter" className="col-span-2 scroll-mt-16 lg:col-span-1">
            <h2 className="text-sm font-semibold">{t('home.newsletter.title')}</h2>
            <p className="mt-2 mb-4 text-sm text-ink-muted">{t('home.newsletter.text')}</p>
            <NewsletterForm />
          </div>
        </div>
        <p className="mt-14 border-t border-white/10 pt-6 text-xs text-ink-muted">
          © {new Date().getFullYear()} Afterglow. {t('home.footer.rights')}
        </p>
      </div>
    </footer>
  )
}
