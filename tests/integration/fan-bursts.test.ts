import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { describe, expect, inject, it } from 'vitest'
import { contentItem } from '#db/schema'
import { withSystem } from '#app/lib/db.server'
import { openFileLimit } from '../../server/http-server'
import { createCompanyAdmin } from '../support/fixtures'
import { TestClient } from '../support/http-client'
import { makePhoto } from '../support/media-files'
import { tusUpload } from '../support/tus'
import { waitForAssetsReady } from '../support/assets'

/*
 * Right after a show, a thousand fans open the same gallery at the same moment (issue 43). Node's
 * default listen backlog (511) held half of them outside, retried by their systems seconds later;
 * past the open-file limit, accepting would fail for everyone. These tests open every connection
 * at once and ask whether each fan gets the page: how fast is the bench's question
 * (BENCH_ONLY=bursts).
 */

const FANS = 1000

type Answer = { status: number; body: Buffer } | { error: string }

/** `FANS` connections opened at once, each asking for `path` once (and closing), every answer or error kept. */
async function burst(path: string) {
  const { hostname, port, host } = new URL(inject('baseUrl'))
  const request = `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: identity\r\nConnection: close\r\n\r\n`
  const one = () =>
    new Promise<Answer>((resolve) => {
      const chunks: Buffer[] = []
      const socket = net.connect({ host: hostname, port: Number(port) })
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
      socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
      socket.on('end', () => {
        const whole = Buffer.concat(chunks)
        const split = whole.indexOf('\r\n\r\n')
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(whole.subarray(0, split).toString('latin1'))?.[1] ?? 0)
        resolve({ status, body: whole.subarray(split + 4) })
      })
      // Written at once, as a browser sends its request once its connection opens; left open
      // (no half-close, which Node takes for a fan gone) until the server closes it.
      socket.write(request)
    })
  return Promise.all(Array.from({ length: FANS }, one))
}

/** What the burst met, counted by kind: `200` for each page received whole, else the status or the error. */
function tally(answers: Answer[], expected: Buffer) {
  const counts: Record<string, number> = {}
  for (const answer of answers) {
    const kind =
      'error' in answer
        ? answer.error
        : answer.status === 200 && answer.body.equals(expected)
          ? '200'
          : `${answer.status}`
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  return counts
}

describe('a burst of fans on one gallery', () => {
  const limit = openFileLimit()
  if (limit !== null && limit < FANS + 256)
    throw new Error(`these tests open ${FANS} connections at once: raise the open-file limit (ulimit -n 4096)`)

  it('answers every one of a thousand connections opened at once, to the kept page and to its photo, none refused or reset', async () => {
    const admin = await createCompanyAdmin('burst')
    const [gallery] = await withSystem((tx) =>
      tx
        .insert(contentItem)
        .values({
          companyId: admin.company.id,
          kind: 'gallery',
          title: 'Encore Night',
          slug: 'encore',
          status: 'published',
          publishedAt: new Date(),
        })
        .returning(),
    )
    const uploaded = (await tusUpload(admin.client, await makePhoto(800, 600, '#f0a'), {
      filename: 'encore.jpg',
      purpose: 'gallery-media',
      contentItemId: gallery.id,
    })) as { assetId: string }
    await waitForAssetsReady([uploaded.assetId])
    const page = `/${admin.company.slug}/galeria/encore`
    const fan = new TestClient()
    await fan.get(page)
    const kept = await fan.get(page, { 'accept-encoding': 'identity' })
    expect(kept.headers['x-afterglow-cache']).toBe('hit')
    expect(kept.text).toContain('Encore Night')
    const photoPath = new RegExp(`/p/${uploaded.assetId}/[a-z0-9]+\\.webp`).exec(kept.text)?.[0]
    expect(photoPath).toBeDefined()
    const photo = await fetch(`${fan.baseUrl}${photoPath}`)
    expect(photo.status).toBe(200)

    expect(tally(await burst(page), Buffer.from(kept.text))).toEqual({ '200': FANS })
    expect(tally(await burst(photoPath!), Buffer.from(await photo.arrayBuffer()))).toEqual({ '200': FANS })
    // And the process is still there for the next fan.
    expect((await fan.get(page)).status).toBe(200)
  })

  it('listens with the backlog the kernel allows (net.core.somaxconn), not Node’s 511', async (context) => {
    const somaxconn = '/proc/sys/net/core/somaxconn'
    if (!existsSync(somaxconn) || !existsSync('/usr/bin/ss')) return context.skip()
    const allowed = Number(readFileSync(somaxconn, 'utf8'))
    const { port } = new URL(inject('baseUrl'))
    // For a listening socket, `ss` shows its backlog as Send-Q.
    const listening = execFileSync('/usr/bin/ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
    const backlogs = listening
      .trim()
      .split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[2]))
    expect(backlogs.length).toBeGreaterThan(0)
    for (const backlog of backlogs) expect(backlog).toBe(allowed)
  })
})
