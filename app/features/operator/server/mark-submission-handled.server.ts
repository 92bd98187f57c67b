import { eq } from 'drizzle-orm'
import { formSubmission } from '#db/schema'
import { AppError } from '#app/lib/errors'
import type { OperatorContext } from '#app/access/context'
import { recordOperatorAction } from './record-operator-action.server'

/** Marks a submission dealt with, or open again. */
export async function markSubmissionHandled(operator: OperatorContext, id: string, handled: boolean) {
  const updated = await operator.platform((tx) =>
    tx
      .update(formSubmission)
      .set(handled ? { handledAt: new Date(), handledBy: operator.user.id } : { handledAt: null, handledBy: null })
      .where(eq(formSubmission.id, id))
      .returning({ id: formSubmission.id }),
  )
  if (updated.length === 0) throw new AppError('NOT_FOUND', 'operator.errors.submissionNotFound')
  await recordOperatorAction(operator, handled ? 'inbox.handled' : 'inbox.reopened', {
    tableName: 'form_submissions',
    recordId: id,
  })
}
