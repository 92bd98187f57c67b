import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { useRevalidator } from 'react-router'
import type * as Tus from 'tus-js-client'
import { checkDeclaredUpload, isUploadRetried, UPLOAD_CHUNK_BYTES, type UploadPurpose } from '../upload-rules'

/*
 * The admin's upload manager. It lives in the admin layout, so uploads keep going while the
 * user moves between admin pages; tus remembers each file's upload URL in localStorage, so a
 * file dropped again after a reload resumes where it stopped.
 */

export type UploadStatus = 'queued' | 'uploading' | 'paused' | 'done' | 'error'

/** What an upload belongs to: a gallery or content item, an event (covers), or a file (thumbnails). */
export type UploadTarget = { purpose: UploadPurpose; contentItemId?: string; eventId?: string; assetId?: string }

export function targetKey(target: UploadTarget) {
  return [target.purpose, target.contentItemId ?? '', target.eventId ?? '', target.assetId ?? ''].join(':')
}

export type UploadItem = UploadTarget & {
  id: string
  file: File
  status: UploadStatus
  bytesSent: number
  bytesTotal: number
  /** bytes per second, smoothed */
  speed: number
  error?: string
  /** A plan limit refused it: where to change plan. */
  upgradeUrl?: string
  /** The file the server made of this upload */
  createdAssetId?: string
  /** Files chosen together and this one's place among them: the server keeps that order. */
  batch: string
  index: number
}

type UploadsApi = {
  items: UploadItem[]
  add: (files: File[], target: UploadTarget) => void
  pause: (id: string) => void
  resume: (id: string) => void
  retry: (id: string) => void
  dismiss: (id: string) => void
}

const UploadsContext = createContext<UploadsApi | null>(null)
const MAX_PARALLEL = 3

export function useUploads() {
  const api = useContext(UploadsContext)
  if (!api) throw new Error('useUploads needs <UploadsProvider>')
  return api
}

/** The server's refusal in the user's words, and where to upgrade when a plan limit refused it. */
export function refusalFromResponse(error: unknown, fallback: string): { error: string; upgradeUrl?: string } {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody()
  try {
    const refusal = JSON.parse(body ?? '') as { message?: string; upgradeUrl?: string }
    return {
      error: refusal.message ?? fallback,
      ...(typeof refusal.upgradeUrl === 'string' && refusal.upgradeUrl.startsWith('/')
        ? { upgradeUrl: refusal.upgradeUrl }
        : {}),
    }
  } catch {
    return { error: fallback }
  }
}

export function UploadsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [items, setItems] = useState<UploadItem[]>([])
  const uploads = useRef(new Map<string, Tus.Upload>())
  const samples = useRef(new Map<string, { at: number; bytes: number }>())
  const revalidateTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)))
  }, [])

  const refreshSoon = useCallback(() => {
    clearTimeout(revalidateTimer.current)
    revalidateTimer.current = setTimeout(() => void revalidator.revalidate(), 400)
  }, [revalidator])

  const start = useCallback(
    async (item: UploadItem) => {
      const tus = await import('tus-js-client')
      const upload = new tus.Upload(item.file, {
        endpoint: '/api/uploads',
        chunkSize: UPLOAD_CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10000],
        removeFingerprintOnSuccess: true,
        metadata: Object.fromEntries(
          Object.entries({
            filename: item.file.name,
            purpose: item.purpose,
            contentItemId: item.contentItemId,
            eventId: item.eventId,
            assetId: item.assetId,
            batch: item.batch,
            index: String(item.index),
          }).filter((entry): entry is [string, string] => Boolean(entry[1])),
        ),
        onProgress(sent, total) {
          const now = performance.now()
          const last = samples.current.get(item.id)
          let speed: number | undefined
          if (last && now - last.at > 250) {
            speed = ((sent - last.bytes) / (now - last.at)) * 1000
            samples.current.set(item.id, { at: now, bytes: sent })
          } else if (!last) samples.current.set(item.id, { at: now, bytes: sent })
          setItems((current) =>
            current.map((entry) =>
              entry.id === item.id
                ? {
                    ...entry,
                    bytesSent: sent,
                    bytesTotal: total,
                    speed: speed === undefined ? entry.speed : entry.speed ? entry.speed * 0.7 + speed * 0.3 : speed,
                  }
                : entry,
            ),
          )
        },
        onSuccess(payload) {
          uploads.current.delete(item.id)
          update(item.id, {
            status: 'done',
            bytesSent: item.file.size,
            createdAssetId: payload.lastResponse.getHeader('Upload-Asset-Id') ?? undefined,
          })
          refreshSoon()
        },
        onError(error) {
          uploads.current.delete(item.id)
          // Without a reason from the server, the spec's text for what was being uploaded.
          const failed = t(item.purpose === 'cover' ? 'uploads.ui.coverFailed' : 'uploads.ui.failed')
          update(item.id, { status: 'error', ...refusalFromResponse(error, failed) })
        },
        onShouldRetry(error) {
          return isUploadRetried(
            (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0,
          )
        },
      })
      uploads.current.set(item.id, upload)
      const previous = await upload.findPreviousUploads()
      if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0])
      upload.start()
    },
    [refreshSoon, t, update],
  )

  // The scheduler: keep up to MAX_PARALLEL uploads running.
  useEffect(() => {
    const running = items.filter((item) => item.status === 'uploading').length
    const waiting = items.filter((item) => item.status === 'queued').slice(0, Math.max(0, MAX_PARALLEL - running))
    for (const item of waiting) {
      update(item.id, { status: 'uploading' })
      void start(item)
    }
  }, [items, start, update])

  // Leaving the page while uploading asks first: the bytes would stop.
  const isBusy = items.some((item) => item.status === 'uploading' || item.status === 'queued')
  useEffect(() => {
    if (!isBusy) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isBusy])

  const api = useMemo<UploadsApi>(
    () => ({
      items,
      add(files, target) {
        const batch = crypto.randomUUID()
        const added = files.map((file, index): UploadItem => {
          const rule = checkDeclaredUpload(target.purpose, file.name, file.size)
          return {
            id: crypto.randomUUID(),
            file,
            ...target,
            status: rule.ok ? 'queued' : 'error',
            bytesSent: 0,
            bytesTotal: file.size,
            speed: 0,
            error: rule.ok ? undefined : t(rule.messageKey),
            batch,
            index,
          }
        })
        setItems((current) => [...current, ...added])
      },
      pause(id) {
        void uploads.current.get(id)?.abort()
        update(id, { status: 'paused', speed: 0 })
      },
      resume(id) {
        const upload = uploads.current.get(id)
        if (upload) {
          update(id, { status: 'uploading' })
          upload.start()
        } else update(id, { status: 'queued' })
      },
      retry(id) {
        uploads.current.delete(id)
        samples.current.delete(id)
        update(id, { status: 'queued', error: undefined, upgradeUrl: undefined, speed: 0 })
      },
      dismiss(id) {
        void uploads.current.get(id)?.abort(true)
        uploads.current.delete(id)
        setItems((current) => current.filter((item) => item.id !== id))
      },
    }),
    [items, t, update],
  )

  return <UploadsContext.Provider value={api}>{children}</UploadsContext.Provider>
}
