import { describe, expect, it } from 'vitest'
import { asset, event } from '#db/schema'
import { ZCompanyArchiveManifest } from '../company-archive'
import { ARCHIVE_TABLE_SPECS, csvValue, rowForInsert, type IdMaps } from './company-archive-tables.server'

const ids = (): IdMaps => ({
  company: 'new-company',
  events: new Map([['old-event', 'new-event']]),
  items: new Map([['old-item', 'new-item']]),
  assets: new Map([['old-asset', 'new-asset']]),
  leads: new Map([['old-lead', 'new-lead']]),
})

describe('restoring a company archive rewrites references to the copy', () => {
  it('points an asset at the copy of its item, thumbnail and event; a reference to something not archived becomes null', () => {
    const row = ARCHIVE_TABLE_SPECS.assets.remap(
      {
        contentItemId: 'old-item',
        customThumbnailAssetId: 'old-asset',
        illustratesContentItemId: 'gone-item',
        illustratesEventId: 'old-event',
        title: 'Encore',
      },
      ids(),
    )
    expect(row).toEqual({
      contentItemId: 'new-item',
      customThumbnailAssetId: 'new-asset',
      illustratesContentItemId: null,
      illustratesEventId: 'new-event',
      title: 'Encore',
      liveSeq: null,
    })
  })

  it('restores a live gallery as a copy that is not live and has no wall link', () => {
    const row = ARCHIVE_TABLE_SPECS.content_items.remap(
      { eventId: 'old-event', coverAssetId: null, liveMode: true, wallToken: 'a'.repeat(32) },
      ids(),
    )
    expect(row).toEqual({ eventId: 'new-event', coverAssetId: null, liveMode: false, wallToken: null })
  })

  it('renames the subject of event and item rollups, never the company row', () => {
    const remap = ARCHIVE_TABLE_SPECS.analytics_daily.remap
    expect(remap({ scope: 'event', subject: 'old-event' }, ids()).subject).toBe('new-event')
    expect(remap({ scope: 'item', subject: 'old-item' }, ids()).subject).toBe('new-item')
    expect(remap({ scope: 'company', subject: '' }, ids()).subject).toBe('')
  })

  it('links a download to the copies of its lead, file and item', () => {
    expect(
      ARCHIVE_TABLE_SPECS.downloads.remap(
        { contentItemId: 'old-item', assetId: 'old-asset', leadId: 'old-lead' },
        ids(),
      ),
    ).toEqual({ contentItemId: 'new-item', assetId: 'new-asset', leadId: 'new-lead' })
  })

  it('takes only the table\u2019s own columns from JSON, timestamps back as dates', () => {
    const row = rowForInsert(event, {
      title: 'Night',
      startsAt: '2026-10-01T20:00:00.000Z',
      injected: 'x',
      companyId: 'c',
    })
    expect(row).toEqual({ title: 'Night', startsAt: new Date('2026-10-01T20:00:00.000Z'), companyId: 'c' })
    expect(rowForInsert(asset, { sizeBytes: 12, capturedAt: null })).toEqual({ sizeBytes: 12, capturedAt: null })
  })

  it('writes CSV cells of dates, objects and nulls as spreadsheets read them', () => {
    expect(csvValue(new Date('2026-10-01T20:00:00.000Z'))).toBe('2026-10-01T20:00:00.000Z')
    expect(csvValue({ en: 'Hi' })).toBe('{"en":"Hi"}')
    expect(csvValue(null)).toBeNull()
    expect(csvValue(false)).toBe('false')
  })
})

describe('an archive manifest', () => {
  const manifest = (path: string) => ({
    format: 1,
    kind: 'company',
    createdAt: '2026-11-25T00:00:00.000Z',
    company: { id: 'c', name: 'Owls', slug: 'owls' },
    tables: [],
    files: [{ path, assetId: '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab', size: 1, sha256: 'a'.repeat(64) }],
    missingFiles: [],
  })

  it('names files only under files/<asset>/, never a path that climbs out', () => {
    expect(
      ZCompanyArchiveManifest.safeParse(manifest('files/3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab/original.jpg')).success,
    ).toBe(true)
    for (const path of [
      '../etc/passwd',
      'files/3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab/../../x',
      'files/x/original.jpg',
      '/files/3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab/a',
    ]) {
      expect(ZCompanyArchiveManifest.safeParse(manifest(path)).success, path).toBe(false)
    }
  })
})
