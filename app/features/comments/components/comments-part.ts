import { lazyRenderedOnServer } from '#app/lib/lazy-rendered-on-server'
import type { CommentsSectionProps } from './comments-section'

/*
 * The comments of a gallery or an item (comments-section.tsx) as fans' pages take them: in the
 * page's HTML, for fans without JavaScript too, but not in the page's first script download; the
 * browser fetches the heading, the comments and the form as one file while the page hydrates.
 * Pages moving in from another page wait for it in their clientLoader, so it never pops in late
 * above photos that were already shown.
 */
export const CommentsSection = lazyRenderedOnServer<CommentsSectionProps>(() => import('./comments-section').then((module) => ({ default: module.CommentsSection })))
