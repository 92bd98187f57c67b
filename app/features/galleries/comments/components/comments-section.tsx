import { ChevronDown, MessageCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import type { CommentFormResponse, PublicComment } from '../comments.schema'
import CommentsThread, { commentAnswerOf } from './comments-thread'

/*
 * Comments under a gallery or a single item: the heading, the comments and the form
 * (comments-thread.tsx). Pages take this whole part through comments-part.ts: it is in the page's
 * HTML, and fetched as a script of its own when the fan reaches for it, so a fan who came for the
 * photos does not download a form first.
 */

export type CommentsSectionProps = {
  contentId: string
  comments: PublicComment[]
  /** New comments wait for the company's approval. */
  moderated: boolean
  companyName: string
  /** A start time for the form, signed by the server (see comment-form-token.server.ts). */
  formToken: string
  /** Folded under a summary line until the fan opens it (galleries, whose photos keep coming below). */
  collapsible?: boolean
}

export function CommentsSection({ collapsible = false, ...thread }: CommentsSectionProps) {
  const { t } = useTranslation()
  const { contentId, comments } = thread
  const fetcher = useFetcher<CommentFormResponse>({ key: `comment-${contentId}` })
  const actionData = useActionData()
  // Open when the page answers a comment (without JavaScript the answer is a new page).
  const [open, setOpen] = useState(() => Boolean(commentAnswerOf(fetcher.data, actionData)))
  // Opened before this script arrived (the page's HTML opens it on its own): React keeps the DOM's state, the component follows it.
  const details = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    if (details.current?.open) setOpen(true)
  }, [])

  const heading = (
    <>
      <MessageCircle aria-hidden className="size-5 shrink-0 text-accent" />
      {t('comments.title')}
      {comments.length > 0 ? <span className="text-base font-normal text-ink-muted">({comments.length})</span> : null}
    </>
  )
  const content = <CommentsThread {...thread} />

  if (collapsible) {
    // Galleries grow as the fan scrolls, so their comments sit above the photos, folded: a native
    // disclosure, which works with the keyboard and without JavaScript.
    return (
      <details
        ref={details}
        id="comments"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group mx-auto max-w-6xl px-4 sm:px-6"
        data-testid="comments"
      >
        <summary
          className="flex min-h-11 w-full cursor-pointer list-none items-center gap-2 rounded-xl border border-line/70 bg-surface-muted/40 px-4 py-2 text-base font-semibold hover:bg-surface-muted/70 focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none sm:w-auto sm:inline-flex [&::-webkit-details-marker]:hidden"
          data-testid="comments-toggle"
        >
          {heading}
          <span className="ml-auto min-w-0 truncate pl-2 text-sm font-normal text-ink-muted sm:ml-3">
            {comments.length > 0 ? t('comments.read') : t('comments.leave')}
          </span>
          <ChevronDown
            aria-hidden
            className="size-4 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="mx-auto max-w-3xl pt-2 pb-6">{content}</div>
      </details>
    )
  }

  return (
    <section
      id="comments"
      aria-labelledby={`comments-title-${contentId}`}
      className="mx-auto max-w-3xl px-4 py-10 sm:px-6"
      data-testid="comments"
    >
      <h2 id={`comments-title-${contentId}`} className="flex items-center gap-2 text-xl font-semibold">
        {heading}
      </h2>
      {content}
    </section>
  )
}
