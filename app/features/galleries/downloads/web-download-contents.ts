import type { TFunction } from '#app/lib/translator'
import type { DownloadOffer } from './downloads'

/**
 * What a web-size download holds, as its page says beside the button ("Web size: 12 photos as
 * JPEG · 2 videos"), counted from the files its ZIP is made of: a video still waiting for its web
 * version is not in it, so not counted. Null for originals (they are what was uploaded). Worked
 * out by the page's loader, as the size is: the fans' script carries neither the words nor the rule.
 */
export function webDownloadContentsOf(offer: DownloadOffer | undefined, t: TFunction): string | null {
  if (offer?.quality !== 'web') return null
  const contents = [
    offer.photos > 0 ? t('downloads.contents.photos', { count: offer.photos }) : null,
    offer.videos > 0 ? t('downloads.contents.videos', { count: offer.videos }) : null,
  ].filter(Boolean)
  return contents.length > 0 ? t('downloads.contents.webSize', { contents: contents.join(' · ') }) : null
}
