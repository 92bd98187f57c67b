// "Find me" (issue 46, ADR 101): the faces in a photo, each with an embedding a fan's selfie is
// compared with. Detection is face-api's SSD MobileNet v1, the embedding its 128-dimension ResNet
// (the dlib face recognition network ported to TensorFlow.js), both run by TensorFlow.js on its
// WebAssembly backend: no native binary, no install script, and the weights are read from the
// files of the npm package, never fetched.
import { createRequire } from 'node:module'
import path from 'node:path'
import type * as TensorFlow from '@tensorflow/tfjs'
import type * as WasmBackend from '@tensorflow/tfjs-backend-wasm'
import type * as FaceApiModule from '@vladmandic/face-api/dist/face-api.node-wasm.js'
import sharp from 'sharp'
import { MAX_IMAGE_PIXELS } from '#app/features/media/upload-rules'

export type FaceBox = { x: number; y: number; width: number; height: number } // fractions 0..1 of the image
export type DetectedFace = { box: FaceBox; embedding: Float32Array /* L2-normalised */; score: number }
export type FaceDetection = {
  faces: DetectedFace[]
  skipped: { small: number; blurred: number; lowConfidence: number }
}

/**
 * The largest distance (Euclidean, between L2-normalised embeddings) at which two faces are taken
 * for the same person, chosen with `node bench/find-me.js` (ADR 101): below the closest pair of
 * different people measured (0.296), above 96 % of the same-person pairs. Unit vectors put the
 * dlib network's usual 0.6 at about 0.4, where different people of one look matched here.
 */
export const MATCH_THRESHOLD = 0.26
export const EMBEDDING_DIMENSIONS = 128

/** Faces are found on the photo at this long side (the detector itself looks at 512 × 512). */
export const DETECTION_LONG_SIDE = 1600
/** Faces are cut for landmarks and the embedding from the photo at this long side, at most. */
export const CROP_LONG_SIDE = 3200
/** A face narrower than this, in the pixels it is cut from (the photo up to CROP_LONG_SIDE), is too small to match well. */
export const MIN_FACE_PIXELS = 42
/** Below this detector score a face is not reported (and counted as low confidence above a floor). */
export const MIN_FACE_SCORE = 0.5
/** The detector's floor: what scores under it is background, not a face, and is not counted. */
const COUNTED_SCORE_FLOOR = 0.3
/**
 * Variance of the Laplacian of the face at 64 × 64 grey pixels, per 100 of the face's own grey
 * variance (so a dim or flat-lit face is not taken for a blurred one), under which it is too blurred
 * to match.
 */
export const MIN_FACE_SHARPNESS = 5
const SHARPNESS_SIDE = 64

type FaceApi = typeof FaceApiModule
type Model = { faceapi: FaceApi; detectorOptions: InstanceType<FaceApi['SsdMobilenetv1Options']> }

let model: Promise<Model> | null = null

/** The model, loaded once per process; a failed load is tried again by the next call. */
function loadModel(): Promise<Model> {
  model ??= (async () => {
    const require = createRequire(import.meta.url)
    const faceapi: FaceApi = require('@vladmandic/face-api/dist/face-api.node-wasm.js')
    const wasm: typeof WasmBackend = require('@tensorflow/tfjs-backend-wasm')
    // The .wasm files beside the backend's own script, read from disk (no platform fetch).
    wasm.setWasmPaths(`${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`)
    // The same TensorFlow.js that face-api's Node WebAssembly build requires.
    const tf: typeof TensorFlow = require('@tensorflow/tfjs')
    await tf.setBackend('wasm')
    await tf.ready()
    const models = path.join(path.dirname(require.resolve('@vladmandic/face-api')), '..', 'model')
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(models)
    await faceapi.nets.faceLandmark68Net.loadFromDisk(models)
    await faceapi.nets.faceRecognitionNet.loadFromDisk(models)
    return {
      faceapi,
      detectorOptions: new faceapi.SsdMobilenetv1Options({ minConfidence: COUNTED_SCORE_FLOOR, maxResults: 200 }),
    }
  })().catch((error) => {
    model = null
    throw error
  })
  return model
}

