import { Maximize, Pause, Play, Shuffle } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { cn } from '#app/lib/cn'
import { LIVE_POLL_MS, WALL_PHOTOS, type LivePhoto } from '../live.schema'
import { useLiveStream } from '../use-live-stream'

/** How long each photo stays, and how long two photos cross-fade. */
const SLIDE_MS = 7000
const FADE_MS = 1200
/** Controls fade out after this long without the mouse moving. */
const CONTROLS_IDLE_MS = 3000
const HISTORY_MAX = 50

type WallProps = {
  streamUrl: string
  cursor: number
  photos: LivePhoto[]
  company: { name: string; logo: string | null }
  gallery: { title: string; url: string }
  qrSvg: string
}

/** The rendition that fills the screen without sending more pixels than it has. */
function sourceFor(photo: LivePhoto, screenWidth: number) {
  const sources = photo.media.sources
  const wanted = sources.find((source) => source.width >= screenWidth) ?? sources.at(-1)
  return wanted ? `/p/${photo.media.id}/${wanted.name}.webp` : null
}

/**
 * The venue wall (ADR 058): approved photos one after another, cross-faded with opacity alone (a
 * TV's browser has no GPU to spare), in order or shuffled, looping; a photo approved during the
 * show is shown next. Two <img> elements and at most WALL_PHOTOS photo descriptions, whatever
 * the hours: nothing grows while it runs.
 */
