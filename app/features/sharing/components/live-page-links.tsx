import { ExternalLink, QrCode } from 'lucide-react'
import { buttonClasses } from '#app/components/ui/button'
import { useTranslation } from '#app/lib/react-i18n'
import { ShareMenu } from './share-menu'

/**
 * An editor's way out to what fans see: the live page in a new tab, the share menu and a jump to
 * the page's QR code (`#qr-code`). Before publishing, it says fans will see the page only then.
 */
export function LivePageLinks({ url, title, published }: { url: string; title: string; published: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary')}
          data-testid="view-live"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('studio.editor.viewLive')}
          <span className="sr-only">{t('studio.editor.newTab')}</span>
        </a>
        <ShareMenu url={url} title={title} className="rounded-[var(--radius-ui)] bg-surface" />
        <a href="#qr-code" className={buttonClasses('secondary')}>
          <QrCode aria-hidden className="size-4" />
          {t('sharing.qr.title')}
        </a>
      </div>
      {published ? null : <p className="text-xs text-ink-muted">{t('studio.editor.notLiveYet')}</p>}
    </>
  )
}