/**
 * One photo at a time through the network: TensorFlow.js runs on this thread whatever the
 * callers do, and one photo's tensors at a time keep memory bounded. Decoding (sharp, its own
 * threads) happens outside the queue.
 */
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => {})
  return run
}

/** The photo upright (EXIF orientation), as RGB pixels at two sizes: one to detect on, one to cut faces from. */
async function decode(image: Buffer) {
  const upright = sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate()
  const crop = await upright
    .resize({ width: CROP_LONG_SIDE, height: CROP_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height } = crop.info
  const scale = Math.min(1, DETECTION_LONG_SIDE / Math.max(width, height))
  const detect =
    scale === 1
      ? crop
      : await sharp(crop.data, { raw: { width, height, channels: 3 } })
          .resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) })
          .raw()
          .toBuffer({ resolveWithObject: true })
  return { crop, detect }
}

type Pixels = { data: Buffer; info: { width: number; height: number } }

/** Variance of the Laplacian of the face's middle, in grey at a fixed size, against its contrast: low for a blurred face. */
async function sharpnessOf(pixels: Pixels, box: { x: number; y: number; width: number; height: number }) {
  // The middle of the box: the face's own edges, not the background's or the hair's.
  const inset = 0.15
  const left = Math.min(pixels.info.width - 1, Math.max(0, Math.floor(box.x + box.width * inset)))
  const top = Math.min(pixels.info.height - 1, Math.max(0, Math.floor(box.y + box.height * inset)))
  const width = Math.max(1, Math.min(pixels.info.width - left, Math.round(box.width * (1 - 2 * inset))))
  const height = Math.max(1, Math.min(pixels.info.height - top, Math.round(box.height * (1 - 2 * inset))))
  const grey = await sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(SHARPNESS_SIDE, SHARPNESS_SIDE, { fit: 'fill' })
    .greyscale()
    .raw()
    .toBuffer()
  const side = SHARPNESS_SIDE
  let sum = 0
  let sumOfSquares = 0
  let greySum = 0
  let greySumOfSquares = 0
  let count = 0
  for (let y = 1; y < side - 1; y++) {
    for (let x = 1; x < side - 1; x++) {
      const i = y * side + x
      const laplacian = grey[i - side] + grey[i + side] + grey[i - 1] + grey[i + 1] - 4 * grey[i]
      sum += laplacian
      sumOfSquares += laplacian * laplacian
      greySum += grey[i]
      greySumOfSquares += grey[i] * grey[i]
      count++
    }
  }
  const laplacianVariance = sumOfSquares / count - (sum / count) ** 2
  const greyVariance = greySumOfSquares / count - (greySum / count) ** 2
  // Relative to the face's own contrast: a dim or flat-lit face is not a blurred one.
  return (100 * laplacianVariance) / Math.max(greyVariance, 1)
}

function normalise(vector: Float32Array): Float32Array {
  let norm = 0
  for (let i = 0; i < vector.length; i++) norm += vector[i] * vector[i]
  norm = Math.sqrt(norm) || 1
  const unit = new Float32Array(vector.length)
  for (let i = 0; i < vector.length; i++) unit[i] = vector[i] / norm
  return unit
}

let warmed: Promise<void> | null = null

/**
 * Loads the model ahead of a search (a fan opened the dialog) and runs each network once on
 * blank pixels: TensorFlow.js sets up each network's kernels on its first run (most of a second
 * here), which the fan's selfie then does not wait for.
 */
