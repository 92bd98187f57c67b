/*
 * Orders of a gallery's files the editor offers, as pure functions: the toolbar's "sort by" and the
 * bulk bar's "order by capture time", in the browser and in the use-case that saves them alike.
 */

/** What ordering reads of a file: its capture time (EXIF, or a video's creation time) and its name. */
export type OrderedFile = { id: string; capturedAt: Date | string | null; originalName: string }

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
const takenAt = (file: OrderedFile) => (file.capturedAt ? new Date(file.capturedAt).getTime() : Infinity)

/** Earlier first; files without a capture time after those with one; then by name as people read numbers. */
function compareCaptured(a: OrderedFile, b: OrderedFile) {
  const [at, bt] = [takenAt(a), takenAt(b)]
  if (at !== bt) return at < bt ? -1 : 1
  return byName.compare(a.originalName, b.originalName)
}

/** Files by capture time (those without one last, by name), or by name as people read numbers. */
export function sortFiles<F extends OrderedFile>(files: F[], by: 'captured' | 'name') {
  return [...files].sort(by === 'captured' ? compareCaptured : (a, b) => byName.compare(a.originalName, b.originalName))
}

/**
 * The whole order after putting the selected files in capture order: they take the places the
 * selection held, earliest first, and every other file keeps its place. A photographer picks the
 * shots of one camera whose files came in out of order and lines them up without touching the rest.
 */
export function orderSelectionByCapture<F extends OrderedFile>(files: F[], selected: ReadonlySet<string>) {
  const sorted = sortFiles(
    files.filter((file) => selected.has(file.id)),
    'captured',
  )
  let next = 0
  return files.map((file) => (selected.has(file.id) ? sorted[next++].id : file.id))
}
