import { createHash, randomBytes } from 'node:crypto'
import { API_KEY_PREFIX } from '../api-keys.schema'

/*
 * Keys carry 256 random bits, so one SHA-256 is enough to keep them unguessable from the table
 * (a slow password hash would only slow every API request).
 */

export function hashApiKey(key: string) {
  return createHash('sha256').update(key).digest('hex')
}

export function generateApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashApiKey(key) }
}
