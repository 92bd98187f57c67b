import { describe, expect, it } from 'vitest'
import { createPublicFileIndex, type PublicFile } from './public-files.server'

const fileOf = (companyId: string) => ({ companyId, storageKey: `${companyId}/a/w1200.webp` }) as unknown as PublicFile
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })

/** An index whose lookups answer from `files` until `down` says the database is away. */
function indexOver(files: Map<string, PublicFile>) {
  const state = { down: false, lookups: 0 }
  const index = createPublicFileIndex({
    maxEntries: 100,
    lookup: async (assetId) => {
      state.lookups += 1
      if (state.down) throw unreachable()
      return files.get(assetId) ?? null
    },
  })
  return { index, state }
}

describe("fans' photos while the database is away", () => {
  it('asks again after notifications may have been missed, and serves what it knew while it cannot ask', async () => {
    const files = new Map([['a', fileOf('c1')]])
    const { index, state } = indexOver(files)
    expect(await index.find('a', 'w1200')).toBe(files.get('a'))
    index.forgetAll()
    state.down = true
    expect(await index.find('a', 'w1200')).toBe(files.get('a'))
    // Never known: nothing to serve.
    await expect(index.find('b', 'w1200')).rejects.toThrow('ECONNREFUSED')
    state.down = false
    files.delete('a')
    // Back: what the database says now wins.
    expect(await index.find('a', 'w1200')).toBeNull()
    expect(state.lookups).toBe(4)
  })

  it('serves nothing of a company whose files changed, nor on any other failure', async () => {
    const { index, state } = indexOver(new Map([['a', fileOf('c1')]]))
    await index.find('a', 'w1200')
    index.forgetAll()
    index.forgetCompany('c1')
    state.down = true
    await expect(index.find('a', 'w1200')).rejects.toThrow('ECONNREFUSED')

    const other = createPublicFileIndex({
      maxEntries: 100,
      lookup: async () => {
        throw new Error('syntax error')
      },
    })
    await expect(other.find('a', 'w1200')).rejects.toThrow('syntax error')
  })
})
