import { Camera, ImageUp, Loader2, ScanFace } from 'lucide-react'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { Button } from '#app/components/ui/button'
import { FansSheet } from '#app/components/ui/fans-sheet'
import { useTranslation } from '#app/lib/react-i18n'
import type { FindMeAnswer, SelfieFace } from '../find-me'

type Step =
  | { name: 'intro'; error?: string }
  | { name: 'camera' }
  | { name: 'searching' }
  | { name: 'several'; faces: SelfieFace[] }
  | { name: 'no-face' }
  | { name: 'none' }

export type FindMeDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The gallery's Find me address (`…/galeria/{slug}/find-me`). */
  searchUrl: string
  companyName: string
  privacyHref: string
  /** Called with the set the search found: the page shows it. */
  onFound: (set: string, count: number) => void
  returnFocusTo?: RefObject<HTMLElement | null>
}

/**
 * Find me, the fan's side (ADR 103): what happens to the selfie in plain words, a separate
 * consent (never ticked for them), then the front camera or a photo from the phone. The selfie
 * stays in this page's memory until it is sent, and the server reads it and lets it go; when it
 * shows several faces, the fan taps theirs.
 */
export default function FindMeDialog({
  open,
  onOpenChange,
  searchUrl,
  companyName,
  privacyHref,
  onFound,
  returnFocusTo,
}: FindMeDialogProps) {
  const { t } = useTranslation()
  const [step, setStep] = useState<Step>({ name: 'intro' })
  const [consented, setConsented] = useState(false)
  const [consentError, setConsentError] = useState(false)
  const [selfie, setSelfie] = useState<{ blob: Blob; url: string } | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const consentId = useId()
  // The search is readied on the server while the fan reads what it does.
  useEffect(() => {
    if (open) void fetch(searchUrl, { headers: { Accept: 'application/json' } }).catch(() => undefined)
  }, [open, searchUrl])
  // The selfie's preview is let go with it.
  useEffect(() => () => (selfie ? URL.revokeObjectURL(selfie.url) : undefined), [selfie])

  function changeOpen(value: boolean) {
    if (!value) {
      setStep({ name: 'intro' })
      setSelfie(null)
    }
    onOpenChange(value)
  }

  function needConsent() {
    if (consented) return false
    setConsentError(true)
    document.getElementById(consentId)?.focus()
    return true
  }

  async function search(blob: Blob, face?: number) {
    setStep({ name: 'searching' })
    const body = new FormData()
    body.set('consent', 'on')
    body.set('selfie', blob, 'selfie.jpg')
    if (face !== undefined) body.set('face', String(face))
    try {
      const response = await fetch(searchUrl, { method: 'POST', body, headers: { Accept: 'application/json' } })
      const answer = (await response.json()) as FindMeAnswer & { detail?: string }
      if (!response.ok) return setStep({ name: 'intro', error: answer.detail ?? t('findMe.errors.failed') })
      if (answer.status === 'found') {
        onFound(answer.token, answer.assetIds.length)
        changeOpen(false)
      } else if (answer.status === 'several') setStep({ name: 'several', faces: answer.faces })
      else setStep(answer.status === 'no-face' ? { name: 'no-face' } : { name: 'none' })
    } catch {
      setStep({ name: 'intro', error: t('findMe.errors.offline') })
    }
  }

  function take(blob: Blob) {
    setSelfie({ blob, url: URL.createObjectURL(blob) })
    void search(blob)
  }

  const retry = () => {
    setSelfie(null)
    setStep({ name: 'intro' })
  }

  return (
    <FansSheet
      open={open}
      onOpenChange={changeOpen}
      title={
        <>
          <ScanFace aria-hidden className="size-5 text-accent" />
          {t('findMe.title')}
        </>
      }
      description={t('findMe.intro')}
      closeLabel={t('findMe.close')}
      testId="find-me-dialog"
      returnFocusTo={returnFocusTo}
    >
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
        {step.name === 'intro' ? (
          <div className="space-y-4">
            <ul className="list-disc space-y-1 ps-5 text-sm text-ink-muted">
              <li>{t('findMe.how.compare')}</li>
              <li>{t('findMe.how.discard')}</li>
              <li>{t('findMe.how.kept', { company: companyName })}</li>
            </ul>
            <div>
              <label className="flex items-start gap-3 text-sm">
                <input
                  id={consentId}
                  type="checkbox"
                  checked={consented}
                  aria-invalid={consentError || undefined}
                  aria-describedby={consentError ? `${consentId}-error` : undefined}
                  onChange={(event) => {
                    setConsented(event.target.checked)
                    setConsentError(false)
                  }}
                  className="mt-0.5 size-5 shrink-0 accent-[var(--accent)]"
                  data-testid="find-me-consent"
                />
                <span>
                  {t('findMe.consent', { company: companyName })}{' '}
                  <a href={privacyHref} target="_blank" rel="noreferrer" className="underline">
                    {t('findMe.privacy')}
                  </a>
                </span>
              </label>
              {consentError ? (
                <p id={`${consentId}-error`} role="alert" className="mt-2 text-sm text-danger">
                  {t('findMe.errors.consent')}
                </p>
              ) : null}
            </div>
            {step.error ? (
              <p role="alert" className="rounded-md bg-danger/10 px-3 py-2 text-sm text-danger">
                {step.error}
              </p>
            ) : null}
            <div className="grid gap-2 sm:grid-cols-2">
              <Button
                size="lg"
                onClick={() => {
                  if (!needConsent()) setStep({ name: 'camera' })
                }}
                data-testid="find-me-camera"
              >
                <Camera aria-hidden className="size-5" />
                {t('findMe.takeSelfie')}
              </Button>
              <Button
                size="lg"
                variant="secondary"
                onClick={() => {
                  if (!needConsent()) fileInput.current?.click()
                }}
              >
                <ImageUp aria-hidden className="size-5" />
                {t('findMe.choosePhoto')}
              </Button>
            </div>
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              tabIndex={-1}
              aria-label={t('findMe.choosePhoto')}
              data-testid="find-me-file"
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file && consented) take(file)
              }}
            />
          </div>
        ) : step.name === 'camera' ? (
          <SelfieCamera
            onTaken={take}
            onUnavailable={() => setStep({ name: 'intro', error: t('findMe.errors.camera') })}
            onCancel={retry}
          />
        ) : step.name === 'searching' ? (
          <p role="status" className="flex items-center justify-center gap-3 py-10 text-ink-muted">
            <Loader2 aria-hidden className="size-5 animate-spin" />
            {t('findMe.searching')}
          </p>
        ) : step.name === 'several' && selfie ? (
          <div className="space-y-3">
            <p role="status" className="text-sm">
              {t('findMe.several')}
            </p>
            <div className="relative overflow-hidden rounded-lg">
              <img src={selfie.url} alt={t('findMe.yourSelfie')} className="block w-full" />
              {step.faces.map((face, place) => (
                <button
                  key={`${face.x}-${face.y}`}
                  type="button"
                  onClick={() => void search(selfie.blob, place)}
                  aria-label={t('findMe.pickFace', { number: place + 1 })}
                  className="absolute rounded-md border-2 border-white shadow-[0_0_0_2px_rgba(0,0,0,0.5)] hover:border-accent focus-visible:border-accent"
                  style={{
                    left: `${face.x * 100}%`,
                    top: `${face.y * 100}%`,
                    width: `${face.width * 100}%`,
                    height: `${face.height * 100}%`,
                  }}
                />
              ))}
            </div>
            <Button variant="secondary" className="w-full" onClick={retry}>
              {t('findMe.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="space-y-4 py-2" data-testid="find-me-outcome">
            <p role="status">{step.name === 'no-face' ? t('findMe.noFace') : t('findMe.none')}</p>
            <Button className="w-full" onClick={retry}>
              {t('findMe.tryAgain')}
            </Button>
          </div>
        )}
      </div>
    </FansSheet>
  )
}

