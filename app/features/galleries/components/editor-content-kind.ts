import { useLocation, useParams } from 'react-router'
import { useHydrated } from '#app/lib/use-hydrated'

/*
 * What the editor's error screen knows of the item it could not load: its address says only its
 * id, and a gallery's load failure has words of its own (the spec's "Error loading gallery data").
 * The page that linked to the editor knows the kind (it says so in the link's state), and so does
 * this tab if it opened the editor before (a later reload of its data failed).
 */

/** A link's state into the editor, from a page that lists the item (its kind: 'gallery' or 'single'). */
export const editorLinkState = (kind: string) => ({ contentKind: kind })

const openedKinds = new Map<string, string>()

/** Called by the editor once its item has loaded. */
export function rememberEditedKind(id: string, kind: string) {
  openedKinds.set(id, kind)
}

/**
 * The kind of the item the editor's address names, when this tab knows it; undefined on the server
 * and while the page hydrates, where it cannot be known and both must draw the same screen.
 */
export function useEditedContentKind(): string | undefined {
  const hydrated = useHydrated()
  const { state } = useLocation()
  const { contentItemId } = useParams()
  if (!hydrated) return undefined
  const linked = (state as { contentKind?: string } | null)?.contentKind
  return linked ?? (contentItemId ? openedKinds.get(contentItemId) : undefined)
}
