import { useTranslation } from '#app/lib/react-i18n'
import { Field, SelectField, TextField } from '#app/components/ui/field'
import type { TContentDetails } from '../content.schema'

/** Title, description, category, location, date and the lead requirement of an item. */
export function ContentDetailsFields({
  values,
  errors,
  events,
}: {
  values?: Partial<TContentDetails>
  errors?: Record<string, string[]>
  events: Array<{ id: string; title: string }>
}) {
  const { t } = useTranslation()
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  return (
    <>
      <TextField
        label={t('content.fields.title')}
        name="title"
        defaultValue={values?.title ?? ''}
        errors={translate(errors?.title)}
        required
        maxLength={200}
      />
      <Field label={t('content.fields.description')} errors={translate(errors?.description)}>
        {({ className, ...control }) => (
          <textarea
            {...control}
            name="description"
            rows={4}
            defaultValue={values?.description ?? ''}
            className={`${className} h-auto py-2`}
            maxLength={5000}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('content.fields.category')}
          name="category"
          defaultValue={values?.category ?? ''}
          errors={translate(errors?.category)}
          maxLength={60}
        />
        <TextField
          label={t('content.fields.date')}
          name="happenedOn"
          type="date"
          defaultValue={values?.happenedOn ?? ''}
          errors={translate(errors?.happenedOn)}
        />
      </div>
      <SelectField
        label={t('content.fields.event')}
        name="eventId"
        defaultValue={values?.eventId ?? ''}
        errors={translate(errors?.eventId)}
      >
        <option value="">{t('content.fields.noEvent')}</option>
        {events.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('content.fields.location')}
        name="location"
        defaultValue={values?.location ?? ''}
        errors={translate(errors?.location)}
        maxLength={200}
      />
      <label className="flex items-start gap-3 rounded-lg border border-line p-3">
        <input
          type="checkbox"
          name="requireLead"
          defaultChecked={values?.requireLead ?? false}
          className="mt-0.5 size-4 accent-[var(--accent)]"
        />
        <span>
          <span className="block text-sm font-medium">{t('content.fields.requireLead')}</span>
          <span className="block text-xs text-ink-muted">{t('content.fields.requireLeadHint')}</span>
        </span>
      </label>
    </>
  )
}
