import { useTranslation } from '#app/lib/react-i18n'

/** Why an upload failed, with the way to a plan that allows it when that is the reason. */
export function UploadFailure({ error, upgradeUrl }: { error?: string; upgradeUrl?: string }) {
  const { t } = useTranslation()
  return (
    <>
      {error ?? t('uploads.ui.failed')}
      {upgradeUrl ? (
        <>
          {' '}
          <a href={upgradeUrl} className="font-medium underline">
            {t('billing.plans.see')}
          </a>
        </>
      ) : null}
    </>
  )
}
