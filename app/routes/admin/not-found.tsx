import { useTranslation } from '#app/lib/react-i18n'
import { data, Link } from 'react-router'
import { buttonClasses } from '#app/components/ui/button'

export async function loader() {
  return data(null, { status: 404 })
}

export default function AdminNotFound() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-xl py-12">
      <p className="text-sm font-semibold tracking-widest text-accent uppercase">404</p>
      <h1 className="mt-2 text-2xl font-semibold">{t('errors.notFound.title')}</h1>
      <p className="mt-2 text-ink-muted">{t('errors.notFound.message')}</p>
      <Link to="/admin" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('admin.backToDashboard')}
      </Link>
    </div>
  )
}