export function prepareFaceModel(): Promise<void> {
  warmed ??= loadModel()
    .then(({ faceapi, detectorOptions }) =>
      oneAtATime(async () => {
        const { tf } = faceapi
        const blank = (side: number) => tf.zeros([side, side, 3], 'int32') as ReturnType<typeof tf.tensor3d>
        const [detect, landmarks, describe] = [blank(64), blank(112), blank(150)]
        try {
          await faceapi.detectAllFaces(detect, detectorOptions)
          await faceapi.nets.faceLandmark68Net.detectLandmarks(landmarks)
          await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(describe)
        } finally {
          for (const tensor of [detect, landmarks, describe]) tensor.dispose()
        }
      }),
    )
    .catch((error) => {
      warmed = null
      throw error
    })
  return warmed
}

/**
 * Every face in a photo (any JPEG, PNG or WebP, any size) that is large, sharp and certain enough
 * to be matched, with its box as fractions of the upright photo; the others are counted.
 */
export async function detectFaces(image: Buffer): Promise<FaceDetection> {
  return (await detectFacesTimed(image)).detection
}

/** What decides that a face is skipped (the bench calibrates them with other values). */
export type FaceLimits = { minPixels: number; minSharpness: number; minScore: number }
const DEFAULT_LIMITS: FaceLimits = {
  minPixels: MIN_FACE_PIXELS,
  minSharpness: MIN_FACE_SHARPNESS,
  minScore: MIN_FACE_SCORE,
}
/** Of each face kept: its width in the pixels it was cut from, and its sharpness. */
export type FaceMeasures = { pixels: number; sharpness: number }

/** Where the time of one photo went, in milliseconds (the bench's breakdown). */
export type FaceDetectionTimings = { decodeMs: number; detectMs: number; embedMs: number }

/** detectFaces, with the time taken by decoding, detection and the embeddings (landmarks included). */
export async function detectFacesTimed(
  image: Buffer,
  limits: FaceLimits = DEFAULT_LIMITS,
): Promise<{ detection: FaceDetection; timings: FaceDetectionTimings; measures: FaceMeasures[] }> {
  const loaded = loadModel()
  await photoSlot()
  try {
    return await findFaces(image, limits, loaded)
  } finally {
    releasePhotoSlot()
  }
}

/**
 * Photos decoded or being decoded at once, whoever calls: one in the network, the next one being
 * decoded beside it. Each holds its pixels (~25 MB for a photo of 3,200 px), so callers that send
 * a hundred photos at once wait here instead of holding a hundred photos' pixels.
 */
const PHOTOS_IN_FLIGHT = 2
let photosInFlight = 0
const waitingForSlot: (() => void)[] = []
function photoSlot(): Promise<void> {
  if (photosInFlight < PHOTOS_IN_FLIGHT) {
    photosInFlight++
    return Promise.resolve()
  }
  return new Promise((resolve) => waitingForSlot.push(resolve))
}
function releasePhotoSlot() {
  const next = waitingForSlot.shift()
  // The slot passes straight to the next caller, so the count stays as it is.
  if (next) next()
  else photosInFlight--
}

