import { BellRing, Check } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button'
import { LeadCaptureFields } from '#app/features/leads/components/lead-capture-fields'
import { srcSetOf } from '#app/features/galleries/fans/tiles-markup'
import { useTranslation } from '#app/lib/react-i18n'
import { LIVE_POLL_MS, type LivePhoto } from '../live.schema'
import { useLiveStream } from '../use-live-stream'

/** Photos kept in the strip: the newest; older ones are in the gallery below after a reload. */
const STRIP_MAX = 60

type FollowAnswer = { ok: true; message: string } | { ok: false; errors: Record<string, string[]> }

/**
 * A live gallery's strip of photos as they are approved (ADR 057), newest first, starting with the
 * newest the page was rendered with. Its height is
 * held from the first paint, so nothing on the page moves when photos arrive; once the strip
 * shows photos, newer ones wait behind a "new photos" pill (floating under the header, out of the page's flow) for
 * the fan to bring in. Loaded only on live galleries.
 */
export default function LiveDrop({
  streamUrl,
  cursor,
  initial,
  companyName,
  privacyHref,
}: {
  streamUrl: string
  cursor: number
  initial: LivePhoto[]
  companyName: string
  privacyHref: string
}) {
  const { t } = useTranslation()
  const [shown, setShown] = useState<LivePhoto[]>(initial)
  const [waiting, setWaiting] = useState<LivePhoto[]>([])
  const strip = useRef<HTMLDivElement>(null)
  const showing = useRef<LivePhoto[]>(initial)
  // Each photo comes once (useLiveStream); the first fills the strip's held space, the rest wait for the fan.
  const { ended } = useLiveStream(streamUrl, cursor, LIVE_POLL_MS, (photo) => {
    if (showing.current.length === 0) {
      showing.current = [photo]
      setShown(showing.current)
    } else {
      setWaiting((held) => [photo, ...held])
    }
  })
  const showWaiting = () => {
    showing.current = [...waiting, ...showing.current].slice(0, STRIP_MAX)
    setShown(showing.current)
    setWaiting([])
    strip.current?.scrollTo({ left: 0 })
    strip.current?.scrollIntoView({ block: 'nearest' })
  }

  return (
    <section
      aria-labelledby="live-drop-heading"
      className="mx-auto max-w-6xl px-4 py-4 sm:px-6"
      data-testid="live-drop"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="live-drop-heading" className="flex items-center gap-2 font-semibold">
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
            {ended ? t('live.ended') : t('live.badge')}
          </span>
          {t('live.drop.title')}
        </h2>
      </div>
      <div
        ref={strip}
        className="mt-3 flex h-40 gap-2 overflow-x-auto overflow-y-hidden rounded-xl sm:h-56"
        data-testid="live-strip"
        aria-live="polite"
      >
        {shown.length === 0 ? (
          <p className="flex w-full items-center justify-center rounded-xl border border-dashed border-line px-4 text-center text-sm text-ink-muted">
            {ended ? t('live.drop.endedEmpty') : t('live.drop.empty')}
          </p>
        ) : (
          shown.map(({ media }) => {
            const smallest = media.sources[0]
            const largest = media.sources.at(-1)
            return (
              <a
                key={media.id}
                href={largest ? `/p/${media.id}/${largest.name}.webp` : undefined}
                aria-label={media.altText || media.title || t('live.drop.photo')}
                className="h-full shrink-0 overflow-hidden rounded-lg bg-surface-muted"
                style={{
                  aspectRatio: `${media.width} / ${media.height}`,
                  backgroundImage: media.placeholder ? `url(${media.placeholder})` : undefined,
                  backgroundSize: 'cover',
                }}
                data-testid="live-photo"
              >
                {smallest ? (
                  <img
                    src={`/p/${media.id}/${smallest.name}.webp`}
                    srcSet={srcSetOf(media)}
                    sizes="(min-width: 640px) 340px, 240px"
                    alt=""
                    width={media.width}
                    height={media.height}
                    className="size-full object-cover"
                  />
                ) : null}
              </a>
            )
          })
        )}
      </div>
      {waiting.length > 0 ? (
        <button
          type="button"
          onClick={showWaiting}
          // Under the page's header, where the newest photos come in: at the bottom it sat under the cookie banner on a phone.
          className="fixed top-[4.5rem] left-1/2 z-30 -translate-x-1/2 rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-foreground shadow-lg"
          data-testid="live-new-pill"
        >
          {t('live.drop.newPhotos', { count: waiting.length })}
        </button>
      ) : null}
      {ended ? null : <FollowShow streamUrl={streamUrl} companyName={companyName} privacyHref={privacyHref} />}
    </section>
  )
}

/**
 * "Send me the photos when the show ends": the lead form, opened by the fan (so it moves nothing
 * they did not ask for). Posted with fetch, not a router form: it changes nothing the page shows,
 * so the page is not loaded again (which, after the show ended, would take the strip away mid-read).
 */
function FollowShow({
  streamUrl,
  companyName,
  privacyHref,
}: {
  streamUrl: string
  companyName: string
  privacyHref: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [answer, setAnswer] = useState<FollowAnswer | null>(null)
  const first = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (open) first.current?.querySelector('input')?.focus()
  }, [open])
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    try {
      const response = await fetch(streamUrl, {
        method: 'POST',
        body: new FormData(event.currentTarget),
        headers: { Accept: 'application/json' },
      })
      setAnswer((await response.json()) as FollowAnswer)
    } catch {
      setAnswer({ ok: false, errors: { form: ['errors.generic'] } })
    } finally {
      setBusy(false)
    }
  }
  if (answer?.ok) {
    return (
      <p role="status" className="mt-3 flex items-center gap-2 text-sm" data-testid="live-follow-done">
        <Check aria-hidden className="size-4 text-accent" />
        {answer.message}
      </p>
    )
  }
  if (!open) {
    return (
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)} data-testid="live-follow-open">
        <BellRing aria-hidden className="size-4" />
        {t('live.follow.ask')}
      </Button>
    )
  }
  return (
    <form
      method="post"
      action={streamUrl}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="mt-4 max-w-lg rounded-xl border border-line bg-surface-muted/40 p-5"
      data-testid="live-follow-form"
    >
      <p className="mb-4 text-sm text-ink-muted">{t('live.follow.intro', { company: companyName })}</p>
      <div ref={first}>
        <LeadCaptureFields
          errors={answer && !answer.ok ? answer.errors : {}}
          companyName={companyName}
          privacyHref={privacyHref}
          dataProcessingKey="live.follow.dataProcessing"
        />
      </div>
      <Button type="submit" className="mt-5 w-full sm:w-auto" disabled={busy}>
        {t('live.follow.submit')}
      </Button>
    </form>
  )
}
