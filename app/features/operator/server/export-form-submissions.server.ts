import { CSV_BOM, csvRow } from '#app/lib/csv'
import type { TFunction } from '#app/lib/translator'
import { listFormSubmissions, type InboxFilter } from './list-form-submissions.server'
import type { OperatorContext } from '#app/access/context'
import { recordOperatorAction } from './record-operator-action.server'

/** Every submission the inbox's filters select, as CSV in the operator's language; the export is on the audit trail. */
export async function exportFormSubmissionsCsv(operator: OperatorContext, filter: InboxFilter, t: TFunction) {
  const rows = await listFormSubmissions(operator, filter, 50_000)
  const lines = [
    csvRow([
      t('operator.inbox.kind'),
      t('operator.inbox.name'),
      t('operator.inbox.email'),
      t('operator.inbox.message'),
      t('operator.inbox.language'),
      t('operator.inbox.received'),
      t('operator.inbox.handled'),
    ]),
    ...rows.map((row) =>
      csvRow([
        t(`operator.inbox.kinds.${row.kind}`),
        row.name,
        row.email,
        row.message,
        row.language,
        row.createdAt.toISOString(),
        row.handledAt?.toISOString() ?? '',
      ]),
    ),
  ]
  await recordOperatorAction(operator, 'inbox.export', {
    tableName: 'form_submissions',
    recordId: 'export',
    details: { count: rows.length, ...filter },
  })
  return { body: CSV_BOM + lines.join(''), fileName: `afterglow-inbox-${new Date().toISOString().slice(0, 10)}.csv` }
}
