import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { companySlugRedirect, member, organization, user } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { ZCompanySlug } from '#app/features/companies/companies.schema'
import { mediaKey, type Storage } from '#app/lib/storage.server'
import type { PlatformContext, SystemActor, TenantContext } from '#app/access/context'
import {
  ARCHIVE_TABLES,
  COMPANY_FILE,
  TABLES_ADDED_LATER,
  ZArchivedCompany,
  ZArchivedRows,
  type ArchiveTable,
} from '../company-archive'
import { ARCHIVE_TABLE_SPECS, PROFILE_COLUMNS, rowForInsert, type IdMaps } from './company-archive-tables.server'
import { BackupError } from './postgres-tools.server'
import { entryChecksum, openCompanyArchive, readArchiveManifest } from './read-company-archive.server'

export type RestoreCompanyInput = {
  archiveFile: string
  storage: Storage
  slug?: string
  log?: (line: string) => void
  /** The platform acting for the company the restore makes (the access module's asSystem). */
  asSystem: (companyId: string, reason: string) => Promise<TenantContext<SystemActor> | null>
  /** The platform acting across companies: the slug is chosen among all of them, the company row made. */
  sweep: PlatformContext
}

async function isSlugFree(sweep: PlatformContext, slug: string) {
  return sweep.platform(async (tx) => {
    const [company] = await tx.select({ id: organization.id }).from(organization).where(eq(organization.slug, slug))
    const [redirect] = await tx
      .select({ slug: companySlugRedirect.oldSlug })
      .from(companySlugRedirect)
      .where(eq(companySlugRedirect.oldSlug, slug))
    return !company && !redirect
  })
}

/** The page address of the copy: the one asked for (refused when taken), or the original's with `-restored` and a number. */
async function chooseSlug(sweep: PlatformContext, wanted: string | undefined, original: string) {
  if (wanted !== undefined) {
    const parsed = ZCompanySlug.safeParse(wanted)
    if (!parsed.success)
      throw new BackupError(
        `The slug "${wanted}" cannot be a page address (${parsed.error.issues[0]?.message}): lower-case letters, digits and hyphens, 3 to 48.`,
      )
    if (!(await isSlugFree(sweep, parsed.data)))
      throw new BackupError(`The slug "${parsed.data}" is taken: choose another with --slug.`)
    return parsed.data
  }
  const base = `${original.slice(0, 36)}-restored`
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (await isSlugFree(sweep, candidate)) return candidate
  }
  throw new BackupError(`No free page address near "${base}": choose one with --slug.`)
}

/**
 * Restores one company's archive (ADR 055) as a new company: new ids for it and every row, so it
 * never collides with the original, the same content, events, leads and their consent, comments,
 * downloads and analytics rollups, and the same original files. Checks every checksum before
 * anything is written; if anything fails after, the new company and its files are removed.
 * Renditions are not in an archive: the restored photos and videos are queued (pending) and the
 * renditions sweeper makes them again. The plan stays Starter until billing says otherwise.
 */
