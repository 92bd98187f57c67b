import { ListMusic } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { knowPanelRoute, PANEL_ROUTES, type PanelUnreachable } from '#app/lib/panel-data'
import { useLastReachable } from '#app/lib/use-last-reachable'
import { Button } from '#app/components/ui/button'
import { Field, TextField } from '#app/components/ui/field'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { SetlistForEdit } from '../server/get-setlist-for-edit.server'
import {
  assignChapters,
  clockTimeOf,
  formatClockShift,
  LAST_SONG_MINUTES,
  parseClockShift,
  parseSetlist,
  type Chapter,
  type SetlistProblem,
} from '../setlist'

type SaveAnswer = ActionResult & { problems?: SetlistProblem[] }

/** Which chapter each item is in: the song's label, or "more from the night". */
function chapterOfItems(chapters: Chapter[]) {
  const of = new Map<string, Chapter>()
  for (const chapter of chapters) for (const id of chapter.itemIds) of.set(id, chapter)
  return of
}

function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/**
 * The gallery editor's set-list: songs typed or pasted ("21:04 Title" or "+0:12 Title"), checked
 * line by line as they are typed, the camera clock shift, and a preview of the chapters fans will
 * see (and which items a new shift moves) before anything is saved.
 */
export function SetlistPanel({ contentItemId, canEdit }: { contentItemId: string; canEdit: boolean }) {
  const path = `/admin/content/${contentItemId}/setlist`
  const loader = useFetcher<SetlistForEdit | PanelUnreachable>()
  const saver = useFetcher<SaveAnswer>()
  useOutcomeToast(saver.data)
  useEffect(() => {
    knowPanelRoute(PANEL_ROUTES.setlist)
    if (loader.state === 'idle' && !loader.data) void loader.load(path)
  }, [loader, path])
  useEffect(() => {
    if (saver.state === 'idle' && saver.data?.ok) void loader.load(path)
    // Only a finished save reloads what is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saver.state, saver.data])

  const current = useLastReachable(loader.data)
  if (!current || current.kind !== 'gallery') return null
  return (
    <SetlistForm key={JSON.stringify(current.setlist)} current={current} canEdit={canEdit} saver={saver} path={path} />
  )
}

function SetlistForm({
  current,
  canEdit,
  saver,
  path,
}: {
  current: SetlistForEdit
  canEdit: boolean
  saver: ReturnType<typeof useFetcher<SaveAnswer>>
  path: string
}) {
  const { t } = useTranslation()
  const format = useDateFormat()
  const saved = current.setlist
  const [source, setSource] = useState(saved?.source ?? '')
  const [timeZone, setTimeZone] = useState(saved?.timeZone ?? browserZone())
  const [shift, setShift] = useState(formatClockShift(saved?.clockShiftSeconds ?? 0))
  const [showStart, setShowStart] = useState((saved?.showStartsAt ?? '').slice(0, 16))
  const eventStart = current.eventStartsAt ? new Date(current.eventStartsAt) : null
  const start = eventStart ?? (showStart ? new Date(`${showStart}:00Z`) : null)
  // Parsed again when the text or the start's instant changes, not for each new Date of the same instant.
  const startTime = start && !Number.isNaN(start.getTime()) ? start.getTime() : null
  const parsed = useMemo(
    () => parseSetlist(source, startTime === null ? null : new Date(startTime)),
    [source, startTime],
  )
  const shiftSeconds = parseClockShift(shift)
  const serverProblems = saver.data && !saver.data.ok ? saver.data.problems : undefined
  const problems = source === (saved?.source ?? '') && serverProblems ? serverProblems : parsed.problems
  const fieldErrors = saver.data && !saver.data.ok ? saver.data.errors : undefined

  // The preview: chapters with the shift typed now, and what moves compared with the saved shift.
  const preview = useMemo(() => {
    if (parsed.songs.length === 0 || shiftSeconds === null) return null
    const setlist = { songs: parsed.songs, timeZone, clockShiftSeconds: shiftSeconds }
    let chapters: Chapter[]
    try {
      chapters = assignChapters(setlist, current.items)
    } catch {
      return null // a zone the browser does not know; the field says so
    }
    const before = chapterOfItems(assignChapters(setlist, current.items, saved?.clockShiftSeconds ?? 0))
    const after = chapterOfItems(chapters)
    const moves = current.items.flatMap((item) =>
      before.get(item.id)?.key !== after.get(item.id)?.key
        ? [{ item, from: before.get(item.id)!, to: after.get(item.id)! }]
        : [],
    )
    return { chapters, moves }
  }, [parsed.songs, timeZone, shiftSeconds, current.items, saved?.clockShiftSeconds])

  const chapterName = (chapter: Chapter) =>
    chapter.number === null
      ? t('setlist.moreChapter')
      : t('setlist.chapterName', { number: chapter.number, title: chapter.title })
  const withoutTime = current.items.filter((item) => !item.capturedAt).length

  return (
    <section aria-labelledby="setlist-heading" className="space-y-4" data-testid="setlist-panel">
      <div>
        <h2 id="setlist-heading" className="inline-flex items-center gap-2 font-semibold">
          <ListMusic aria-hidden className="size-4" />
          {t('setlist.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{t('setlist.intro', { minutes: LAST_SONG_MINUTES })}</p>
      </div>
      <saver.Form
        method="post"
        action={path}
        noValidate
        className="space-y-5 rounded-xl border border-line bg-surface p-5"
      >
        <fieldset disabled={!canEdit} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-3">
            {eventStart ? (
              <div className="space-y-1.5 text-sm">
                <p className="font-medium">{t('setlist.fields.showStart')}</p>
                <p className="text-ink-muted" data-testid="setlist-event-start">
                  {t('setlist.fromEvent', {
                    // The event's wall-clock start; its time in the 24-hour clock the songs' times are typed in.
                    time: clockTimeOf(eventStart.toISOString()),
                    date: format.day(eventStart.toISOString().slice(0, 10)),
                    event: current.eventTitle,
                  })}
                </p>
              </div>
            ) : (
              <TextField
                label={t('setlist.fields.showStart')}
                name="showStartsAt"
                type="datetime-local"
                value={showStart}
                onChange={(e) => setShowStart(e.target.value)}
                errors={fieldErrors?.showStartsAt?.map((key) => t(key))}
                hint={t('setlist.hints.showStart')}
              />
            )}
            <TextField
              label={t('setlist.fields.timeZone')}
              name="timeZone"
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
              errors={fieldErrors?.timeZone?.map((key) => t(key))}
              hint={t('setlist.hints.timeZone')}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              label={t('setlist.fields.clockShift')}
              name="clockShift"
              value={shift}
              onChange={(e) => setShift(e.target.value)}
              errors={
                shiftSeconds === null ? [t('setlist.errors.clockShift')] : fieldErrors?.clockShift?.map((key) => t(key))
              }
              hint={t('setlist.hints.clockShift')}
              inputMode="text"
              data-testid="setlist-shift"
            />
          </div>
          <Field
            label={t('setlist.fields.songs')}
            errors={
              problems.length > 0
                ? problems.map((problem) => t('setlist.errors.line', { line: problem.line, problem: t(problem.key) }))
                : fieldErrors?.source?.map((key) => t(key))
            }
            hint={t('setlist.hints.songs')}
          >
            {({ className, ...control }) => (
              <textarea
                {...control}
                name="source"
                rows={8}
                value={source}
                onChange={(e) => setSource(e.target.value)}
                className={`${className} h-auto py-2 font-mono`}
                placeholder={t('setlist.placeholder')}
                data-testid="setlist-source"
              />
            )}
          </Field>
        </fieldset>
        {preview ? (
          <div className="space-y-3" data-testid="setlist-preview">
            <h3 className="text-sm font-semibold">{t('setlist.preview.title')}</h3>
            <ol className="grid gap-1 text-sm sm:grid-cols-2">
              {preview.chapters.map((chapter) => (
                <li key={chapter.key} className="flex justify-between gap-3 rounded-md bg-surface-muted px-3 py-1.5">
                  <span className="min-w-0 truncate">
                    {chapter.startsAt ? (
                      <span className="mr-2 font-mono text-ink-muted">{clockTimeOf(chapter.startsAt)}</span>
                    ) : null}
                    {chapterName(chapter)}
                  </span>
                  <span className="shrink-0 tabular-nums text-ink-muted">
                    {t('setlist.preview.items', { count: chapter.itemIds.length })}
                  </span>
                </li>
              ))}
            </ol>
            {withoutTime > 0 ? (
              <p className="text-xs text-ink-muted">{t('setlist.preview.withoutTime', { count: withoutTime })}</p>
            ) : null}
            {preview.moves.length > 0 ? (
              <div role="status" className="rounded-md border border-accent/40 p-3 text-sm" data-testid="setlist-moves">
                <p className="font-medium">{t('setlist.preview.moves', { count: preview.moves.length })}</p>
                <ul className="mt-1 max-h-48 space-y-0.5 overflow-auto text-ink-muted">
                  {preview.moves.map((move) => (
                    <li key={move.item.id}>
                      {t('setlist.preview.move', {
                        name: move.item.name,
                        from: chapterName(move.from),
                        to: chapterName(move.to),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={saver.state !== 'idle'} data-testid="setlist-save">
              {saver.state !== 'idle' ? t('common.saving') : t('setlist.save')}
            </Button>
          </div>
        ) : null}
      </saver.Form>
    </section>
  )
}
