/** A file's WebP renditions, smallest first: `/p/<id>/<name>.webp` is `width` pixels wide. */
export type RenditionSources = ReadonlyArray<Readonly<{ name: string; width: number }>>

/**
 * Photos of one camera share their renditions' names and widths: each set is kept once, so a page
 * of 50 photos carries one list where it carried 50 (the page's data names an object it already
 * sent by its number, and the work of writing it goes with it). Frozen: pages only read them.
 */
const sharedSourceSets = new Map<string, RenditionSources>()
export const SHARED_SOURCE_SETS_KEPT = 256
const RENDITION_NAME = /^[A-Za-z0-9_-]{1,40}$/

export function sharedSources(sources: RenditionSources): RenditionSources {
  let key = ''
  for (const source of sources) key += `${source.name}:${source.width},`
  const kept = sharedSourceSets.get(key)
  if (kept) return kept
  // Sets beyond the usual few (photos smaller than a rendition's width) start the memory afresh.
  if (sharedSourceSets.size >= SHARED_SOURCE_SETS_KEPT) sharedSourceSets.clear()
  // Fans' grids write the names into their HTML as they are (tiles-markup.ts): a name the worker
  // would not have made (a row restored from a doctored company archive) is left out.
  const made = sources.filter(
    (source) => RENDITION_NAME.test(source.name) && Number.isInteger(source.width) && source.width > 0,
  )
  const shared = Object.freeze(made.map((source) => Object.freeze({ name: source.name, width: source.width })))
  sharedSourceSets.set(key, shared)
  return shared
}
