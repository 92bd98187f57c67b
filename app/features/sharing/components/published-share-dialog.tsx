import { Copy, Download, Facebook, Mail, MessageCircle, PartyPopper, Share2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button, buttonClasses } from '#app/components/ui/button'
import { RadixDialog } from '#app/components/ui/dialog'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import type * as SharePanel from './share-menu-panel'

type SharePanelModule = typeof SharePanel
const loadSharePanel = (): Promise<SharePanelModule> => import('./share-menu-panel')

/**
 * The step after publishing: the page is live, so this is the moment to hand it to fans. Its
 * link to copy, its QR code to download, the card a link preview shows, and the usual ways to
 * share, in one place; "Done" leaves the editor as it was.
 */
export function PublishedShareDialog({
  open,
  onOpenChange,
  url,
  title,
  qrEndpoint,
  shareCard,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  url: string
  title: string
  /** The item's QR code (`/api/qr/{kind}/{id}`): the company's own colours when it chose them. */
  qrEndpoint: string
  /** The link preview image fans' apps show for the page, when it has one. */
  shareCard: string | null
}) {
  const { t } = useTranslation()
  const [canShareNatively, setCanShareNatively] = useState(false)
  useEffect(() => setCanShareNatively(typeof navigator.share === 'function'), [])
  // The share menu's own links and copying, fetched with it: a static import would make fans'
  // pages, which load that menu lazily, reach it through a shared chunk (more bytes on their first load).
  const [menu, setMenu] = useState<SharePanelModule | null>(null)
  useEffect(() => {
    if (open) void loadSharePanel().then((loaded) => setMenu(() => loaded))
  }, [open])
  const links = menu?.shareLinks(url, title)
  const copy = () =>
    void menu
      ?.copyText(url)
      .then((copied) => (copied ? toast.success(t('sharing.menu.copied')) : toast.error(t('sharing.menu.copyFailed'))))
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          data-testid="published-share"
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-surface p-5 shadow-2xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
        >
          <div className="flex items-start gap-3">
            <PartyPopper aria-hidden className="mt-0.5 size-6 shrink-0 text-accent" />
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">
                {t('sharing.published.title', { title })}
              </RadixDialog.Title>
              <RadixDialog.Description className="mt-1 text-sm text-ink-muted">
                {t('sharing.published.text')}
              </RadixDialog.Description>
            </div>
          </div>

          <div className="mt-5 flex gap-2">
            <label className="sr-only" htmlFor="published-share-url">
              {t('sharing.published.link')}
            </label>
            <input
              id="published-share-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-[var(--radius-ui)] border border-line bg-surface-muted px-3 text-sm text-ink"
              data-testid="published-share-url"
            />
            <Button onClick={copy} disabled={!menu} data-testid="published-share-copy">
              <Copy aria-hidden className="size-4" />
              {t('sharing.menu.copy')}
            </Button>
          </div>

          <div className="mt-5 grid gap-5 sm:grid-cols-[11rem_1fr]">
            <figure className="space-y-2">
              <img
                src={`${qrEndpoint}?format=svg`}
                alt={t('sharing.qr.previewAlt', { url })}
                width={176}
                height={176}
                className="size-44 rounded-lg border border-line bg-white p-2"
              />
              <a
                href={`${qrEndpoint}?format=png&download=1`}
                download
                className={buttonClasses('secondary', 'sm', 'w-full')}
              >
                <Download aria-hidden className="size-4" />
                {t('sharing.qr.downloadPng')}
              </a>
            </figure>
            <div className="min-w-0 space-y-3">
              {shareCard ? (
                <figure className="space-y-1">
                  <img
                    src={shareCard}
                    alt={t('sharing.og.imageAlt', { title })}
                    width={1200}
                    height={630}
                    className="aspect-[1200/630] w-full rounded-lg border border-line object-cover"
                  />
                  <figcaption className="text-xs text-ink-muted">{t('sharing.published.cardHint')}</figcaption>
                </figure>
              ) : null}
              {links ? (
                <ul className="flex flex-wrap gap-2" aria-label={t('sharing.menu.title')}>
                  {canShareNatively ? (
                    <li>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
                      >
                        <Share2 aria-hidden className="size-4" />
                        {t('sharing.menu.native')}
                      </Button>
                    </li>
                  ) : null}
                  {(
                    [
                      { href: links.whatsapp, label: 'WhatsApp', Icon: MessageCircle },
                      { href: links.facebook, label: 'Facebook', Icon: Facebook },
                      { href: links.x, label: 'X', Icon: null },
                    ] as const
                  ).map(({ href, label, Icon }) => (
                    <li key={label}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClasses('secondary', 'sm')}
                      >
                        {Icon ? <Icon aria-hidden className="size-4" /> : null}
                        {label}
                      </a>
                    </li>
                  ))}
                  <li>
                    <a href={links.email} className={buttonClasses('secondary', 'sm')}>
                      <Mail aria-hidden className="size-4" />
                      {t('sharing.menu.email')}
                    </a>
                  </li>
                </ul>
              ) : null}
            </div>
          </div>

          <div className="mt-6 flex justify-end">
            <RadixDialog.Close asChild>
              <Button variant="secondary" data-testid="published-share-done">
                {t('sharing.published.done')}
              </Button>
            </RadixDialog.Close>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