/** The front camera's preview (mirrored, as a mirror shows the fan) and a shutter; the photo taken is the camera's own view. */
function SelfieCamera({
  onTaken,
  onUnavailable,
  onCancel,
}: {
  onTaken: (blob: Blob) => void
  onUnavailable: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let stream: MediaStream | null = null
    let stopped = false
    if (!navigator.mediaDevices?.getUserMedia) onUnavailable()
    else
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 } }, audio: false })
        .then((opened) => {
          if (stopped) return opened.getTracks().forEach((track) => track.stop())
          stream = opened
          if (video.current) video.current.srcObject = opened
        })
        .catch(onUnavailable)
    return () => {
      stopped = true
      stream?.getTracks().forEach((track) => track.stop())
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function shoot() {
    const view = video.current
    if (!view || !view.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = view.videoWidth
    canvas.height = view.videoHeight
    canvas.getContext('2d')?.drawImage(view, 0, 0)
    canvas.toBlob((blob) => (blob ? onTaken(blob) : onUnavailable()), 'image/jpeg', 0.92)
  }

  return (
    <div className="space-y-3">
      <div className="relative aspect-[3/4] overflow-hidden rounded-lg bg-black sm:aspect-[4/3]">
        {/* biome-ignore lint/a11y/useMediaCaption: a live camera preview has no soundtrack to caption */}
        <video
          ref={video}
          autoPlay
          playsInline
          muted
          onLoadedData={() => setReady(true)}
          className="size-full -scale-x-100 object-cover"
          data-testid="find-me-preview"
        />
        {!ready ? (
          <Loader2
            aria-label={t('findMe.cameraStarting')}
            className="absolute inset-0 m-auto size-6 animate-spin text-white"
          />
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="lg" className="flex-1" onClick={onCancel}>
          {t('findMe.cancel')}
        </Button>
        <Button size="lg" className="flex-1" disabled={!ready} onClick={shoot} data-testid="find-me-shutter">
          <Camera aria-hidden className="size-5" />
          {t('findMe.shutter')}
        </Button>
      </div>
    </div>
  )
}
