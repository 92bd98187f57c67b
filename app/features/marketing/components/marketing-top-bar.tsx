import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { BrandMark } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { cn } from '#app/lib/cn'

export const TOP_BAR_HEIGHT = 64

/** Smooth unless the visitor asked for less motion; the plain anchor works without JavaScript. */
export function scrollToSection(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id)
  if (!target) return
  event.preventDefault()
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  history.replaceState(null, '', `#${id}`)
}

/**
 * Transparent over the hero, solid black once the hero has scrolled out from under it
 * (an IntersectionObserver, no scroll listener).
 */
export function MarketingTopBar({ heroId, account }: { heroId: string; account: { to: string; label: string } }) {
  const { t } = useTranslation()
  const [solid, setSolid] = useState(false)
  const menu = useRef<HTMLDetailsElement>(null)
  const closeMenu = () => menu.current?.removeAttribute('open')

  useEffect(() => {
    const hero = document.getElementById(heroId)
    if (!hero || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setSolid(!entry.isIntersecting), {
      rootMargin: `-${TOP_BAR_HEIGHT}px 0px 0px 0px`,
    })
    observer.observe(hero)
    return () => observer.disconnect()
  }, [heroId])

  const sections = [
    { id: 'platform', label: t('home.nav.platform') },
    { id: 'artists', label: t('home.nav.artists') },
    { id: 'pricing', label: t('home.nav.pricing') },
  ]
  return (
    <header
      data-testid="marketing-top-bar"
      data-solid={solid ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-30 transition-[background-color,border-color] duration-200',
        solid ? 'border-b border-white/10 bg-black' : 'border-b border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        {/* On narrow phones the mark alone leaves room for the language and Contact us. */}
        <Link to="/" className="inline-flex shrink-0 items-center gap-2 text-lg font-semibold tracking-tight">
          <BrandMark />
          <span className="max-[419px]:sr-only">Afterglow</span>
        </Link>
        <nav aria-label={t('home.nav.label')} className="hidden items-center gap-7 text-sm lg:flex">
          {sections.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              onClick={(event) => scrollToSection(event, section.id)}
              className="text-ink-muted transition-colors hover:text-ink"
            >
              {section.label}
            </a>
          ))}
        </nav>
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          <LanguageSwitcher className="min-w-0 text-ink-muted" />
          <Link to={account.to} className="hidden text-sm font-medium text-ink-muted hover:text-ink md:inline">
            {account.label}
          </Link>
          <a
            href="#contact"
            onClick={(event) => scrollToSection(event, 'contact')}
            className={buttonClasses('primary', 'sm', 'shrink-0 rounded-full px-4')}
            data-testid="contact-us"
          >
            {t('home.nav.contact')}
          </a>
          {/* Phones and tablets: the sections and Login behind one button; <details> opens without JavaScript. */}
          <details ref={menu} className="group relative lg:hidden" data-testid="marketing-menu">
            <summary
              aria-label={t('home.nav.menu')}
              className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-ink hover:bg-white/10 [&::-webkit-details-marker]:hidden"
            >
              <Menu aria-hidden className="size-5 group-open:hidden" />
              <X aria-hidden className="hidden size-5 group-open:block" />
            </summary>
            <nav
              aria-label={t('home.nav.label')}
              className="fixed inset-x-0 top-16 border-b border-white/10 bg-black px-4 pt-2 pb-6 shadow-2xl sm:px-6"
            >
              <ul className="mx-auto flex max-w-6xl flex-col text-base">
                {sections.map((section) => (
                  <li key={section.id}>
                    <a
                      href={`#${section.id}`}
                      onClick={(event) => {
                        closeMenu()
                        scrollToSection(event, section.id)
                      }}
                      className="block border-b border-white/5 py-3 text-ink-muted hover:text-ink"
                    >
                      {section.label}
                    </a>
                  </li>
                ))}
                <li>
                  <Link
                    to={account.to}
                    onClick={closeMenu}
                    className={buttonClasses(
                      'secondary',
                      'lg',
                      'mt-4 w-full rounded-full border-line bg-transparent text-ink',
                    )}
                    data-testid="menu-account-link"
                  >
                    {account.label}
                  </Link>
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  )
}
