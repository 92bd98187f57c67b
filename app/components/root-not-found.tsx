import { NotFoundScreen } from './not-found'

// The root's 404 screen, in a file of its own: the root fetches it only when a page is missing, and
// other screens import not-found.tsx directly.
export default NotFoundScreen
