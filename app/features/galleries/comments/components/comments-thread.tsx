import { CheckCircle2, Clock, XCircle } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useActionData, useFetcher, useNavigation } from 'react-router'
import { Button } from '#app/components/ui/button'
import { Field, TextField } from '#app/components/ui/field'
import { cn } from '#app/lib/cn'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { COMMENT_BODY_MAX, COMMENT_HONEYPOT, COMMENT_INTENT } from '../comment-rules'
import type { CommentFormResponse } from '../comments.schema'
import type { CommentsSectionProps } from './comments-section'

/*
 * The comments and the form under their heading (comments-section.tsx). The form posts to the
 * page's own action: with JavaScript through a fetcher (the page stays, a toast and a notice say
 * what happened), without it as a plain form post whose answer is the same page with the same notice.
 */

type CommentsThreadProps = Omit<CommentsSectionProps, 'collapsible'>

/** The page's answer to a comment just sent: the fetcher's, or without JavaScript the action's. */
export function commentAnswerOf(fetched: CommentFormResponse | undefined, actionData: unknown) {
  if (fetched) return fetched
  return typeof actionData === 'object' &&
    actionData !== null &&
    (actionData as { intent?: unknown }).intent === COMMENT_INTENT
    ? (actionData as CommentFormResponse)
    : undefined
}