async function findFaces(
  image: Buffer,
  limits: FaceLimits,
  loaded: Promise<Model>,
): Promise<{ detection: FaceDetection; timings: FaceDetectionTimings; measures: FaceMeasures[] }> {
  const decodeStarted = performance.now()
  const { crop, detect } = await decode(image)
  const decodeMs = performance.now() - decodeStarted
  const { faceapi, detectorOptions } = await loaded
  const { tf } = faceapi
  const skipped = { small: 0, blurred: 0, lowConfidence: 0 }
  const detectWidth = detect.info.width
  const detectHeight = detect.info.height
  const toCrop = crop.info.width / detectWidth

  return oneAtATime(async () => {
    const detectStarted = performance.now()
    const detections = tf.tensor3d(new Uint8Array(detect.data.buffer, detect.data.byteOffset, detect.data.length), [
      detectHeight,
      detectWidth,
      3,
    ])
    let found: Awaited<ReturnType<typeof faceapi.detectAllFaces>>
    try {
      found = await faceapi.detectAllFaces(detections, detectorOptions)
    } finally {
      detections.dispose()
    }
    const kept: { box: { x: number; y: number; width: number; height: number }; score: number; sharpness: number }[] =
      []
    for (const detection of found) {
      const box = detection.box
      // The face in the pixels its landmarks and embedding are cut from.
      const inCrop = { x: box.x * toCrop, y: box.y * toCrop, width: box.width * toCrop, height: box.height * toCrop }
      if (detection.score < limits.minScore) skipped.lowConfidence++
      else if (Math.min(inCrop.width, inCrop.height) < limits.minPixels) skipped.small++
      else {
        const sharpness = await sharpnessOf(crop, inCrop)
        if (sharpness < limits.minSharpness) skipped.blurred++
        else kept.push({ box: inCrop, score: detection.score, sharpness })
      }
    }
    const detectMs = performance.now() - detectStarted
    if (kept.length === 0)
      return { detection: { faces: [], skipped }, timings: { decodeMs, detectMs, embedMs: 0 }, measures: [] }
    const embedStarted = performance.now()

    const faces: DetectedFace[] = []
    for (const face of kept) {
      // Landmarks on the face as found, then the embedding of the face turned upright by them.
      const found = regionTensor(tf, crop, face.box)
      if (!found) continue
      let landmarks: InstanceType<FaceApi['FaceLandmarks68']>
      try {
        landmarks = (await faceapi.nets.faceLandmark68Net.detectLandmarks(found.tensor)) as InstanceType<
          FaceApi['FaceLandmarks68']
        >
      } finally {
        found.tensor.dispose()
      }
      const aligned = landmarks.shiftBy(found.left, found.top).align(null, { useDlibAlignment: true })
      const upright = regionTensor(tf, crop, aligned)
      if (!upright) continue
      let descriptor: Float32Array
      try {
        descriptor = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(upright.tensor)) as Float32Array
      } finally {
        upright.tensor.dispose()
      }
      const x = Math.max(0, face.box.x / crop.info.width)
      const y = Math.max(0, face.box.y / crop.info.height)
      faces.push({
        box: {
          x,
          y,
          width: Math.min(1 - x, face.box.width / crop.info.width),
          height: Math.min(1 - y, face.box.height / crop.info.height),
        },
        embedding: normalise(descriptor),
        score: face.score,
      })
    }
    return {
      detection: { faces, skipped },
      timings: { decodeMs, detectMs, embedMs: performance.now() - embedStarted },
      measures: kept.map((face) => ({ pixels: Math.min(face.box.width, face.box.height), sharpness: face.sharpness })),
    }
  })
}

/**
 * A region of the photo as a small tensor, clipped at the photo's borders as face-api's own
 * extractFaceTensors does (the networks pad it to a square and resize it themselves). Its rows are
 * copied out of the decoded pixels: no tensor of the whole photo is made.
 */
function regionTensor(tf: FaceApi['tf'], pixels: Pixels, box: { x: number; y: number; width: number; height: number }) {
  const left = Math.max(0, Math.floor(box.x))
  const top = Math.max(0, Math.floor(box.y))
  const right = Math.min(pixels.info.width, Math.ceil(box.x + box.width))
  const bottom = Math.min(pixels.info.height, Math.ceil(box.y + box.height))
  const width = right - left
  const height = bottom - top
  if (width < 1 || height < 1) return null
  const region = new Uint8Array(width * height * 3)
  const rowBytes = width * 3
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * pixels.info.width + left) * 3
    region.set(pixels.data.subarray(from, from + rowBytes), row * rowBytes)
  }
  return { tensor: tf.tensor3d(region, [height, width, 3], 'int32'), left, top }
}

/** Euclidean distance between two embeddings: 0 for the same face, 2 at most between unit vectors. */
export function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0
  for (let i = 0; i < a.length; i++) {
    const d = a[i] - b[i]
    sum += d * d
  }
  return Math.sqrt(sum)
}
