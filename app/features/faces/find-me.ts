/*
 * Find me (ADR 103): a fan's selfie finds the photos of a gallery they are in. What the admin
 * switches, what a fan consents to, and what a search answers, shared by server and browser.
 */

/**
 * The version of the words a fan consents to before a search. A change of those words (the
 * `findMe.consent` texts in every language) takes a new version, so each consent record names
 * exactly what was read.
 */
export const FIND_ME_CONSENT_VERSION = '2026-12-06'

/** The largest selfie a search takes: a phone's photo, full size. */
export const SELFIE_MAX_BYTES = 15 * 1024 * 1024
export const SELFIE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

/** How long a fan's set of found photos can be opened by its link. */
export const FIND_ME_SET_DAYS = 30

/** The photos a fan's search found in a gallery, as one ZIP: the gallery's download address with the search's set. */
export function findMeSetDownloadPath(galleryDownloadPath: string, setId: string) {
  return `${galleryDownloadPath}?set=${encodeURIComponent(setId)}`
}

/**
 * Searches per address in the window: a venue's phones share one address and each fan tries a few
 * selfies; a script scanning faces is refused.
 */
export const FIND_ME_SEARCHES = { max: 60, windowSeconds: 10 * 60 }

/** What the gallery editor's Find me panel shows. */
export type FindMePanelState = {
  allowed: boolean
  enabled: boolean
  /** Whether the company has acknowledged what Find me does (once). */
  acknowledged: boolean
  photos: number
  indexed: number
  faces: number
  skipped: number
  searches: number
  searchesWithMatch: number
  /** ZIPs of found sets fans downloaded. */
  downloads: number
  removalRequests: Array<{
    id: string
    createdAt: string
    photos: number
    email: string | null
    message: string | null
  }>
}

/** One face found in the selfie, where the fan may pick theirs (fractions of the selfie). */
export type SelfieFace = { x: number; y: number; width: number; height: number }

/** A search's answer: the photos (ids, in the gallery's order), or why there are none. */
export type FindMeAnswer =
  | { status: 'found'; assetIds: string[]; token: string; faces: SelfieFace[] }
  | { status: 'none'; faces: SelfieFace[] }
  | { status: 'no-face' }
  | { status: 'several'; faces: SelfieFace[] }
