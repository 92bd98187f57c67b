import { ArrowLeft, CalendarDays, MapPin } from 'lucide-react'
import { installMetaOf } from '#app/features/public/install-links'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, redirect } from 'react-router'
import { ContentViewer } from '#app/features/galleries/fans/components/content-viewer'
import { PublicErrorBoundary, PublicShell } from '#app/features/public/components/public-shell'
import { resolvePlayerCompany } from '#app/access/public-visitor.server'
import { loadPlayer } from '#app/features/galleries/fans/server/load-player.server'
import { DownloadButton } from '#app/features/galleries/downloads/components/download-button'
import { contentDownloadPath } from '#app/features/galleries/downloads/downloads'
import { getDownloadOffers } from '#app/features/galleries/downloads/server/get-download-offers.server'
import { toHttpError } from '#app/lib/errors'
import { visitOf } from '#app/access/visit.server'
import { ShareMenu } from '#app/features/sharing/components/share-menu'
import { buildShareCard } from '#app/features/sharing/server/build-share-card.server'
import { shareMeta } from '#app/features/sharing/share-meta'
import { formatBytes } from '#app/lib/format-bytes'
import { formatDay } from '#app/lib/format-date'
import { getRequestLanguage } from '#app/lib/i18n.server'
import { clientAddress, passRetryAfter } from '#app/lib/rate-limit.server'
import { CommentsSection } from '#app/features/galleries/comments/components/comments-part'
import { revalidateAfterComment } from '#app/features/galleries/comments/revalidate-after-comment'
import { commentAnswer, commentRefusal } from '#app/features/galleries/comments/server/comment-answer.server'
import { issueCommentFormToken } from '#app/features/galleries/comments/server/comment-form-token.server'
import { findPublicComments } from '#app/features/galleries/comments/server/find-public-comments.server'
import { submitComment } from '#app/features/galleries/comments/server/submit-comment.server'
import { useFanTracking } from '#app/features/analytics/use-fan-tracking'
import { LikeButton } from '#app/features/analytics/components/like-button'
import type { Route } from './+types/player'
import { readForm } from '#app/lib/read-form.server'
import { knockOfRequest } from '#app/lib/refusal-door.server'

export async function loader({ params, request }: Route.LoaderArgs) {
  try {
    const visit = await visitOf(request)
    const context = await resolvePlayerCompany(visit, params)
    const found = await loadPlayer(context, params.contentId)
    if (found.moved) throw redirect(found.to)
    const { page } = found
    const downloads = await getDownloadOffers(context, [page.item.id])
    const share = await buildShareCard(
      visit,
      {
        kind: 'content',
        id: page.item.id,
        company: page.company,
        path: `/player/${page.item.id}`,
        title: page.item.title,
        description: page.item.description,
        type: page.file?.mediaType === 'video' ? 'video.other' : 'website',
      },
      context,
    )
    const comments = await findPublicComments(context, page.item.id, getRequestLanguage(request))
    return {
      ...page,
      downloads,
      share,
      comments,
      commentToken: issueCommentFormToken(),
      meta: [
        ...shareMeta(share, { documentTitle: `${page.item.title} · ${page.company.name}` }),
        ...installMetaOf(context),
      ],
    }
  } catch (error) {
    throw toHttpError(error)
  }
}

/** A fan's comment on the item, the page's only form (views are counted from fans' events by the analytics). */
export async function action({ params, request }: Route.ActionArgs) {
  try {
    const knock = knockOfRequest(request)
    const unread = commentRefusal(knock)
    if (unread) return unread
    const form = await readForm(request)
    const refused = commentRefusal(knock, form)
    if (refused) return refused
    const visit = await visitOf(request)
    const context = await resolvePlayerCompany(visit, params)
    return commentAnswer(await submitComment(context, visit, form, { clientAddress: clientAddress(request) }))
  } catch (error) {
    throw toHttpError(error)
  }
}

export const shouldRevalidate = revalidateAfterComment

/** A refused flood of comments tells the client when to come back. */
export const headers = passRetryAfter

export const meta: Route.MetaFunction = ({ data }) =>
  data?.meta ?? [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

// Moving here from another page, the comments arrive with the page's data, not after it.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), CommentsSection.preload()])
  return loaded
}

export default function Player({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { company, basePath, item, file, poster, event, downloads, share, comments, commentToken } = loaderData
  const offer = downloads.items[item.id]
  useFanTracking({ companyId: company.id, page: 'player', contentId: item.id })

  const date = item.happenedOn ? formatDay(item.happenedOn, i18n.language) : null
  return (
    <PublicShell company={company} basePath={basePath}>
      <article className="mx-auto max-w-5xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <Link
          to={event ? `${basePath}/evento/${event.slug}` : basePath || '/'}
          className="inline-flex items-center gap-1.5 text-sm text-ink-muted hover:text-ink"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {event ? t('public.player.backToEvent', { event: event.title }) : t('public.backToHome')}
        </Link>
        <div className="mt-4">
          <ContentViewer file={file} poster={poster} title={item.title} />
        </div>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-4xl">{item.title}</h1>
            {date || item.location ? (
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-ink-muted">
                {date ? (
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays aria-hidden className="size-4" />
                    {date}
                  </span>
                ) : null}
                {item.location ? (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden className="size-4" />
                    {item.location}
                  </span>
                ) : null}
              </p>
            ) : null}
            {item.description ? (
              <p className="mt-4 max-w-2xl whitespace-pre-line text-ink-muted">{item.description}</p>
            ) : null}
            {event ? (
              <p className="mt-4 text-sm text-ink-muted">
                {t('public.player.fromEvent')}{' '}
                <Link
                  to={`${basePath}/evento/${event.slug}`}
                  className="font-medium text-accent hover:underline"
                  data-testid="player-event-link"
                >
                  {event.title}
                </Link>
              </p>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:items-end" data-slot="download">
            {offer ? (
              <DownloadButton
                href={contentDownloadPath(item.id)}
                leadRequired={offer.requireLead}
                companyName={company.name}
                privacyHref={downloads.privacyHref}
                label={t('downloads.withSize', {
                  label: t('downloads.action'),
                  size: formatBytes(offer.sizeBytes, i18n.language),
                })}
                size="lg"
                className="w-full sm:w-auto"
              >
                {t('downloads.action')}
                <span className="font-normal">· {formatBytes(offer.sizeBytes, i18n.language)}</span>
              </DownloadButton>
            ) : null}
            <LikeButton companyId={company.id} contentId={item.id} className="justify-center" />
            <ShareMenu url={share.url} title={share.title} className="justify-center" />
          </div>
        </div>
      </article>
      <CommentsSection
        contentId={item.id}
        comments={comments.comments}
        moderated={comments.moderated}
        companyName={company.name}
        formToken={commentToken}
      />
    </PublicShell>
  )
}

export function ErrorBoundary() {
  return <PublicErrorBoundary fallback="content" />
}
