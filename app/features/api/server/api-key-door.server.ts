import { digestOf, type RefusalDoor } from '#app/lib/refusal-door.server'
import { API_PREFIX } from './api-operation.server'

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * The public API's per-key allowance (requireApiKey). The key is only known once looked up, so
 * its door counts by the token the request carries (as a digest): a key past its allowance is
 * answered before it is looked up, audited or its body read, until the allowance's reset.
 */
export const API_KEY_DOOR: RefusalDoor = {
  bucket: 'api-key-token',
  answer: 'problem',
  messageKey: 'api.errors.rateLimited',
  opens: (knock) => knock.path.startsWith(`${API_PREFIX}/`) && BEARER.test(knock.header('authorization')),
  keyOf: (knock) => digestOf(BEARER.exec(knock.header('authorization'))?.[1] ?? ''),
}
