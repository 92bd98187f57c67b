import { ChevronLeft, ChevronRight, ListMusic } from 'lucide-react'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { chapterDownloadPath } from '#app/features/galleries/downloads/downloads'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { useTranslation } from '#app/lib/react-i18n'
import type { FanChapter, GalleryChapters } from '../server/load-gallery-chapters.server'

export type SetlistChaptersProps = {
  setlist: GalleryChapters
  galleryId: string
  galleryTitle: string
  /** The gallery's address for everyone (link previews); a chapter's link adds `?chapter=`. */
  shareUrl: string
  /** The gallery's download offer, when it has one: a chapter's ZIP follows the same rules. */
  download: { leadRequired: boolean; companyName: string; privacyHref: string } | null
}

const chapterHref = (chapter: FanChapter) => `?chapter=${chapter.key}#setlist`

/**
 * The fans' set-list: a chapter menu (a native disclosure of links, so keyboards, screen readers
 * and phones work without script) and, on a chapter's page, its heading, its ZIP, its link to
 * share and the songs before and after it.
 */
export function SetlistChapters({ setlist, galleryId, galleryTitle, shareUrl, download }: SetlistChaptersProps) {
  const { t } = useTranslation()
  const { chapters, current } = setlist
  const name = (chapter: FanChapter) =>
    chapter.number === null
      ? t('setlistFans.more')
      : t('setlistFans.chapterName', { number: chapter.number, title: chapter.title })
  const songs = chapters.filter((chapter) => chapter.number !== null).length
  const index = current ? chapters.findIndex((chapter) => chapter.key === current.key) : -1
  const previous = index > 0 ? chapters[index - 1] : null
  const next = index >= 0 && index + 1 < chapters.length ? chapters[index + 1] : null
  const downloadLabel = current?.number === null ? t('setlistFans.downloadMore') : t('setlistFans.download')
  const chapterUrl = current ? `${shareUrl}${shareUrl.includes('?') ? '&' : '?'}chapter=${current.key}` : shareUrl

  return (
    <div id="setlist" className="mx-auto max-w-6xl scroll-mt-28 px-4 pt-4 sm:px-6" data-testid="setlist-chapters">
      <details className="group rounded-xl border border-line bg-surface" open={!current}>
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 py-2 font-medium marker:hidden focus-visible:rounded-xl focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none">
          <ListMusic aria-hidden className="size-4 shrink-0" />
          <span>{t('setlistFans.menu')}</span>
          <span className="text-sm font-normal text-ink-muted">· {t('setlistFans.songs', { count: songs })}</span>
          <ChevronRight aria-hidden className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-90" />
        </summary>
        <nav aria-label={t('setlistFans.navLabel')} className="border-t border-line px-2 py-2">
          <ol className="grid gap-0.5 sm:grid-cols-2 lg:grid-cols-3">
            {chapters.map((chapter) => (
              <li key={chapter.key}>
                <a
                  href={chapterHref(chapter)}
                  aria-current={chapter.key === current?.key ? 'page' : undefined}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none aria-[current=page]:bg-surface-muted aria-[current=page]:font-semibold"
                >
                  <span className="min-w-0 truncate">{name(chapter)}</span>
                  <span className="shrink-0 tabular-nums text-ink-muted">{chapter.count}</span>
                </a>
              </li>
            ))}
          </ol>
          {current ? (
            <a
              href="?#setlist"
              className="mt-1 flex min-h-11 items-center rounded-lg px-3 text-sm text-ink-muted hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
            >
              {t('setlistFans.whole')}
            </a>
          ) : null}
        </nav>
      </details>
      {current ? (
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h2 className="text-2xl font-semibold tracking-tight" data-testid="chapter-heading">
              {name(current)}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{t('setlistFans.items', { count: current.count })}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {download && current.count > 0 ? (
              <DownloadButton
                href={chapterDownloadPath(galleryId, current.key)}
                leadRequired={download.leadRequired}
                companyName={download.companyName}
                privacyHref={download.privacyHref}
                label={downloadLabel}
                variant="secondary"
                className="w-full sm:w-auto"
              >
                {downloadLabel}
              </DownloadButton>
            ) : null}
            <ShareMenu
              url={chapterUrl}
              title={`${name(current)} · ${galleryTitle}`}
              label={current.number === null ? t('setlistFans.shareMore') : t('setlistFans.share')}
              className="rounded-[var(--radius-ui)] bg-surface"
            />
          </div>
        </div>
      ) : null}
      {current && current.count === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-line p-10 text-center text-ink-muted">
          {t('setlistFans.empty')}
        </p>
      ) : null}
      {current && (previous || next) ? (
        <div className="mt-4 flex justify-between gap-2 text-sm" data-testid="chapter-steps">
          {previous ? (
            <a
              href={chapterHref(previous)}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
              rel="prev"
            >
              <ChevronLeft aria-hidden className="size-4" />
              <span className="sr-only">{t('setlistFans.previous')}: </span>
              {name(previous)}
            </a>
          ) : (
            <span />
          )}
          {next ? (
            <a
              href={chapterHref(next)}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-right hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
              rel="next"
            >
              <span className="sr-only">{t('setlistFans.next')}: </span>
              {name(next)}
              <ChevronRight aria-hidden className="size-4" />
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
