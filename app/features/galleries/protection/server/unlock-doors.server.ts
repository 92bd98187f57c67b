import type { Knock, RefusalDoor } from '#app/lib/refusal-door.server'

/*
 * A gallery's password and a download's PIN are limited per address and gallery, and the gallery
 * is only known once it is looked up. Their doors count per address and the page's own address
 * instead (host, path and, for a PIN, the download it opens): the same page is the same gallery.
 */

const MESSAGE_KEY = 'public.protection.errors.tooManyTries'
const pageOf = (knock: Knock) => `${knock.address}\u0000${knock.host}\u0000${knock.path}`

/** The password page of a gallery (app/routes.ts), with or without the company's segment. */
const ACCESS_PAGE = /^(?:\/[^/]+)?\/galeria\/[^/]+\/acesso$/

export const GALLERY_PASSWORD_DOOR: RefusalDoor = {
  bucket: 'gallery-password-page',
  answer: 'page',
  messageKey: MESSAGE_KEY,
  opens: (knock) => knock.method === 'POST' && ACCESS_PAGE.test(knock.path),
  keyOf: pageOf,
}

export const DOWNLOAD_PIN_PATH = '/download/pin'

export const DOWNLOAD_PIN_DOOR: RefusalDoor = {
  bucket: 'gallery-pin-page',
  answer: 'page',
  messageKey: MESSAGE_KEY,
  // The page's form posts to its own address, which names the download; a post that does not is counted as usual.
  opens: (knock) => knock.method === 'POST' && knock.path === DOWNLOAD_PIN_PATH && knock.search.has('next'),
  keyOf: (knock) => `${pageOf(knock)}\u0000${knock.search.get('next')}`,
}
