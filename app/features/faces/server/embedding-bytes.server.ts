/*
 * A face's embedding as it is stored (a `bytea` of little-endian float32s, ADR 103): four bytes a
 * number, read back without parsing text, so a gallery's 15,000 faces load in one query.
 */

export function embeddingBytes(embedding: Float32Array): Buffer {
  const bytes = Buffer.alloc(embedding.length * 4)
  for (let index = 0; index < embedding.length; index++) bytes.writeFloatLE(embedding[index] ?? 0, index * 4)
  return bytes
}

export function embeddingOf(bytes: Buffer): Float32Array {
  const embedding = new Float32Array(bytes.length / 4)
  for (let index = 0; index < embedding.length; index++) embedding[index] = bytes.readFloatLE(index * 4)
  return embedding
}
