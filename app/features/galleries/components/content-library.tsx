import { Calendar, Check, Download, Eye, Files, Film, ImageIcon, MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { cn } from '#app/lib/cn'
import type { LibraryItem } from '../server/list-content.server'
import { editorLinkState } from './editor-content-kind'
import { StatusBadge } from './status-badge'

type ItemProps = { item: LibraryItem; selected: boolean; onToggle: (id: string) => void; selectable: boolean }

/** The cover fans see, or what the item is when it has none yet. */
function Cover({ item, className }: { item: LibraryItem; className?: string }) {
  const { t } = useTranslation()
  if (item.coverAssetId) {
    const id = item.coverAssetId
    return (
      <img
        src={`/media/${id}/w400.webp`}
        alt=""
        loading="lazy"
        className={cn('size-full object-cover', className)}
        // An uploaded cover shows from its original until its web size is made.
        onError={(event) => {
          const image = event.currentTarget
          if (!image.src.endsWith('/original')) image.src = `/media/${id}/original`
        }}
      />
    )
  }
  const Icon = item.kind === 'gallery' ? ImageIcon : Files
  return (
    <div
      className={cn(
        'flex size-full flex-col items-center justify-center gap-1 bg-surface-muted text-ink-muted',
        className,
      )}
    >
      <Icon aria-hidden className="size-6" />
      <span className="sr-only">{t('studio.library.noCover')}</span>
    </div>
  )
}

function SelectBox({ item, selected, onToggle }: Omit<ItemProps, 'selectable'>) {
  const { t } = useTranslation()
  return (
    <label className="relative grid size-11 cursor-pointer place-items-center">
      <input
        type="checkbox"
        checked={selected}
        onChange={() => onToggle(item.id)}
        aria-label={t('studio.library.select', { title: item.title })}
        className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        data-testid="select-item"
      />
      <span
        aria-hidden
        className="grid size-6 place-items-center rounded-md border-2 border-white bg-black/35 text-white shadow peer-checked:border-accent peer-checked:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-focus-visible:ring-offset-2"
      >
        {selected ? <Check className="size-4" /> : null}
      </span>
    </label>
  )
}

/** A cover card: picture first, then title, type, status, event and counts. */
export function LibraryCard({ item, selected, onToggle, selectable }: ItemProps) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <li
      className={cn(
        'group relative overflow-hidden rounded-xl border bg-surface transition-shadow hover:shadow-md',
        selected ? 'border-accent ring-2 ring-accent' : 'border-line',
      )}
      data-testid="content-card"
      data-content-id={item.id}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-surface-muted">
        <Cover item={item} className="transition-transform duration-200 group-hover:scale-[1.02]" />
        <span className="absolute right-2 bottom-2 inline-flex items-center gap-1 rounded bg-black/65 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
          {item.kind === 'gallery' ? (
            <ImageIcon aria-hidden className="size-3.5" />
          ) : (
            <Film aria-hidden className="size-3.5" />
          )}
          {t('studio.library.files', { count: item.mediaCount })}
        </span>
      </div>
      {selectable ? (
        <div
          className={cn(
            'absolute top-1 left-1 z-10',
            selected ? '' : 'sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
          )}
        >
          <SelectBox item={item} selected={selected} onToggle={onToggle} />
        </div>
      ) : null}
      <div className="space-y-1.5 p-3">
        <div className="flex items-start justify-between gap-2">
          {/* The title's link covers the card: the whole card opens the editor. */}
          <Link
            to={`/admin/content/${item.id}`}
            state={editorLinkState(item.kind)}
            className="min-w-0 font-medium after:absolute after:inset-0 hover:underline"
          >
            <span className="line-clamp-2">{item.title}</span>
          </Link>
          <StatusBadge status={item.status} />
        </div>
        <p className="truncate text-xs text-ink-muted">
          {t(`content.kinds.${item.kind}`)}
          {item.eventTitle ? (
            <>
              {' · '}
              <Calendar aria-hidden className="inline size-3 align-[-1px]" /> {item.eventTitle}
            </>
          ) : null}
        </p>
        <p className="flex gap-3 text-xs text-ink-muted tabular-nums">
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden className="size-3.5" />
            {t('content.counts.views', { count: item.viewCount })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Download aria-hidden className="size-3.5" />
            {t('content.counts.downloads', { count: item.downloadCount })}
          </span>
          {item.commentCount > 0 ? (
            <span className="inline-flex items-center gap-1">
              <MessageSquare aria-hidden className="size-3.5" />
              {number.format(item.commentCount)}
              <span className="sr-only">{t('content.columns.comments')}</span>
            </span>
          ) : null}
        </p>
      </div>
    </li>
  )
}

/** A compact row for bookkeeping: a small cover, title, type, event, status and the numbers. */
export function LibraryRow({ item, selected, onToggle, selectable }: ItemProps) {
  const { t, i18n } = useTranslation()
  const { date } = useDateFormat()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <li
      className={cn(
        'relative flex items-center gap-2 px-2 py-2 sm:gap-3 sm:px-3',
        selected ? 'bg-accent/5' : 'hover:bg-surface-muted',
      )}
      data-testid="content-row"
      data-content-id={item.id}
    >
      {selectable ? (
        <div className="relative z-10 [&_span]:border-line [&_span]:bg-surface [&_span]:text-accent-foreground [&_span]:shadow-none">
          <SelectBox item={item} selected={selected} onToggle={onToggle} />
        </div>
      ) : null}
      <div className="size-12 shrink-0 overflow-hidden rounded-md">
        <Cover item={item} />
      </div>
      <div className="min-w-0 flex-1">
        <Link
          to={`/admin/content/${item.id}`}
          state={editorLinkState(item.kind)}
          className="block truncate font-medium after:absolute after:inset-0 hover:underline"
        >
          {item.title}
        </Link>
        <p className="truncate text-xs text-ink-muted">
          {t(`content.kinds.${item.kind}`)}
          {item.eventTitle ? ` · ${item.eventTitle}` : ''}
          <span className="sm:hidden"> · {t('studio.library.files', { count: item.mediaCount })}</span>
        </p>
      </div>
      <StatusBadge status={item.status} />
      <dl className="hidden shrink-0 grid-flow-col gap-4 text-right text-sm tabular-nums md:grid">
        <div className="w-14">
          <dt className="text-xs text-ink-muted">{t('content.columns.media')}</dt>
          <dd>{number.format(item.mediaCount)}</dd>
        </div>
        <div className="w-14">
          <dt className="text-xs text-ink-muted">{t('content.columns.views')}</dt>
          <dd>{number.format(item.viewCount)}</dd>
        </div>
        <div className="w-16">
          <dt className="text-xs text-ink-muted">{t('content.columns.downloads')}</dt>
          <dd>{number.format(item.downloadCount)}</dd>
        </div>
        <div className="w-16">
          <dt className="text-xs text-ink-muted">{t('content.columns.comments')}</dt>
          <dd>{number.format(item.commentCount)}</dd>
        </div>
        {/* A date's width in the longest language ("4 de dez. de 2026"), on one line. */}
        <div className="w-32">
          <dt className="text-xs text-ink-muted">{t('content.columns.updated')}</dt>
          <dd className="whitespace-nowrap text-ink-muted">{date(item.updatedAt)}</dd>
        </div>
      </dl>
    </li>
  )
}
