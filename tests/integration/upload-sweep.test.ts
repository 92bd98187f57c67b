import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { sweepUploads } from '#app/features/media/server/sweep-uploads.server'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { createCompanyAdmin } from '../support/fixtures'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'

/*
 * The uploads folder holds only uploads that can still be resumed: a finished upload leaves
 * nothing there, and the hourly sweep removes what was abandoned or interrupted.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

async function leave(
  directory: string,
  id: string,
  parts: { bytes?: number; size?: number; created?: Date; json?: string },
  ageMs: number,
) {
  const when = new Date(Date.now() - ageMs)
  if (parts.bytes !== undefined) {
    await fs.writeFile(path.join(directory, id), Buffer.alloc(parts.bytes))
    await fs.utimes(path.join(directory, id), when, when)
  }
  const json =
    parts.json ??
    (parts.size !== undefined
      ? JSON.stringify({
          id,
          size: parts.size,
          offset: 0,
          metadata: {},
          creation_date: (parts.created ?? when).toISOString(),
        })
      : undefined)
  if (json !== undefined) {
    await fs.writeFile(path.join(directory, `${id}.json`), json)
    await fs.utimes(path.join(directory, `${id}.json`), when, when)
  }
}

describe('the uploads folder', () => {
  it('keeps nothing of a finished upload', async () => {
    const admin = await createCompanyAdmin('sweep')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({ companyId: admin.company.id, kind: 'gallery', title: 'Swept' })
        .returning({ id: contentItem.id }),
    )
    const directory = path.join(inject('dataDir'), 'uploads')
    const before = new Set(await fs.readdir(directory).catch(() => []))
    const done = await tusUpload(admin.client, await makePhoto(800, 600, '#335577'), {
      filename: 'night.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })
    expect(done.ok).toBe(true)
    const left = (await fs.readdir(directory)).filter((name) => !before.has(name))
    expect(left).toEqual([])
  })

  it('sweeps abandoned and interrupted uploads after they settle, and keeps the resumable ones', async () => {
    const directory = await fs.mkdtemp(path.join(inject('dataDir'), 'sweep-'))
    const id = () => randomBytes(16).toString('hex')
    const resumable = id()
    const justStarted = id()
    const abandoned = id()
    const finishedLeftover = id()
    const fileAlone = id()
    const descriptionAlone = id()
    const unreadable = id()
    const freshLeftover = id()
    await leave(directory, resumable, { bytes: 10, size: 100 }, 2 * DAY)
    await leave(directory, justStarted, { bytes: 0, size: 100 }, 0)
    await leave(directory, abandoned, { bytes: 10, size: 100 }, 8 * DAY)
    await leave(directory, finishedLeftover, { bytes: 100, size: 100 }, 2 * HOUR)
    await leave(directory, fileAlone, { bytes: 5 }, 2 * HOUR)
    await leave(directory, descriptionAlone, { size: 100 }, 2 * HOUR)
    await leave(directory, unreadable, { bytes: 5, json: '{not json' }, 2 * HOUR)
    await leave(directory, freshLeftover, { bytes: 100, size: 100 }, 5 * 60 * 1000)
    await fs.writeFile(path.join(directory, 'not-an-upload.txt'), 'kept')

    expect(await sweepUploads(directory)).toBe(5)
    const kept = (await fs.readdir(directory)).sort()
    expect(kept).toEqual(
      [
        freshLeftover,
        `${freshLeftover}.json`,
        justStarted,
        `${justStarted}.json`,
        'not-an-upload.txt',
        resumable,
        `${resumable}.json`,
      ].sort(),
    )
    // Nothing left to sweep the second time.
    expect(await sweepUploads(directory)).toBe(0)
    await fs.rm(directory, { recursive: true, force: true })
  })

  it('only reads the folder: sweeping one that is gone finds nothing and makes nothing', async () => {
    // A sweep that created its folder in the background once threw, out of reach, as the folder went.
    const directory = path.join(inject('dataDir'), `gone-${randomBytes(4).toString('hex')}`)
    expect(await sweepUploads(directory)).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await expect(fs.stat(directory)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