export default function CommentsThread({
  contentId,
  comments,
  moderated,
  companyName,
  formToken,
}: CommentsThreadProps) {
  const { t } = useTranslation()
  const fetcher = useFetcher<CommentFormResponse>({ key: `comment-${contentId}` })
  const actionData = useActionData()
  const navigation = useNavigation()
  const outcome = commentAnswerOf(fetcher.data, actionData)
  const submitting =
    fetcher.state === 'submitting' ||
    (navigation.state === 'submitting' && navigation.formData?.get('intent') === COMMENT_INTENT)

  // The page may be a cached copy: a fan who starts writing gets a start time of their own.
  const [token, setToken] = useState(formToken)
  const asked = useRef(false)
  const freshToken = () => {
    if (asked.current) return
    asked.current = true
    fetch('/api/comments/token', { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ token: string }>) : null))
      .then((answer) => answer && setToken(answer.token))
      .catch(() => undefined)
  }

  // A success remounts the fields (keyed by the stored comment), which clears them.
  const [formKey, setFormKey] = useState('form')
  if ((outcome?.status === 'pending' || outcome?.status === 'published') && outcome.id !== formKey)
    setFormKey(outcome.id)

  const announced = useRef<CommentFormResponse | undefined>(undefined)
  useEffect(() => {
    if (!fetcher.data || announced.current === fetcher.data) return
    announced.current = fetcher.data
    const answer = fetcher.data
    if (answer.status === 'pending') toast.success(t('comments.sent.pendingTitle'))
    else if (answer.status === 'published') toast.success(t('comments.sent.published'))
    else if (answer.status === 'refused' || answer.status === 'rate-limited') toast.error(problemText(t, answer))
  }, [fetcher.data, t])

  const errors = (field: string) =>
    outcome?.status === 'invalid' ? outcome.errors[field]?.map((key) => t(key)) : undefined
  const value = (field: string) => (outcome?.status === 'invalid' ? outcome.values[field] : undefined)

  return (
    <>
      {comments.length === 0 ? (
        <p className="mt-3 text-ink-muted" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      ) : (
        <ol className="mt-4 space-y-3" data-testid="comments-list">
          {comments.map((comment) => (
            <li
              key={comment.id}
              className="rounded-xl border border-line/70 bg-surface-muted/40 p-4"
              data-testid="comment"
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-ink">{comment.name}</span>
                <time dateTime={comment.createdAt} className="text-ink-muted">
                  {comment.shownOn}
                </time>
              </p>
              <p className="mt-1.5 break-words whitespace-pre-line text-ink">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}

      <fetcher.Form
        key={formKey}
        method="post"
        // Says it is a comment before the form is read: a flood from an address already refused is answered unread.
        action={`?intent=${COMMENT_INTENT}`}
        noValidate
        onFocusCapture={freshToken}
        className="mt-8 space-y-4 rounded-2xl border border-line bg-surface-muted/30 p-4 sm:p-6"
        aria-label={t('comments.form.label')}
        data-testid="comment-form"
      >
        <h3 className="font-semibold">{t('comments.form.title')}</h3>
        <input type="hidden" name="intent" value={COMMENT_INTENT} />
        <input type="hidden" name="contentId" value={contentId} />
        <input type="hidden" name="startedAt" value={token} />
        {/* People never see or reach this field; robots that fill every field do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            {t('comments.form.honeypot')}
            <input type="text" name={COMMENT_HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('comments.form.name')}
            name="name"
            autoComplete="name"
            maxLength={200}
            defaultValue={value('name')}
            errors={errors('name')}
            data-testid="comment-name"
          />
          <TextField
            label={t('comments.form.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            defaultValue={value('email')}
            errors={errors('email')}
            hint={t('comments.form.emailHint', { company: companyName })}
            data-testid="comment-email"
          />
        </div>
        <BodyField defaultValue={value('body')} errors={errors('body')} />
        <Outcome outcome={outcome} companyName={companyName} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-ink-muted">
            {moderated ? t('comments.form.moderated', { company: companyName }) : t('comments.form.public')}
          </p>
          <Button
            type="submit"
            size="lg"
            disabled={submitting}
            aria-disabled={submitting}
            className="w-full shrink-0 sm:w-auto"
            data-testid="comment-submit"
          >
            {submitting ? t('comments.form.sending') : t('comments.form.submit')}
          </Button>
        </div>
      </fetcher.Form>
    </>
  )
}

/** The text, with a live count against the 1000 characters. */
function BodyField({ defaultValue, errors }: { defaultValue?: string; errors?: string[] }) {
  const { t } = useTranslation()
  const [length, setLength] = useState(defaultValue?.length ?? 0)
  // What a fan typed before this part's code came (it hydrates on demand) is in the field already: count it.
  const body = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (body.current) setLength(body.current.value.length)
  }, [])
  const over = length > COMMENT_BODY_MAX
  return (
    <div className="space-y-1.5">
      <Field label={t('comments.form.body')} errors={errors}>
        {({ className, ...control }) => (
          <textarea
            {...control}
            ref={body}
            name="body"
            rows={4}
            defaultValue={defaultValue}
            onChange={(event) => setLength(event.currentTarget.value.length)}
            className={cn(className, 'h-auto min-h-28 resize-y py-2.5', over && 'border-danger')}
            data-testid="comment-body"
          />
        )}
      </Field>
      <p className={cn('text-right text-xs tabular-nums', over ? 'text-danger' : 'text-ink-muted')} aria-live="polite">
        {t('comments.form.counter', { length, max: COMMENT_BODY_MAX })}
      </p>
    </div>
  )
}

function problemText(
  t: ReturnType<typeof useTranslation>['t'],
  answer: Extract<CommentFormResponse, { status: 'refused' | 'rate-limited' }>,
) {
  if (answer.status === 'rate-limited')
    return t('comments.errors.tooMany', { minutes: Math.max(1, Math.ceil(answer.retryAfterSeconds / 60)) })
  return t(answer.reason === 'too-fast' ? 'comments.errors.tooFast' : 'comments.errors.refused')
}

function Notice({
  tone,
  icon,
  children,
  testId,
}: {
  tone: 'success' | 'error'
  icon: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={cn(
        'flex items-start gap-2 rounded-[var(--radius-ui)] border px-3 py-2.5 text-sm',
        tone === 'success' ? 'border-accent/40 bg-accent/10 text-ink' : 'border-danger/40 bg-danger/10 text-danger',
      )}
    >
      {icon}
      <div>{children}</div>
    </div>
  )
}

/** What happened to the comment just sent, in words (the toast says it too, with JavaScript). */
function Outcome({ outcome, companyName }: { outcome: CommentFormResponse | undefined; companyName: string }) {
  const { t } = useTranslation()
  if (!outcome) return null
  const sanitized =
    (outcome.status === 'pending' || outcome.status === 'published' || outcome.status === 'invalid') &&
    outcome.sanitized
  return (
    <div className="space-y-2" data-testid="comment-outcome">
      {outcome.status === 'pending' ? (
        <Notice
          tone="success"
          icon={<Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />}
          testId="comment-pending"
        >
          <p className="font-medium">{t('comments.sent.pendingTitle')}</p>
          <p className="text-ink-muted">{t('comments.sent.pendingText', { company: companyName })}</p>
        </Notice>
      ) : null}
      {outcome.status === 'published' ? (
        <Notice
          tone="success"
          icon={<CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />}
          testId="comment-published"
        >
          {t('comments.sent.published')}
        </Notice>
      ) : null}
      {sanitized ? (
        <Notice
          tone="success"
          icon={<CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />}
          testId="comment-sanitized"
        >
          {t('comments.sanitized')}
        </Notice>
      ) : null}
      {outcome.status === 'refused' || outcome.status === 'rate-limited' ? (
        <Notice tone="error" icon={<XCircle aria-hidden className="mt-0.5 size-4 shrink-0" />} testId="comment-refused">
          {problemText(t, outcome)}
        </Notice>
      ) : null}
    </div>
  )
}
