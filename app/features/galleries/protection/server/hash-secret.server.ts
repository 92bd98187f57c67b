import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

/*
 * Gallery passwords and download PINs are stored as scrypt hashes: a leaked row does not give
 * fans' access away (a 4-digit PIN is guessed offline anyway; its wall is the rate limit).
 */
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>

export async function hashSecret(secret: string) {
  const salt = randomBytes(16)
  const hash = await scryptAsync(secret, salt, 32)
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

export async function verifySecret(secret: string, stored: string | null) {
  const [kind, salt, hash] = stored?.split('$') ?? []
  if (kind !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await scryptAsync(secret, Buffer.from(salt, 'base64url'), expected.length)
  return timingSafeEqual(actual, expected)
}
