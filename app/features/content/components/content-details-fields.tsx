import { useTranslation } from 'react-i18next'
import { Field, TextField } from '#app/components/ui/field'
import type { TContentDetails } from '../content.schema'

/** Title, description, category, location, date and the lead requirement of an item. */
export function ContentDetailsFields({ values, errors }: { values?: Partial<TContentDetails>; errors?: Record<string, string[]> }) {
  const { t } = useTranslation()
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  return (
    <>
      <TextField label={t('content.fields.title')} name="title" defaultValue={values?.title ?? ''} errors={translate(errors?.title)} required maxLength={200} />
      <Field label={t('content.fields.description')} errors={translate(errors?.description)}>
        {({ className, ...control }) => <textarea {...control} name="description" rows={4} defaultValue={values?.description ?? ''} className={`${className} h-auto py-2`} maxLength={5000} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('content.fields.category')} name="category" defaultValue={values?.category ?? ''} errors={translate(errors?.category)} maxLength={60} />
        <TextField label={t('content.fields.date')} name="happenedOn" type="date" defaultValue={values?.happenedOn ?? ''} errors={translate(errors?.happenedOn)} />
      </div>
      <TextField label={t('content.fields.location')} name="location" defaultValue={values?.location ?? ''} errors={translate(errors?.location)} maxLength={200} />
      <label className="flex items-start gap-3 rounded-lg border border-line p-3">
        <input type="checkbox" name="requireLead" defaultChecked={values?.requireLead ?? false} className="mt-0.5 size-4 accent-[var(--accent)]" />
        <span>
          <span className="block text-sm font-medium">{t('content.fields.requireLead')}</span>
          <span className="block text-xs text-ink-muted">{t('content.fields.requireLeadHint')}</span>
        </span>
      </label>
    </>
  )
}
