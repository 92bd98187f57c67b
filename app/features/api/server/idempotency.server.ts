import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import { apiIdempotency } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { ApiKeyContext } from '#app/access/context'
import { problemOf, type ApiAnswer, type ProblemScope } from './problem-details.server'

/*
 * `Idempotency-Key` on a POST: the first request with a key runs and its answer is stored; the
 * same key with the same request gets that answer again (`Idempotent-Replayed: true`) without the
 * work being done twice, for a day. The same key with another request, or while the first is
 * still running, is a 409. Answers of 5xx are not kept, so a retry after a failure runs again.
 */

const KEPT_MS = 24 * 60 * 60 * 1000
const ZKey = /^[\x21-\x7e]{1,255}$/

/** A POST as idempotency sees it: its key (the header, or null), and what makes it the same request. */
export type IdempotentRequest = ProblemScope & {
  idempotencyKey: string | null
  method: string
  /** The path and query asked for. */
  address: string
  bodyText: string
}

export async function withIdempotency(
  context: ApiKeyContext,
  asked: IdempotentRequest,
  run: () => Promise<ApiAnswer>,
): Promise<ApiAnswer> {
  const { idempotencyKey } = asked
  if (idempotencyKey === null) return run()
  if (!ZKey.test(idempotencyKey)) return problemOf(asked, new AppError('BAD_REQUEST', 'api.errors.idempotencyKey'))
  const fingerprint = createHash('sha256').update(`${asked.method} ${asked.address}\n${asked.bodyText}`).digest('hex')
  const apiKeyId = context.actor.keyId
  const row = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, idempotencyKey))
  const claimed = await context.withTenant(async (tx) => {
    await tx
      .delete(apiIdempotency)
      .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), lt(apiIdempotency.createdAt, new Date(Date.now() - KEPT_MS))))
    const inserted = await tx
      .insert(apiIdempotency)
      .values({ apiKeyId, companyId: context.company.id, idempotencyKey, fingerprint })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.idempotencyKey })
    if (inserted.length > 0) return null
    const [stored] = await tx.select().from(apiIdempotency).where(row)
    return stored
  })
  if (claimed) {
    if (claimed.fingerprint !== fingerprint)
      return problemOf(asked, new AppError('CONFLICT', 'api.errors.idempotencyMismatch'))
    if (claimed.status === null) return problemOf(asked, new AppError('CONFLICT', 'api.errors.idempotencyRunning'))
    return {
      status: claimed.status,
      raw: { contentType: claimed.headers?.['content-type'] ?? 'application/json', text: claimed.body ?? '' },
      headers: { ...claimed.headers, 'Idempotent-Replayed': 'true' },
    }
  }
  let answer: ApiAnswer
  try {
    answer = await run()
  } catch (error) {
    await context.withTenant((tx) => tx.delete(apiIdempotency).where(row))
    throw error
  }
  await context.withTenant((tx) =>
    answer.status >= 500
      ? tx.delete(apiIdempotency).where(row)
      : tx
          .update(apiIdempotency)
          .set({
            status: answer.status,
            headers: { ...answer.headers, 'content-type': answer.raw?.contentType ?? contentTypeOf(answer) },
            body: answer.raw?.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)),
          })
          .where(row),
  )
  return answer
}

export function contentTypeOf(answer: ApiAnswer) {
  return answer.status >= 400 ? 'application/problem+json' : 'application/json'
}
