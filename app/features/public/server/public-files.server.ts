import type { StoredObject } from '#app/lib/storage.server'
import { findPublicRendition, findPublicStream, type FileGuard } from './find-public-rendition.server'
import { isDatabaseUnavailable } from '#app/lib/errors'

/*
 * Which files fans may load (`/p/{asset}/{variant}`), answered from memory: a fan's gallery asks
 * for dozens of photos at once, and each used to cost a database transaction. An answer is kept
 * until the company changes something fans see: the database notifies `public_changes` with the
 * company's id (migration 0008) and every process forgets that company's answers, and every
 * "not public" answer, since a file may just have been published. Unpublishing a gallery closes
 * its files within the time a notification takes to arrive.
 */

export type PublicFile = {
  companyId: string
  storageKey: string
  /** Set for a protected gallery's file: who may have it is asked on every request (ADR 059). */
  guard?: FileGuard
  /** What storage said of it (size, ETag): asked once. */
  object?: StoredObject
  /** The headers of its whole answer, once made: the next fans get them as they are. */
  ready?: Record<string, string | number>
}

type Lookup = (assetId: string, variant: string) => Promise<PublicFile | null>

export function createPublicFileIndex(options: { lookup: Lookup; maxEntries: number }) {
  const answers = new Map<string, PublicFile | null>()
  // What was known before notifications may have been missed (forgetAll): asked again first, and
  // served only while the database cannot be asked (a restart, a failover), so fans' photos stay up.
  let doubted = new Map<string, PublicFile>()
  // Bumped by every forget: a lookup that started before one is answered but not kept.
  let generation = 0

  const keep = (key: string, answer: PublicFile | null) => {
    answers.delete(key)
    answers.set(key, answer)
    for (const [oldest] of answers) {
      if (answers.size <= options.maxEntries) break
      answers.delete(oldest)
    }
  }

  return {
    async find(assetId: string, variant: string): Promise<PublicFile | null> {
      const key = `${assetId}/${variant}`
      const known = answers.get(key)
      if (known !== undefined) return known
      const startedAt = generation
      let answer: PublicFile | null
      try {
        answer = await options.lookup(assetId, variant)
      } catch (error) {
        const before = doubted.get(key)
        if (before && isDatabaseUnavailable(error)) return before
        throw error
      }
      doubted.delete(key)
      if (startedAt === generation) keep(key, answer)
      return answer
    },
    /** Remembers what storage said of a file (size, ETag), so serving it again asks nobody. */
    describe(assetId: string, variant: string, object: StoredObject) {
      const known = answers.get(`${assetId}/${variant}`)
      if (known) known.object = object
    },
    forgetCompany(companyId: string) {
      generation += 1
      for (const [key, answer] of answers) if (answer === null || answer.companyId === companyId) answers.delete(key)
      for (const [key, answer] of doubted) if (answer.companyId === companyId) doubted.delete(key)
    },
    forgetAll() {
      generation += 1
      const known = new Map<string, PublicFile>()
      for (const [key, answer] of answers) if (answer) known.set(key, answer)
      // Older doubts, not asked again since, stay too (within the same bound).
      for (const [key, answer] of doubted)
        if (!known.has(key) && known.size < options.maxEntries) known.set(key, answer)
      doubted = known
      answers.clear()
    },
    get size() {
      return answers.size
    },
  }
}

async function lookupPublicFile(assetId: string, variant: string): Promise<PublicFile | null> {
  // Videos, audio and PDFs stream from their original (with byte ranges, for seeking).
  return variant === 'stream' ? findPublicStream(assetId) : findPublicRendition(assetId, variant)
}

const INDEX_KEY = Symbol.for('afterglow.public-files')
type GlobalWithIndex = typeof globalThis & { [INDEX_KEY]?: ReturnType<typeof createPublicFileIndex> }

/** The process's index: 50,000 answers are a few megabytes. */
export function publicFiles() {
  const store = globalThis as GlobalWithIndex
  store[INDEX_KEY] ??= createPublicFileIndex({ lookup: lookupPublicFile, maxEntries: 50_000 })
  return store[INDEX_KEY]
}

/** What the database announces about fans' files (see the module comment). */
export const PUBLIC_FILE_CHANGES = { public_changes: (companyId: string) => publicFiles().forgetCompany(companyId) }