export function WallShow({ streamUrl, cursor, photos, company, gallery, qrSvg }: WallProps) {
  const { t } = useTranslation()
  const pool = useRef<LivePhoto[]>(photos.filter((photo) => photo.media.mediaType === 'image'))
  const fresh = useRef<LivePhoto[]>([])
  const history = useRef<LivePhoto[]>([])
  const position = useRef(-1)
  const [layers, setLayers] = useState<[string | null, string | null]>([null, null])
  const [front, setFront] = useState<0 | 1>(0)
  const [playing, setPlaying] = useState(true)
  const [shuffle, setShuffle] = useState(false)
  const [controls, setControls] = useState(true)
  const [count, setCount] = useState(pool.current.length)
  const [currentId, setCurrentId] = useState<string | null>(null)
  const shuffleRef = useRef(shuffle)
  shuffleRef.current = shuffle

  const show = useCallback((photo: LivePhoto) => {
    const src = sourceFor(photo, Math.round(window.innerWidth * Math.min(window.devicePixelRatio || 1, 2)))
    if (!src) return
    setCurrentId(photo.media.id)
    // The hidden layer takes the next photo; it fades in once it has loaded (see onLoad).
    setFront((shown) => {
      const back = shown === 0 ? 1 : 0
      setLayers((current) => (back === 0 ? [src, current[1]] : [current[0], src]))
      return shown
    })
  }, [])

  const advance = useCallback(
    (step: 1 | -1 = 1) => {
      if (step === -1) {
        history.current.pop()
        const previous = history.current.at(-1)
        if (previous) show(previous)
        return
      }
      const list = pool.current
      let next = fresh.current.shift()
      if (!next && list.length > 0) {
        if (shuffleRef.current && list.length > 1) {
          let pick = position.current
          while (pick === position.current) pick = Math.floor(Math.random() * list.length)
          position.current = pick
        } else {
          position.current = (position.current + 1) % list.length
        }
        next = list[position.current]
      }
      if (!next) return
      history.current.push(next)
      if (history.current.length > HISTORY_MAX) history.current.shift()
      show(next)
    },
    [show],
  )

  useLiveStream(streamUrl, cursor, LIVE_POLL_MS, (photo) => {
    if (photo.media.mediaType !== 'image') return
    pool.current.push(photo)
    if (pool.current.length > WALL_PHOTOS) {
      pool.current.shift()
      position.current = Math.max(-1, position.current - 1)
    }
    fresh.current.push(photo)
    if (fresh.current.length > WALL_PHOTOS) fresh.current.shift()
    setCount(pool.current.length)
    // A wall waiting on an empty gallery shows its first photo at once.
    if (history.current.length === 0) advance()
  })

  useEffect(() => {
    advance()
  }, [advance])

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => advance(), SLIDE_MS)
    return () => clearInterval(timer)
  }, [playing, advance])

  const fullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    else void document.documentElement.requestFullscreen?.().catch(() => undefined)
  }, [])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.target instanceof HTMLElement &&
        event.target.closest('button') &&
        (event.key === ' ' || event.key === 'Enter')
      )
        return
      if (event.key === ' ') {
        event.preventDefault()
        setPlaying((now) => !now)
      } else if (event.key === 'ArrowRight') advance(1)
      else if (event.key === 'ArrowLeft') advance(-1)
      else if (event.key === 'f' || event.key === 'F') fullscreen()
      else if (event.key === 's' || event.key === 'S') setShuffle((now) => !now)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [advance, fullscreen])

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const wake = () => {
      setControls(true)
      clearTimeout(timer)
      timer = setTimeout(() => setControls(false), CONTROLS_IDLE_MS)
    }
    wake()
    window.addEventListener('mousemove', wake)
    window.addEventListener('keydown', wake)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('mousemove', wake)
      window.removeEventListener('keydown', wake)
    }
  }, [])

  return (
    <main
      className={cn('fixed inset-0 overflow-hidden bg-black text-white', !controls && 'cursor-none')}
      data-testid="wall"
      data-current={currentId ?? ''}
      data-photos={count}
    >
      <h1 className="sr-only">{t('live.wall.pageTitle', { title: gallery.title, company: company.name })}</h1>
      {layers.map((src, index) =>
        src ? (
          <img
            key={index}
            src={src}
            alt=""
            onLoad={() => setFront(index as 0 | 1)}
            className="absolute inset-0 size-full object-contain"
            style={{ opacity: front === index ? 1 : 0, transition: `opacity ${FADE_MS}ms linear` }}
            data-testid={front === index ? 'wall-photo' : undefined}
          />
        ) : null,
      )}
      {count === 0 ? (
        <p className="absolute inset-0 flex items-center justify-center p-8 text-center text-2xl text-white/80">
          {t('live.wall.waiting')}
        </p>
      ) : null}
      <div className="absolute top-6 left-6 flex items-center gap-3 rounded-xl bg-black/55 px-4 py-3">
        {company.logo ? (
          <img src={company.logo} alt="" width={48} height={48} className="size-12 rounded-md object-cover" />
        ) : null}
        <div>
          <p className="text-lg font-semibold">{company.name}</p>
          <p className="text-sm text-white/80">{gallery.title}</p>
        </div>
      </div>
      <a
        href={gallery.url}
        className="absolute right-4 bottom-4 flex flex-col items-center gap-2 rounded-xl bg-white p-2 text-center text-black sm:right-6 sm:bottom-6 sm:p-3"
        data-testid="wall-qr"
      >
        {/* Drawn by the server from the gallery's address alone (no outside input). */}
        <span
          className="block size-20 sm:size-32 lg:size-40 [&>svg]:size-full"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <span className="max-w-20 text-xs font-semibold sm:max-w-40">{t('live.wall.scan')}</span>
      </a>
      <div
        className={cn(
          'absolute bottom-4 left-4 flex gap-2 transition-opacity duration-300 sm:bottom-6 sm:left-6',
          controls ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      >
        <button
          type="button"
          onClick={fullscreen}
          className="flex h-11 items-center gap-2 rounded-lg bg-white/90 px-4 font-semibold text-black"
          data-testid="wall-present"
        >
          <Maximize aria-hidden className="size-4" />
          {t('live.wall.present')}
        </button>
        <button
          type="button"
          onClick={() => setPlaying((now) => !now)}
          className="flex size-11 items-center justify-center rounded-lg bg-white/20"
          aria-label={playing ? t('live.wall.pause') : t('live.wall.play')}
        >
          {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
        </button>
        <button
          type="button"
          onClick={() => setShuffle((now) => !now)}
          className={cn(
            'flex size-11 items-center justify-center rounded-lg',
            shuffle ? 'bg-white text-black' : 'bg-white/20',
          )}
          aria-pressed={shuffle}
          aria-label={t('live.wall.shuffle')}
        >
          <Shuffle aria-hidden className="size-5" />
        </button>
        <p className="hidden self-center text-xs text-white/70 lg:block">{t('live.wall.keys')}</p>
      </div>
    </main>
  )
}
