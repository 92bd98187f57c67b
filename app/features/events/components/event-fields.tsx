import { useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Field, TextField } from '#app/components/ui/field'
import { slugify } from '#app/features/companies/companies.schema'

export type EventValues = {
  title: string
  slug: string
  startsAt: Date | string | null
  venue: string | null
  location: string | null
  description: string | null
  participantCount: number | null
  spots: number | null
  isFree: boolean
}

/** A stored start time as the value of a datetime-local field (wall clock, see events.schema). */
function toInputValue(value: Date | string | null) {
  if (!value) return ''
  return new Date(value).toISOString().slice(0, 16)
}

export function EventFields({ values, errors }: { values?: EventValues; errors?: Record<string, string[]> }) {
  const { t } = useTranslation()
  const translate = (keys?: string[]) => keys?.map((key) => t(key))
  const [slug, setSlug] = useState(values?.slug ?? '')
  const [slugEdited, setSlugEdited] = useState(Boolean(values?.slug))
  return (
    <>
      <TextField
        label={t('events.fields.title')}
        name="title"
        defaultValue={values?.title ?? ''}
        errors={translate(errors?.title)}
        maxLength={200}
        onChange={(event) => {
          if (!slugEdited) setSlug(slugify(event.target.value))
        }}
      />
      <TextField
        label={t('events.fields.slug')}
        name="slug"
        value={slug}
        onChange={(event) => {
          setSlugEdited(true)
          setSlug(event.target.value.toLowerCase())
        }}
        errors={translate(errors?.slug)}
        hint={t('events.fields.slugHint')}
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('events.fields.startsAt')}
          name="startsAt"
          type="datetime-local"
          defaultValue={toInputValue(values?.startsAt ?? null)}
          errors={translate(errors?.startsAt)}
        />
        <TextField
          label={t('events.fields.venue')}
          name="venue"
          defaultValue={values?.venue ?? ''}
          errors={translate(errors?.venue)}
          maxLength={200}
        />
      </div>
      <TextField
        label={t('events.fields.location')}
        name="location"
        defaultValue={values?.location ?? ''}
        errors={translate(errors?.location)}
        maxLength={200}
      />
      <Field label={t('events.fields.description')} errors={translate(errors?.description)}>
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
          label={t('events.fields.participantCount')}
          name="participantCount"
          inputMode="numeric"
          defaultValue={values?.participantCount ?? ''}
          errors={translate(errors?.participantCount)}
        />
        <TextField
          label={t('events.fields.spots')}
          name="spots"
          inputMode="numeric"
          defaultValue={values?.spots ?? ''}
          errors={translate(errors?.spots)}
        />
      </div>
      <label className="flex items-center gap-3 rounded-lg border border-line p-3">
        <input
          type="checkbox"
          name="isFree"
          defaultChecked={values?.isFree ?? true}
          className="size-4 accent-[var(--accent)]"
        />
        <span className="text-sm font-medium">{t('events.fields.isFree')}</span>
      </label>
    </>
  )
}