export async function restoreCompanyArchive({
  archiveFile,
  storage,
  slug: wantedSlug,
  log = () => {},
  asSystem,
  sweep,
}: RestoreCompanyInput) {
  const archive = await openCompanyArchive(archiveFile)
  try {
    const manifest = await readArchiveManifest(archive)
    log(
      `Checking the archive of ${manifest.company.name} (${manifest.createdAt}): ${manifest.tables.length} tables, ${manifest.files.length} files…`,
    )
    for (const file of manifest.files) {
      const actual = await entryChecksum(archive, file.path)
      if (actual.sha256 !== file.sha256 || actual.size !== file.size)
        throw new BackupError(`The archive is damaged: ${file.path} does not match its checksum.`)
    }
    const tables = {} as Record<ArchiveTable, Record<string, unknown>[]>
    for (const name of ARCHIVE_TABLES) {
      const entry = manifest.tables.find((table) => table.name === name)
      if (!entry && TABLES_ADDED_LATER.has(name)) {
        tables[name] = []
        continue
      }
      if (!entry) throw new BackupError(`The archive has no ${name} table.`)
      const text = await archive.readText(entry.json)
      if ((await entryChecksum(archive, entry.json)).sha256 !== entry.sha256)
        throw new BackupError(`The archive is damaged: ${entry.json} does not match its checksum.`)
      tables[name] = ZArchivedRows.parse(JSON.parse(text))
    }
    const archived = ZArchivedCompany.parse(JSON.parse(await archive.readText(COMPANY_FILE)))

    const slug = await chooseSlug(sweep, wantedSlug, manifest.company.slug)
    const ids: IdMaps = {
      company: randomUUID(),
      events: new Map(),
      items: new Map(),
      assets: new Map(),
      leads: new Map(),
    }
    const renewed = { events: ids.events, items: ids.items, assets: ids.assets, leads: ids.leads }
    for (const name of ARCHIVE_TABLES) {
      const kind = ARCHIVE_TABLE_SPECS[name].renews
      if (kind && kind !== 'other') for (const row of tables[name]) renewed[kind].set(String(row.id), randomUUID())
    }
    const fileOf = new Map(manifest.files.map((file) => [file.assetId, file]))

    const profile = Object.fromEntries(
      PROFILE_COLUMNS.filter((column) => column in archived.profile).map((column) => [
        column,
        archived.profile[column],
      ]),
    )
    const name = typeof profile.name === 'string' && profile.name ? profile.name : manifest.company.name
    await sweep.platform((tx) =>
      tx.insert(organization).values({
        ...(rowForInsert(organization, profile) as object),
        id: ids.company,
        name,
        slug,
        heroAssetId: typeof profile.heroAssetId === 'string' ? (ids.assets.get(profile.heroAssetId) ?? null) : null,
      }),
    )
    try {
      // The same people get the same roles in the copy, where they have an account here.
      const emails = archived.members.map((person) => person.email)
      const people =
        emails.length > 0
          ? await sweep.platform((tx) =>
              tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.email, emails)),
            )
          : []
      const team = archived.members.flatMap((person) => {
        const found = people.find((candidate) => candidate.email === person.email)
        return found ? [{ id: randomUUID(), organizationId: ids.company, userId: found.id, role: person.role }] : []
      })
      if (team.length > 0) await sweep.platform((tx) => tx.insert(member).values(team))
      log(
        team.length > 0
          ? `Team: ${team.map((row) => people.find((person) => person.id === row.userId)?.email).join(', ')}.`
          : 'Warning: none of the team has an account here; add an admin to the new company.',
      )

      log(`Copying ${manifest.files.length} original file(s)…`)
      const newKeys = new Map<string, string>()
      for (const row of tables.assets) {
        const oldId = String(row.id)
        const newId = ids.assets.get(oldId)!
        const extension =
          String(row.storageKey ?? '')
            .split('.')
            .pop() || 'bin'
        const key = mediaKey(ids.company, newId, 'original', extension)
        newKeys.set(oldId, key)
        const file = fileOf.get(oldId)
        if (file)
          await storage.put(key, await archive.read(file.path), {
            contentType: String(row.mimeType ?? 'application/octet-stream'),
          })
      }

      const context = await asSystem(ids.company, 'backup.restore-company')
      if (!context) throw new BackupError('The new company vanished while it was restored.')
      const counts: Record<string, number> = {}
      await context.withTenant(async (tx) => {
        for (const tableName of ARCHIVE_TABLES) {
          const spec = ARCHIVE_TABLE_SPECS[tableName]
          const rows = tables[tableName].map((row) => {
            const next = spec.remap({ ...row, companyId: ids.company }, ids)
            if (spec.renews && spec.renews !== 'other') next.id = renewed[spec.renews].get(String(row.id))
            else if (spec.renews === 'other') next.id = randomUUID()
            if (tableName === 'assets') {
              next.storageKey = newKeys.get(String(row.id))
              // Derived from renditions the archive does not carry: kept again as they are made.
              next.webpSources = []
              // Renditions are made again from the original by the renditions sweeper.
              if ((row.mediaType === 'image' || row.mediaType === 'video') && fileOf.has(String(row.id)))
                Object.assign(next, { processingStatus: 'pending', processingError: null })
            }
            return rowForInsert(spec.table, next)
          })
          counts[tableName] = rows.length
          // In slices: PostgreSQL takes at most 65,535 parameters in one statement.
          for (let start = 0; start < rows.length; start += 500)
            await tx.insert(spec.table).values(rows.slice(start, start + 500) as never)
        }
      })
      await recordAuditEvent({
        category: 'admin_privileged_action',
        action: 'company.restore',
        companyId: ids.company,
        tableName: 'companies',
        recordId: ids.company,
        details: { fromCompanyId: manifest.company.id, archiveCreatedAt: manifest.createdAt },
      })
      log(
        `Restored as ${slug} (${ids.company}): ${Object.entries(counts)
          .map(([table, count]) => `${count} ${table}`)
          .join(', ')}.`,
      )
      return { companyId: ids.company, slug, counts, files: manifest.files.length, ids }
    } catch (error) {
      await storage.deletePrefix(ids.company).catch(() => undefined)
      await sweep.platform((tx) => tx.delete(organization).where(eq(organization.id, ids.company)))
      throw error
    }
  } finally {
    archive.close()
  }
}
