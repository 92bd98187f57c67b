import { z } from 'zod'

/*
 * What a backup folder holds: `database.dump` (pg_dump's custom format, one consistent snapshot),
 * `media/<key>` (every stored object) and `manifest.json`, written last, with a SHA-256 of each.
 * A folder without its manifest is an unfinished backup.
 */

export const BACKUP_FORMAT = 1
export const MANIFEST_FILE = 'manifest.json'
export const DATABASE_FILE = 'database.dump'
export const MEDIA_FOLDER = 'media'

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex')
// The storage's own key rule (assertValidKey) is checked again on restore.
const ZKey = z.string().min(1).max(1024)

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  database: z.object({ file: z.literal(DATABASE_FILE), size: z.number().int().nonnegative(), sha256: ZSha256, serverVersion: z.string().min(1), dumpMajorVersion: z.number().int().positive() }),
  media: z.array(z.object({ key: ZKey, size: z.number().int().nonnegative(), sha256: ZSha256 })),
  /** Files the database named that storage no longer had when they were copied (deleted meanwhile, or lost before). */
  missingMedia: z.array(ZKey),
})

export type TBackupManifest = z.infer<typeof ZBackupManifest>
