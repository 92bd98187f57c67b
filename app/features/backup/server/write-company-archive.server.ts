import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { makeZip } from 'client-zip'
import { asc, eq, getTableColumns } from 'drizzle-orm'
import { type asset, member, organization, user } from '#db/schema'
import { CSV_BOM, csvRow } from '#app/lib/csv'
import { logger } from '#app/lib/logger.server'
import type { Storage } from '#app/lib/storage.server'
import type { TenantContext } from '#app/access/context'
import {
  ARCHIVE_MANIFEST,
  ARCHIVE_TABLES,
  COMPANY_ARCHIVE_FORMAT,
  COMPANY_FILE,
  tableCsvPath,
  tableJsonPath,
  type TArchivedCompany,
  type TCompanyArchiveManifest,
} from '../company-archive'
import { ARCHIVE_TABLE_SPECS, csvValue, PROFILE_COLUMNS } from './company-archive-tables.server'

type ZipEntry = { name: string; input: string | AsyncIterable<Uint8Array>; lastModified?: Date }

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A stored original's bytes, hashed as they pass into the archive; `missing` when storage no longer has it. */
async function* hashedBytes(storage: Storage, key: string, done: (result: { size: number; sha256: string }) => void) {
  const hash = createHash('sha256')
  let size = 0
  const stream = await storage.read(key)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk)
      size += chunk.length
      yield chunk
    }
  } finally {
    stream.destroy()
  }
  done({ size, sha256: hash.digest('hex') })
}

/** The company's rows, read in one transaction of its own tenant fence, with its profile and team. */
async function readCompanyData(context: TenantContext) {
  const companyId = context.company.id
  const tables = await context.withTenant(async (tx) => {
    const result: Partial<Record<(typeof ARCHIVE_TABLES)[number], Record<string, unknown>[]>> = {}
    for (const name of ARCHIVE_TABLES) {
      const spec = ARCHIVE_TABLE_SPECS[name]
      result[name] = (await tx
        .select()
        .from(spec.table)
        .where(eq(spec.table.companyId, companyId))
        .orderBy(...spec.orderBy.map((column) => asc(column)))) as Record<string, unknown>[]
    }
    return result as Record<(typeof ARCHIVE_TABLES)[number], Record<string, unknown>[]>
  })
  const [row] = await context.companyRecords((db) =>
    db.select().from(organization).where(eq(organization.id, companyId)),
  )
  const team = await context.companyRecords((db) =>
    db
      .select({ email: user.email, role: member.role })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(eq(member.organizationId, companyId))
      .orderBy(asc(member.createdAt)),
  )
  const profile = Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, row?.[column] ?? null]))
  const company: TArchivedCompany = {
    profile,
    members: team.flatMap((person) =>
      person.role === 'admin' || person.role === 'manager' || person.role === 'user'
        ? [{ email: person.email, role: person.role }]
        : [],
    ),
  }
  return { tables, company }
}

function toCsv(rows: Record<string, unknown>[], columns: string[]) {
  return CSV_BOM + csvRow(columns) + rows.map((row) => csvRow(columns.map((column) => csvValue(row[column])))).join('')
}

/**
 * Writes one company's archive to `key` in storage: its data as JSON and CSV, its originals, and
 * the manifest last. The ZIP is streamed into storage while it is built, one original at a time,
 * so many gigabytes of originals never sit in memory (stored, not recompressed, as fans' ZIPs).
 * The rows themselves are read whole: they are metadata, small beside the files.
 */
export async function writeCompanyArchive(context: TenantContext, storage: Storage, key: string) {
  const createdAt = new Date()
  const { tables, company } = await readCompanyData(context)
  const manifest: TCompanyArchiveManifest = {
    format: COMPANY_ARCHIVE_FORMAT,
    kind: 'company',
    createdAt: createdAt.toISOString(),
    company: { id: context.company.id, name: context.company.name, slug: context.company.slug },
    tables: [],
    files: [],
    missingFiles: [],
  }
  const originals = tables.assets as (typeof asset.$inferSelect)[]
  // Existence is asked before the ZIP starts: once it is streaming, a missing file cannot be skipped.
  const present: typeof originals = []
  for (const original of originals) {
    if (await storage.head(original.storageKey)) present.push(original)
    else manifest.missingFiles.push(original.id)
  }
  if (manifest.missingFiles.length > 0)
    logger.warn(
      { companyId: context.company.id, missing: manifest.missingFiles.length },
      'originals missing from storage: listed in the archive manifest',
    )

  async function* entries(): AsyncGenerator<ZipEntry> {
    const companyJson = `${JSON.stringify(company, null, 2)}\n`
    yield { name: COMPANY_FILE, input: companyJson, lastModified: createdAt }
    for (const name of ARCHIVE_TABLES) {
      const rows = tables[name]
      const json = `${JSON.stringify(rows, null, 2)}\n`
      const columns = Object.keys(getTableColumns(ARCHIVE_TABLE_SPECS[name].table))
      manifest.tables.push({
        name,
        rows: rows.length,
        json: tableJsonPath(name),
        csv: tableCsvPath(name),
        sha256: sha256(json),
      })
      yield { name: tableJsonPath(name), input: json, lastModified: createdAt }
      yield { name: tableCsvPath(name), input: toCsv(rows, columns), lastModified: createdAt }
    }
    for (const original of present) {
      const path = `files/${original.id}/${original.storageKey.split('/').pop()}`
      yield {
        name: path,
        lastModified: original.createdAt,
        input: hashedBytes(storage, original.storageKey, (result) =>
          manifest.files.push({ path, assetId: original.id, ...result }),
        ),
      }
    }
    // Last: the ZIP reads each entry to its end before asking for the next, so every checksum is known.
    yield { name: ARCHIVE_MANIFEST, input: `${JSON.stringify(manifest, null, 2)}\n`, lastModified: createdAt }
  }

  const zip = Readable.fromWeb(makeZip(entries()) as unknown as WebReadableStream<Uint8Array>)
  const stored = await storage.put(key, zip, { contentType: 'application/zip' })
  return { sizeBytes: stored.size, fileCount: manifest.files.length, manifest }
}
