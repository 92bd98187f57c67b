import { Check, Download, Mail, RotateCcw } from 'lucide-react'
import { Form, useFetcher } from 'react-router'
import { Button, buttonClasses } from '#app/components/ui/button'
import { MARKETING_FORM_KINDS } from '#app/features/marketing/marketing-forms.schema'
import { ZInboxAction } from '#app/features/operator/operator.schema'
import { listFormSubmissions, ZInboxFilter } from '#app/features/operator/server/list-form-submissions.server'
import { markSubmissionHandled } from '#app/features/operator/server/mark-submission-handled.server'
import { withActor } from '#app/access/member-route.server'
import { actionFailure, actionSuccess, useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { AppError } from '#app/lib/errors'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import type { Route } from './+types/inbox'
import { readForm } from '#app/lib/read-form.server'

export const loader = withActor({ kind: 'operator' }, async (operator, { request }: Route.LoaderArgs) => {
  const filter = ZInboxFilter.parse(Object.fromEntries(new URL(request.url).searchParams))
  return { filter, submissions: await listFormSubmissions(operator, filter), query: new URL(request.url).search }
})

export const action = withActor({ kind: 'operator' }, async (operator, { request }: Route.ActionArgs) => {
  const parsed = ZInboxAction.safeParse(await readForm(request))
  if (!parsed.success) return actionFailure(new AppError('BAD_REQUEST', 'errors.generic'))
  try {
    await markSubmissionHandled(operator, parsed.data.id, parsed.data.intent === 'handled')
    return actionSuccess(`operator.toasts.${parsed.data.intent}`)
  } catch (error) {
    return actionFailure(error)
  }
})

function SubmissionActions({ id, handled }: { id: string; handled: boolean }) {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={handled ? 'reopen' : 'handled'}
        variant={handled ? 'ghost' : 'secondary'}
        size="sm"
        disabled={fetcher.state !== 'idle'}
      >
        {handled ? <RotateCcw aria-hidden className="size-4" /> : <Check aria-hidden className="size-4" />}
        {t(handled ? 'operator.inbox.reopen' : 'operator.inbox.markHandled')}
      </Button>
    </fetcher.Form>
  )
}

export default function OperatorInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { date, dateTime } = useDateFormat()
  const { filter, submissions, query } = loaderData
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('operator.inbox.title')}</h1>
          <p className="mt-1 text-sm text-ink-muted">{t('operator.inbox.subtitle')}</p>
        </div>
        <a href={`/operator/inbox.csv${query}`} className={buttonClasses('secondary', 'md')} download>
          <Download aria-hidden className="size-4" />
          {t('operator.inbox.export')}
        </a>
      </div>
      <Form role="search" className="grid gap-2 sm:grid-cols-[1fr_auto_auto_auto]">
        <label className="sr-only" htmlFor="inbox-search">
          {t('operator.inbox.search')}
        </label>
        <input
          id="inbox-search"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder={t('operator.inbox.search')}
          className="h-10 rounded-lg border border-line bg-surface px-3 text-sm"
        />
        <label className="sr-only" htmlFor="inbox-kind">
          {t('operator.inbox.kind')}
        </label>
        <select
          id="inbox-kind"
          name="kind"
          defaultValue={filter.kind ?? ''}
          className="h-10 rounded-lg border border-line bg-surface px-2 text-sm"
        >
          <option value="">{t('operator.inbox.allKinds')}</option>
          {MARKETING_FORM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`operator.inbox.kinds.${kind}`)}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="inbox-state">
          {t('operator.inbox.state')}
        </label>
        <select
          id="inbox-state"
          name="state"
          defaultValue={filter.state}
          className="h-10 rounded-lg border border-line bg-surface px-2 text-sm"
        >
          {(['open', 'handled', 'all'] as const).map((state) => (
            <option key={state} value={state}>
              {t(`operator.inbox.states.${state}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          {t('operator.inbox.filter')}
        </Button>
      </Form>
      {submissions.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-line bg-surface p-10 text-center text-sm text-ink-muted"
          data-testid="inbox-empty"
        >
          {t('operator.inbox.empty')}
        </p>
      ) : (
        <ul className="space-y-3">
          {submissions.map((submission) => (
            <li
              key={submission.id}
              className="rounded-xl border border-line bg-surface p-4"
              data-testid="inbox-item"
              data-handled={submission.handledAt ? '' : undefined}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="rounded-full bg-accent/10 px-2 py-0.5 text-xs font-medium text-accent">
                      {t(`operator.inbox.kinds.${submission.kind}`)}
                    </span>
                    <span className="font-medium">{submission.name ?? submission.email}</span>
                    {submission.name ? <span className="break-all text-ink-muted">{submission.email}</span> : null}
                  </p>
                  <p className="mt-1 text-xs text-ink-muted">
                    {dateTime(submission.createdAt)} · {submission.language.toUpperCase()}
                    {submission.handledAt
                      ? ` · ${t('operator.inbox.handledOn', { date: date(submission.handledAt) })}`
                      : ''}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <a
                    href={`mailto:${submission.email}?subject=${encodeURIComponent(t('operator.inbox.replySubject'))}`}
                    className={buttonClasses('ghost', 'sm')}
                  >
                    <Mail aria-hidden className="size-4" />
                    {t('operator.inbox.reply')}
                  </a>
                  <SubmissionActions id={submission.id} handled={Boolean(submission.handledAt)} />
                </div>
              </div>
              {submission.message ? <p className="mt-3 text-sm whitespace-pre-line">{submission.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
