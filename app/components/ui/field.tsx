import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn'

const CONTROL =
  'block w-full rounded-[var(--radius-ui)] border bg-surface px-3 text-base text-ink placeholder:text-ink-muted/70 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent sm:text-sm'

type FieldProps = {
  label: string
  errors?: string[]
  hint?: ReactNode
  children: (props: {
    id: string
    'aria-invalid': boolean
    'aria-describedby'?: string
    className: string
  }) => ReactNode
}

/** Label, control, hint and every error of one field, wired for screen readers. */
export function Field({ label, errors, hint, children }: FieldProps) {
  const id = useId()
  const errorId = `${id}-errors`
  const hintId = `${id}-hint`
  const hasErrors = Boolean(errors?.length)
  const describedBy = [hasErrors ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': hasErrors,
        'aria-describedby': describedBy,
        className: cn(CONTROL, 'h-11', hasErrors ? 'border-danger' : 'border-line'),
      })}
      {hint && !hasErrors ? (
        <p id={hintId} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {hasErrors ? (
        <ul id={errorId} className="space-y-0.5 text-sm text-danger" aria-live="polite">
          {errors!.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export function TextField({
  label,
  errors,
  hint,
  ...input
}: { label: string; errors?: string[]; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} errors={errors} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </Field>
  )
}

export function SelectField({
  label,
  errors,
  hint,
  children,
  ...select
}: {
  label: string
  errors?: string[]
  hint?: ReactNode
  children: ReactNode
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field label={label} errors={errors} hint={hint}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  )
}

export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tones = {
    error: 'border-danger/40 bg-danger/10 text-danger',
    success: 'border-emerald-600/30 bg-emerald-600/10 text-emerald-800',
    info: 'border-line bg-surface-muted text-ink',
  }
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-[var(--radius-ui)] border px-3 py-2 text-sm', tones[tone])}
    >
      {children}
    </div>
  )
}
