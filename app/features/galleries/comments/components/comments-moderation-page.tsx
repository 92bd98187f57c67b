import { Check, EyeOff, Loader2, MessageSquare, Trash2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link, useFetcher, useNavigation } from 'react-router'
import { Button, buttonClasses } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { Switch } from '#app/components/ui/switch'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { COMMENT_STATUSES, type CommentStatus } from '../comments.schema'
import type { CommentListItem } from '../server/find-comments.server'
import { pageWidth } from '#app/components/page-width'

export type CommentsModerationPageProps = {
  comments: CommentListItem[]
  counts: Record<CommentStatus, number>
  status: CommentStatus
  page: number
  pageCount: number
  autoApprove: boolean
  canChangeSettings: boolean
}

/** The company's moderation of fans' comments: one status at a time, approve, hide or delete. */
export function CommentsModerationPage({
  comments,
  counts,
  status,
  page,
  pageCount,
  autoApprove,
  canChangeSettings,
}: CommentsModerationPageProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const remover = useFetcher<ActionResult>({ key: 'comment-delete' })
  const [toDelete, setToDelete] = useState<CommentListItem | null>(null)
  useOutcomeToast(remover.data)
  useEffect(() => {
    if (remover.data) setToDelete(null)
  }, [remover.data])
  const number = new Intl.NumberFormat(i18n.language)
  const isLoading = navigation.state === 'loading' && navigation.location?.pathname === '/admin/comments'

  return (
    <div className={`${pageWidth('wide')} space-y-6`}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('commentModeration.title')}</h1>
          <p className="mt-1 max-w-2xl text-sm text-ink-muted">{t('commentModeration.subtitle')}</p>
        </div>
        <AutoApproveSwitch enabled={autoApprove} canChange={canChangeSettings} />
      </div>

      <nav
        aria-label={t('commentModeration.filters.label')}
        className="-mx-1 flex gap-1 overflow-x-auto px-1"
        data-testid="comment-filters"
      >
        {COMMENT_STATUSES.map((option) => (
          <Link
            key={option}
            to={option === 'pending' ? '/admin/comments' : `/admin/comments?status=${option}`}
            replace
            aria-current={option === status ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium sm:gap-2 sm:px-4',
              option === status
                ? 'border-accent bg-accent/10 text-ink'
                : 'border-line text-ink-muted hover:bg-surface-muted hover:text-ink',
            )}
          >
            {t(`commentModeration.filters.${option}`)}
            <span
              className="rounded-full bg-surface-muted px-2 py-0.5 text-xs tabular-nums"
              data-testid={`comment-count-${option}`}
            >
              {number.format(counts[option])}
            </span>
          </Link>
        ))}
        {isLoading ? (
          <span className="inline-flex items-center px-2" role="status" aria-label={t('commentModeration.loading')}>
            <Loader2 aria-hidden className="size-4 animate-spin text-accent" />
          </span>
        ) : null}
      </nav>

      {comments.length === 0 ? (
        <section
          className="rounded-xl border border-dashed border-line bg-surface p-10 text-center"
          data-testid="comments-empty"
        >
          <MessageSquare aria-hidden className="mx-auto size-8 text-accent" />
          <h2 className="mt-3 font-semibold">{t(`commentModeration.empty.${status}`)}</h2>
          {status === 'pending' ? (
            <p className="mx-auto mt-1 max-w-lg text-sm text-ink-muted">{t('commentModeration.empty.pendingText')}</p>
          ) : null}
        </section>
      ) : (
        <ul
          className={cn('space-y-3 transition-opacity duration-150', isLoading && 'pointer-events-none opacity-60')}
          aria-busy={isLoading}
          data-testid="comment-rows"
        >
          {comments.map((comment) => (
            <CommentRow key={comment.id} comment={comment} onDelete={setToDelete} />
          ))}
        </ul>
      )}

      {pageCount > 1 ? (
        <nav aria-label={t('commentModeration.pages')} className="flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link className={buttonClasses('secondary', 'md')} to={`/admin/comments?status=${status}&page=${page - 1}`}>
              {t('commentModeration.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-ink-muted tabular-nums">
            {t('commentModeration.pageOf', { page: number.format(page), pages: number.format(pageCount) })}
          </span>
          {page < pageCount ? (
            <Link className={buttonClasses('secondary', 'md')} to={`/admin/comments?status=${status}&page=${page + 1}`}>
              {t('commentModeration.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title={t('commentModeration.delete.title')}
        description={toDelete ? t('commentModeration.delete.description', { name: toDelete.name }) : ''}
        confirmLabel={
          remover.state === 'idle' ? t('commentModeration.delete.confirm') : t('commentModeration.delete.deleting')
        }
        cancelLabel={t('common.cancel')}
        tone="danger"
        busy={remover.state !== 'idle'}
        onConfirm={() => {
          if (toDelete)
            void remover.submit(
              { intent: 'delete', commentId: toDelete.id },
              { method: 'post', action: '/admin/comments' },
            )
        }}
      />
    </div>
  )
}

/** One comment with what it is on and the decisions that apply to its status. */
function CommentRow({ comment, onDelete }: { comment: CommentListItem; onDelete: (comment: CommentListItem) => void }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  const busy = fetcher.state !== 'idle'
  const date = useDateFormat().dateTime(comment.createdAt)
  return (
    <li
      className="rounded-xl border border-line bg-surface p-4 sm:p-5"
      data-testid="comment-row"
      data-comment-id={comment.id}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-ink">{comment.name}</span>
            {comment.email ? (
              <a href={`mailto:${comment.email}`} className="break-all text-ink-muted hover:text-ink hover:underline">
                {comment.email}
              </a>
            ) : null}
          </p>
          <p className="text-xs text-ink-muted">
            <time dateTime={comment.createdAt}>{date}</time>
            {' · '}
            {t('commentModeration.on')}{' '}
            <Link to={`/admin/content/${comment.content.id}`} className="font-medium text-accent hover:underline">
              {comment.content.title}
            </Link>
          </p>
        </div>
        <fetcher.Form method="post" action="/admin/comments" className="flex shrink-0 flex-wrap gap-2">
          <input type="hidden" name="commentId" value={comment.id} />
          {comment.status !== 'approved' ? (
            <Button
              type="submit"
              name="intent"
              value="approve"
              size="md"
              disabled={busy}
              className="min-h-11 flex-1 sm:flex-none"
              data-testid="comment-approve"
            >
              <Check aria-hidden className="size-4" />
              {t('commentModeration.actions.approve')}
            </Button>
          ) : null}
          {comment.status !== 'hidden' ? (
            <Button
              type="submit"
              name="intent"
              value="hide"
              variant="secondary"
              size="md"
              disabled={busy}
              className="min-h-11 flex-1 sm:flex-none"
              data-testid="comment-hide"
            >
              <EyeOff aria-hidden className="size-4" />
              {t('commentModeration.actions.hide')}
            </Button>
          ) : null}
          <Button
            variant="danger-ghost"
            size="md"
            disabled={busy}
            onClick={() => onDelete(comment)}
            className="min-h-11 flex-1 sm:flex-none"
            data-testid="comment-delete"
          >
            <Trash2 aria-hidden className="size-4" />
            {t('commentModeration.actions.delete')}
          </Button>
        </fetcher.Form>
      </div>
      <p className="mt-3 break-words whitespace-pre-line text-ink">{comment.body}</p>
    </li>
  )
}

/** Whether comments go live without review: admins switch it, others see how it is set. */
function AutoApproveSwitch({ enabled, canChange }: { enabled: boolean; canChange: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>({ key: 'comments-auto-approve' })
  useOutcomeToast(fetcher.data)
  const labelId = useId()
  const hintId = useId()
  // Shown as asked at once; the page's data catches up after the save (or puts it back).
  const pending = fetcher.formData?.get('enabled')
  const checked = pending ? pending === 'on' : enabled
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4 lg:max-w-md"
      data-testid="auto-approve"
    >
      <Switch
        checked={checked}
        disabled={!canChange || fetcher.state !== 'idle'}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onCheckedChange={(next) =>
          void fetcher.submit(
            { intent: 'auto-approve', enabled: next ? 'on' : 'off' },
            { method: 'post', action: '/admin/comments' },
          )
        }
        data-testid="auto-approve-switch"
      />
      <div className="text-sm">
        <p id={labelId} className="font-medium text-ink">
          {t('commentModeration.autoApprove.label')}
        </p>
        <p id={hintId} className="text-ink-muted">
          {checked ? t('commentModeration.autoApprove.on') : t('commentModeration.autoApprove.off')}
          {canChange ? null : ` ${t('commentModeration.autoApprove.adminOnly')}`}
        </p>
      </div>
    </div>
  )
}
