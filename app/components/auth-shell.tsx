import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { BrandLink } from './brand'
import { LanguageSwitcher } from './language-switcher'

/** The frame of the sign-in, confirmation, reset and onboarding screens. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_var(--auth-form-column)]" data-auth-shell>
      <aside className="theme-night relative hidden overflow-hidden bg-surface p-12 text-ink lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="absolute inset-0 opacity-80"
          style={{
            background:
              'radial-gradient(60% 50% at 30% 30%, rgba(167,139,250,.45), transparent 70%), radial-gradient(50% 40% at 75% 70%, rgba(244,114,182,.35), transparent 70%), radial-gradient(40% 35% at 60% 20%, rgba(56,189,248,.25), transparent 70%)',
          }}
        />
        <BrandLink className="relative text-ink" />
        <div className="relative max-w-md">
          <p className="text-4xl leading-tight font-semibold">{t('auth.shell.headline')}</p>
          <p className="mt-4 text-lg text-ink-muted">{t('auth.shell.tagline')}</p>
        </div>
      </aside>
      <main className="flex flex-col bg-surface px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <BrandLink className="lg:invisible" />
          <LanguageSwitcher />
        </div>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle ? <div className="mt-2 text-sm text-ink-muted">{subtitle}</div> : null}
          <div className="mt-8">{children}</div>
        </div>
      </main>
    </div>
  )
}
