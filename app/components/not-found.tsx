import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClasses } from './ui/button'

export function NotFoundScreen() {
  const { t } = useTranslation()
  return (
    <main className="grid min-h-dvh place-items-center bg-surface px-6">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">404</p>
        <h1 className="mt-2 text-3xl font-semibold">{t('errors.notFound.title')}</h1>
        <p className="mt-3 text-ink-muted">{t('errors.notFound.message')}</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          {t('errors.notFound.back')}
        </Link>
      </div>
    </main>
  )
}
