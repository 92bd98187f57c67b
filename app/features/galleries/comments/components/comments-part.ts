import { hydratedOnDemand } from '#app/lib/hydrated-on-demand'
import type { CommentsSectionProps } from './comments-section'

/*
 * The comments of a gallery or an item (comments-section.tsx) as fans' pages take them: in the
 * page's HTML, for fans without JavaScript too, but not in the page's script downloads while it
 * loads. The browser fetches the heading, the comments and the form as one file when the fan
 * reaches for them (a gallery's are folded under a line that opens without JavaScript; the form
 * posts without it). Pages moving in from another page wait for it in their clientLoader, so it
 * never pops in late above photos that were already shown.
 */
export const CommentsSection = hydratedOnDemand<CommentsSectionProps>(() =>
  import('./comments-section').then((module) => ({ default: module.CommentsSection })),
)
