import { downloadPinPath, PIN_REQUIRED_STATUS } from '#app/features/galleries/protection/protection-paths'
import { toast } from '#app/lib/toast'
import type { TFunction } from '#app/lib/translator'

/*
 * What the download button (components/download-button.tsx) does once pressed, fetched when a
 * fan first points at, focuses or presses it: the page's first download carries only the link.
 */

// The lead dialog (form, validation, Radix) comes through this file: the page's first download does not name its many files.
export const loadLeadDialog = () => import('#app/features/leads/components/lead-capture-dialog')

// How long "Preparing…" stays after the browser took the download over: its own progress
// UI shows then, and a second tap should not start a second copy.
const HANDOVER_MS = 1500

/** The browser saves the response as a file (Content-Disposition) and the page stays. */
function saveFrom(href: string) {
  const link = document.createElement('a')
  link.href = href
  link.download = ''
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
}

/**
 * Checks the download is there and hands it to the browser, or says in a toast what went wrong;
 * `ask` when the company wants the fan's details first. A network failure is thrown.
 */
export async function startDownload(href: string, t: TFunction): Promise<'ask' | undefined> {
  const response = await fetch(href, { method: 'HEAD', credentials: 'same-origin', cache: 'no-store' })
  if (response.status === PIN_REQUIRED_STATUS) {
    // The gallery asks for its download PIN: its page asks, then offers the file.
    window.location.assign(downloadPinPath(href))
    return
  }
  // The company does not know this fan yet (or no longer: cookie expired, lead erased).
  if (response.status === 403) return 'ask'
  if (!response.ok) {
    toast.error(t(response.status === 404 ? 'downloads.errors.notFound' : 'downloads.errors.failed'))
    return
  }
  saveFrom(href)
  toast.success(t('downloads.started'))
  await new Promise((resolve) => setTimeout(resolve, HANDOVER_MS))
}
