import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { ffmpegPath } from '#app/features/media/server/ffmpeg-binary.server'
import { generateRenditionsJob } from '#app/jobs/definitions/media/generate-renditions'
import { enqueue } from '#app/jobs/queue.server'
import { withSystem } from '#app/lib/db.server'
import { logger } from '#app/lib/logger.server'
import { getStorage, mediaKey } from '#app/lib/storage.server'
import { asset, contentItem, event, organization } from '#db/schema'
import { seedFindMeGallery } from './find-me-gallery'

/*
 * Content for the local demo company: concert-like photos drawn with SVG (stage lights, a
 * crowd, a stage) at real camera sizes, a short generated video, two published galleries and
 * a published event, so a
 * first `npm start` shows a full admin and full public pages.
 */

const PALETTES = [
  ['#1b0f3b', '#7c3aed', '#f472b6'],
  ['#071a2b', '#0ea5e9', '#a78bfa'],
  ['#2b0a0a', '#f97316', '#facc15'],
  ['#051b14', '#10b981', '#38bdf8'],
  ['#1f0724', '#db2777', '#fb7185'],
  ['#0b1020', '#6366f1', '#22d3ee'],
]

function concertSvg(index: number, width: number, height: number) {
  const [night, beam, glow] = PALETTES[index % PALETTES.length]
  const random = (n: number) => {
    const x = Math.sin(index * 97.13 + n * 13.7) * 10_000
    return x - Math.floor(x)
  }
  const beams = Array.from({ length: 5 }, (_, i) => {
    const x = width * (0.1 + i * 0.2 + (random(i) - 0.5) * 0.08)
    const spread = width * (0.08 + random(i + 10) * 0.08)
    return `<polygon points="${x},0 ${x - spread},${height * 0.75} ${x + spread},${height * 0.75}" fill="url(#beam)" opacity="${0.35 + random(i + 20) * 0.4}"/>`
  }).join('')
  const crowd = Array.from({ length: 70 }, (_, i) => {
    const cx = (i / 70) * width + random(i + 30) * 40
    const cy = height * (0.82 + random(i + 40) * 0.12)
    const r = height * (0.035 + random(i + 50) * 0.02)
    const arm =
      random(i + 60) > 0.8
        ? `<rect x="${cx - r * 0.15}" y="${cy - r * 3.2}" width="${r * 0.3}" height="${r * 2.6}" rx="${r * 0.15}" fill="#050507"/>`
        : ''
    return `${arm}<circle cx="${cx}" cy="${cy}" r="${r}" fill="#050507"/><rect x="${cx - r * 1.3}" y="${cy + r * 0.6}" width="${r * 2.6}" height="${height}" rx="${r}" fill="#050507"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="sky" cx="${30 + random(1) * 40}%" cy="30%" r="80%"><stop offset="0" stop-color="${beam}"/><stop offset="0.45" stop-color="${night}"/><stop offset="1" stop-color="#020204"/></radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></linearGradient>
    <radialGradient id="spot" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  ${beams}
  <circle cx="${width * (0.3 + random(3) * 0.4)}" cy="${height * 0.18}" r="${height * 0.12}" fill="url(#spot)"/>
  <rect x="0" y="${height * 0.68}" width="${width}" height="${height * 0.05}" fill="#0d0d12"/>
  ${crowd}
</svg>`
}

async function demoPhoto(index: number) {
  const portrait = index % 5 === 3
  // As large as the largest web size fans get (IMAGE_WIDTHS): every size is made, and a first start
  // draws and processes a third fewer pixels than at 3000 × 2000.
  const [width, height] = portrait ? [1600, 2400] : [2400, 1600]
  // Plain libjpeg, as cameras write: mozjpeg's smaller files took far longer, and the first start waits for these.
  return sharp(Buffer.from(concertSvg(index, width, height)))
    .jpeg({ quality: 86 })
    .toBuffer()
}

/** Each photo described for those who cannot see it (drawn in the order of PALETTES, portrait every fifth). */
const PHOTO_DESCRIPTIONS = [
  'Violet beams sweep over a crowd with raised hands',
  'Blue stage lights cut through haze above the front rows',
  'Orange floodlights turn the crowd into silhouettes',
  'Tall shot of green lasers above the audience',
  'Pink spotlights at the peak of the encore',
  'Indigo wash over the stage as the band walks on',
  'A single white spotlight above a sea of heads',
  'Cyan beams fanning out from the lighting rig',
  'Amber glow over the crowd between songs',
  'Tall shot of the lighting rig in emerald and blue',
  'Magenta light catching hands in the air',
  'Wide view of the hall lit in deep blue',
  'Soundcheck under violet house lights',
  'The green room glowing before doors open',
  'Crew lights warming up the empty stage',
  'Tall shot of the side-stage stairs in blue light',
  'Pink haze over the barrier before the show',
  'The band’s first steps into the blue stage light',
]

type DemoGallery = {
  title: string
  slug: string
  description: string
  location: string
  category: string
  photos: number
  requireLead: boolean
}

const GALLERIES: DemoGallery[] = [
  {
    title: 'Night Owls — Live at the Roundhouse',
    slug: 'night-owls-live',
    description: 'The whole set, from the first chord to the last encore.',
    location: 'Roundhouse, London',
    category: 'Concert',
    photos: 12,
    requireLead: true,
  },
  {
    title: 'Backstage',
    slug: 'backstage',
    description: 'Soundcheck, green room and the walk to the stage.',
    location: 'Roundhouse, London',
    category: 'Behind the scenes',
    photos: 6,
    requireLead: false,
  },
]

/**
 * A gallery in live mode, so a newcomer sees the live drop and the venue wall work (ADR 057, 058):
 * three photos already approved, a fourth waiting in the moderation tray, and a wall link.
 */
async function seedLiveGallery(companyId: string, createdBy: string, eventId: string, firstPhoto: number) {
  const [item] = await withSystem((tx) =>
    tx
      .insert(contentItem)
      .values({
        companyId,
        kind: 'gallery',
        status: 'published',
        publishedAt: new Date(),
        eventId,
        happenedOn: '2026-10-18',
        createdBy,
        title: 'Night Owls — Tonight, live',
        slug: 'night-owls-tonight',
        description: 'Photos from the show as it happens.',
        location: 'Roundhouse, London',
        category: 'Concert',
      })
      .returning({ id: contentItem.id }),
  )
  const queued: string[] = []
  for (let position = 0; position < 4; position++) {
    // The last photo comes after the show went live: it waits for a manager (migration 0032).
    if (position === 3)
      await withSystem((tx) =>
        tx
          .update(contentItem)
          .set({ liveMode: true, wallToken: randomBytes(24).toString('base64url') })
          .where(eq(contentItem.id, item.id)),
      )
    const index = firstPhoto + position
    const bytes = await demoPhoto(index)
    const assetId = randomUUID()
    const storageKey = mediaKey(companyId, assetId, 'original', 'jpg')
    await getStorage().put(storageKey, bytes, { contentType: 'image/jpeg' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId,
        contentItemId: item.id,
        purpose: 'gallery-media',
        mediaType: 'image',
        originalName: `TONIGHT_${String(position + 1).padStart(3, '0')}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: bytes.length,
        storageKey,
        position,
        altText: PHOTO_DESCRIPTIONS[index % PHOTO_DESCRIPTIONS.length],
        createdBy,
      }),
    )
    queued.push(assetId)
  }
  return queued
}

/** A six-second clip rendered by ffmpeg (a slow zoom into a fractal, like stage visuals). */
async function demoVideo(): Promise<Buffer | null> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'afterglow-demo-video-'))
  const file = path.join(directory, 'clip.mp4')
  try {
    await promisify(execFile)(ffmpegPath(), [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'mandelbrot=size=1280x720:rate=25',
      '-t',
      '6',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ])
    return await fs.readFile(file)
  } catch (error) {
    // No encoder on this machine: the demo simply has no video.
    logger.warn({ err: error }, 'demo video not generated')
    return null
  } finally {
    await fs.rm(directory, { recursive: true, force: true })
  }
}

const SEEDED_MARK = 'demo-content-seeded'

/**
 * Fills the demo company once (a mark on the company remembers it, so content the user
 * deletes stays deleted); its photos get their renditions from the job queue.
 */
export async function seedDemoContent(companyId: string, createdBy: string) {
  const [company] = await withSystem((tx) =>
    tx.select({ metadata: organization.metadata }).from(organization).where(eq(organization.id, companyId)),
  )
  if (company?.metadata?.includes(SEEDED_MARK)) return
  const [tour] = await withSystem((tx) =>
    tx
      .insert(event)
      .values({
        companyId,
        slug: 'world-tour-london',
        title: 'Night Owls World Tour — London',
        description: 'One night only at the Roundhouse. Phones down, hands up: the photos are on us.',
        startsAt: new Date('2026-10-17T20:30:00Z'),
        venue: 'Roundhouse',
        location: 'London',
        status: 'published',
        participantCount: 3300,
        isFree: false,
        spots: 3300,
      })
      .returning({ id: event.id }),
  )
  let photoIndex = 0
  let lastGalleryId = ''
  // First, so the event's other galleries come before it in the admin's newest-first list.
  const queued: string[] = await seedFindMeGallery(companyId, createdBy, tour.id, (index) =>
    concertSvg(index, 2400, 1600),
  )
  for (const gallery of GALLERIES) {
    const { photos, ...details } = gallery
    const [item] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'gallery',
          status: 'published',
          publishedAt: new Date(),
          eventId: tour.id,
          happenedOn: '2026-10-17',
          createdBy,
          ...details,
        })
        .returning({ id: contentItem.id }),
    )
    lastGalleryId = item.id
    for (let position = 0; position < photos; position++) {
      const bytes = await demoPhoto(photoIndex++)
      const assetId = randomUUID()
      const storageKey = mediaKey(companyId, assetId, 'original', 'jpg')
      await getStorage().put(storageKey, bytes, { contentType: 'image/jpeg' })
      await withSystem((tx) =>
        tx.insert(asset).values({
          id: assetId,
          companyId,
          contentItemId: item.id,
          purpose: 'gallery-media',
          mediaType: 'image',
          originalName: `NIGHT_OWLS_${String(photoIndex).padStart(3, '0')}.jpg`,
          mimeType: 'image/jpeg',
          sizeBytes: bytes.length,
          storageKey,
          position,
          altText: PHOTO_DESCRIPTIONS[(photoIndex - 1) % PHOTO_DESCRIPTIONS.length],
          createdBy,
        }),
      )
      queued.push(assetId)
    }
  }
  queued.push(...(await seedLiveGallery(companyId, createdBy, tour.id, photoIndex)))
  const clip = await demoVideo()
  if (clip) {
    const assetId = randomUUID()
    const storageKey = mediaKey(companyId, assetId, 'original', 'mp4')
    await getStorage().put(storageKey, clip, { contentType: 'video/mp4' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: assetId,
        companyId,
        contentItemId: lastGalleryId,
        purpose: 'gallery-media',
        mediaType: 'video',
        originalName: 'WALK_TO_STAGE.mp4',
        mimeType: 'video/mp4',
        sizeBytes: clip.length,
        storageKey,
        position: GALLERIES.at(-1)!.photos,
        title: 'Walk to the stage',
        createdBy,
      }),
    )
    queued.push(assetId)
    // The same clip as a single item of the event: fans open it in the player.
    const [single] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId,
          kind: 'single',
          status: 'published',
          publishedAt: new Date(),
          eventId: tour.id,
          happenedOn: '2026-10-17',
          title: 'Walk to the stage (video)',
          description: 'Thirty seconds before the first chord.',
          createdBy,
        })
        .returning({ id: contentItem.id }),
    )
    const singleAssetId = randomUUID()
    const singleKey = mediaKey(companyId, singleAssetId, 'original', 'mp4')
    await getStorage().put(singleKey, clip, { contentType: 'video/mp4' })
    await withSystem((tx) =>
      tx.insert(asset).values({
        id: singleAssetId,
        companyId,
        contentItemId: single.id,
        purpose: 'content-file',
        mediaType: 'video',
        originalName: 'WALK_TO_STAGE.mp4',
        mimeType: 'video/mp4',
        sizeBytes: clip.length,
        storageKey: singleKey,
        title: 'Walk to the stage',
        createdBy,
      }),
    )
    queued.push(singleAssetId)
  }
  await withSystem((tx) =>
    tx
      .update(organization)
      .set({ metadata: JSON.stringify({ [SEEDED_MARK]: true }) })
      .where(eq(organization.id, companyId)),
  )
  for (const assetId of queued) await enqueue(generateRenditionsJob, { companyId, assetId }, { singletonKey: assetId })
  logger.info({ files: queued.length }, 'demo content seeded')
}
