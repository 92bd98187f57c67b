import { eq, sql } from 'drizzle-orm'
import { faceEmbedding } from '#db/schema'
import type { Transaction } from '#app/lib/db.server'
import { embeddingOf } from './embedding-bytes.server'

/*
 * A gallery's faces as a search scans them (ADR 103): every embedding of the gallery in one
 * Float32Array, read in one query and kept in memory while it is unchanged, so a 5,000-photo
 * gallery's 15,000 faces are scanned in milliseconds instead of read again for each fan.
 */

export type GalleryFaceIndex = {
  /** Which photo each face is in, by the face's place. */
  assetIds: string[]
  faceIds: string[]
  dimensions: number
  /** The faces' embeddings one after another. */
  vectors: Float32Array
}

/** Indexes kept at most, by their size in bytes: 15,000 faces of 128 numbers are 7.7 MB. */
const MAX_KEPT_BYTES = 192 * 1024 * 1024
const kept = new Map<string, { version: string; index: GalleryFaceIndex }>()
let keptBytes = 0

const bytesOf = (index: GalleryFaceIndex) => index.vectors.byteLength + index.assetIds.length * 100

function keep(galleryId: string, version: string, index: GalleryFaceIndex) {
  const old = kept.get(galleryId)
  if (old) {
    keptBytes -= bytesOf(old.index)
    kept.delete(galleryId)
  }
  if (bytesOf(index) > MAX_KEPT_BYTES) return
  while (keptBytes + bytesOf(index) > MAX_KEPT_BYTES && kept.size > 0) {
    const [oldestKey, oldest] = kept.entries().next().value!
    keptBytes -= bytesOf(oldest.index)
    kept.delete(oldestKey)
  }
  kept.set(galleryId, { version, index })
  keptBytes += bytesOf(index)
}

/**
 * The gallery's searchable faces, as `tx` may read them (a fan's read sees only a published
 * gallery's with Find me on, and never a face left out). What it last read is kept while the
 * gallery's faces are the same: their count and newest, asked in one indexed query.
 */
export async function galleryFaceIndex(tx: Transaction, galleryId: string): Promise<GalleryFaceIndex> {
  const [state] = await tx
    .select({ count: sql<number>`count(*)::int`, newest: sql<string | null>`max(${faceEmbedding.createdAt})::text` })
    .from(faceEmbedding)
    .where(eq(faceEmbedding.contentItemId, galleryId))
  const version = `${state?.count ?? 0}:${state?.newest ?? ''}`
  const hit = kept.get(galleryId)
  if (hit?.version === version) {
    kept.delete(galleryId)
    kept.set(galleryId, hit)
    return hit.index
  }
  const rows = await tx
    .select({ id: faceEmbedding.id, assetId: faceEmbedding.assetId, embedding: faceEmbedding.embedding })
    .from(faceEmbedding)
    .where(eq(faceEmbedding.contentItemId, galleryId))
  const dimensions = rows[0] ? rows[0].embedding.length / 4 : 0
  const vectors = new Float32Array(rows.length * dimensions)
  rows.forEach((row, place) => vectors.set(embeddingOf(row.embedding), place * dimensions))
  const index = { assetIds: rows.map((row) => row.assetId), faceIds: rows.map((row) => row.id), dimensions, vectors }
  keep(galleryId, version, index)
  return index
}

/** The faces of `index` within `threshold` of `probe` (by `distance`), nearest first. */
export function nearestFaces(
  index: GalleryFaceIndex,
  probe: Float32Array,
  threshold: number,
  distance: (a: Float32Array, b: Float32Array) => number,
) {
  const found: Array<{ place: number; distance: number }> = []
  if (index.dimensions !== probe.length) return found
  for (let place = 0; place < index.assetIds.length; place++) {
    const face = index.vectors.subarray(place * index.dimensions, (place + 1) * index.dimensions)
    const d = distance(probe, face)
    if (d < threshold) found.push({ place, distance: d })
  }
  return found.sort((a, b) => a.distance - b.distance)
}
