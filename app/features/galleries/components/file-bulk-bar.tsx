import { CalendarClock, Eye, EyeOff, FolderInput, Text, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { ConfirmDialog } from '#app/components/ui/dialog'
import { Field, SelectField } from '#app/components/ui/field'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import type { FileVisibility } from '../content.schema'
import { BulkBar } from './library-bulk-bar'

export type GalleryOption = { id: string; title: string; status: string }

type Props = {
  ids: string[]
  /** The company's other galleries the files may move to. */
  galleries: GalleryOption[]
  canPublish: boolean
  onDone: () => void
}

type Asking = 'move' | 'alt' | 'remove' | null

/** Fans see the selected files again, or no longer. */
const VISIBILITY_BUTTONS = [
  { visibility: 'visible', icon: Eye, label: 'studio.editor.bulk.show' },
  { visibility: 'hidden', icon: EyeOff, label: 'studio.editor.bulk.hide' },
] as const satisfies ReadonlyArray<{ visibility: FileVisibility; icon: typeof Eye; label: string }>

/**
 * What can be done to the selected files of a gallery at once: show them to fans or hide them,
 * move them to another gallery, give them one alt text, put them in the order they were taken,
 * remove them. Each is one request, answered with a toast; the questions that need an answer (a
 * gallery, a text) or cannot be undone ask first and say how many files they touch.
 */
export function FileBulkBar({ ids, galleries, canPublish, onDone }: Props) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  const [asking, setAsking] = useState<Asking>(null)
  const [targetId, setTargetId] = useState('')
  const [altText, setAltText] = useState('')
  const count = ids.length
  const busy = fetcher.state !== 'idle'
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  useOutcomeToast(fetcher.data, onDone)
  // Done, or refused for the whole selection: the question closes (a field's problem keeps it open, under the field).
  useEffect(() => {
    if (fetcher.data?.ok || fetcher.data?.errors.form) setAsking(null)
  }, [fetcher.data])
  const post = (fields: Record<string, string>) =>
    void fetcher.submit({ ...fields, assetIds: ids.join(',') }, { method: 'post' })
  const fieldErrors = (name: string) => errors?.[name]?.map((key) => t(key, { count }))

  return (
    <BulkBar count={count} label={t('studio.editor.bulk.label')} onClear={onDone} testId="file-bulk-bar">
      {canPublish
        ? VISIBILITY_BUTTONS.map(({ visibility, icon: Icon, label }) => (
            <Button
              key={visibility}
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => post({ intent: 'files-visibility', visibility })}
            >
              <Icon aria-hidden className="size-4" />
              {t(label, { count })}
            </Button>
          ))
        : null}
      {galleries.length > 0 ? (
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => setAsking('move')} aria-haspopup="dialog">
          <FolderInput aria-hidden className="size-4" />
          {t('studio.editor.bulk.move')}
        </Button>
      ) : null}
      <Button variant="secondary" size="sm" disabled={busy} onClick={() => setAsking('alt')} aria-haspopup="dialog">
        <Text aria-hidden className="size-4" />
        {t('studio.editor.bulk.altText')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || count < 2}
        onClick={() => post({ intent: 'files-order-captured' })}
      >
        <CalendarClock aria-hidden className="size-4" />
        {t('studio.editor.bulk.orderCaptured')}
      </Button>
      <Button variant="danger-ghost" size="sm" disabled={busy} onClick={() => setAsking('remove')}>
        <Trash2 aria-hidden className="size-4" />
        {t('studio.editor.removeSelected', { count })}
      </Button>

      <ConfirmDialog
        open={asking === 'move'}
        onOpenChange={(open) => setAsking(open ? 'move' : null)}
        title={t('studio.editor.bulk.moveTitle', { count })}
        description={t('studio.editor.bulk.moveText', { count })}
        confirmLabel={t('studio.editor.bulk.moveConfirm', { count })}
        cancelLabel={t('common.cancel')}
        busy={busy || !targetId}
        onConfirm={() => post({ intent: 'files-move', targetId })}
      >
        <SelectField
          label={t('studio.editor.bulk.moveTarget')}
          value={targetId}
          onChange={(event) => setTargetId(event.target.value)}
          errors={fieldErrors('targetId')}
        >
          <option value="">{t('studio.editor.bulk.moveChoose')}</option>
          {galleries.map((gallery) => (
            <option key={gallery.id} value={gallery.id}>
              {gallery.status === 'draft'
                ? gallery.title
                : `${gallery.title} · ${t(`content.statuses.${gallery.status}`)}`}
            </option>
          ))}
        </SelectField>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'alt'}
        onOpenChange={(open) => setAsking(open ? 'alt' : null)}
        title={t('studio.editor.bulk.altTitle', { count })}
        description={t('studio.editor.bulk.altConfirmText', { count })}
        confirmLabel={t('studio.editor.bulk.altConfirm', { count })}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => post({ intent: 'files-alt-text', altText })}
      >
        <Field label={t('content.media.alt')} hint={t('content.media.altHint')} errors={fieldErrors('altText')}>
          {({ className, ...control }) => (
            <textarea
              {...control}
              className={`${className} h-auto min-h-24 py-2`}
              value={altText}
              maxLength={500}
              onChange={(event) => setAltText(event.target.value)}
            />
          )}
        </Field>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'remove'}
        onOpenChange={(open) => setAsking(open ? 'remove' : null)}
        tone="danger"
        title={t('studio.editor.removeSelectedTitle', { count })}
        description={t('content.media.removeText')}
        confirmLabel={t('studio.editor.removeSelected', { count })}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => post({ intent: 'remove-files' })}
      />
    </BulkBar>
  )
}
