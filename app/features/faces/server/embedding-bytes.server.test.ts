import { describe, expect, it } from 'vitest'
import { embeddingBytes, embeddingOf } from './embedding-bytes.server'

describe('stored embeddings', () => {
  it('read back exactly what was written, four bytes a number', () => {
    const embedding = Float32Array.from([0.5, -0.25, 1e-7, -0.9999, 0])
    const bytes = embeddingBytes(embedding)
    expect(bytes).toHaveLength(20)
    expect(Array.from(embeddingOf(bytes))).toEqual(Array.from(embedding))
  })

  it('are little-endian whatever the machine, so a dump moves between servers', () => {
    expect([...embeddingBytes(Float32Array.from([1]))]).toEqual([0x00, 0x00, 0x80, 0x3f])
  })
})
