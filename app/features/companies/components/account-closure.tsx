import { AlertTriangle, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button'
import { RadixDialog } from '#app/components/ui/dialog'
import { TextField } from '#app/components/ui/field'
import { RETENTION_PERIODS } from '#app/features/privacy/retention-periods'
import { useOutcomeToast, type ActionResult } from '#app/lib/action-result'
import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { accountDeletionDate } from '../account-closure'
import { pageWidth } from '#app/components/page-width'

/** Where both buttons post (routes/admin/settings.account-closure.ts). */
const CLOSURE_ACTION = '/admin/settings/account-closure'

export type AccountClosureState = { closedAt: Date | string; deletesOn: Date | string } | null

/** The reopen button of a closed account: in the admin's banner and in the danger section. */
function ReopenButton() {
  const { t } = useTranslation()
  const fetcher = useFetcher<ActionResult>()
  useOutcomeToast(fetcher.data)
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => fetcher.submit({ intent: 'reopen' }, { method: 'post', action: CLOSURE_ACTION })}
      disabled={fetcher.state !== 'idle'}
      data-testid="reopen-account"
    >
      <RotateCcw aria-hidden className="size-4" />
      {t('accountClosure.reopen')}
    </Button>
  )
}

/** On every admin page of a closed account: when it will be deleted, and (for admins) the way back. */
export function AccountClosedBanner({
  closure,
  canReopen,
}: {
  closure: NonNullable<AccountClosureState>
  canReopen: boolean
}) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  return (
    <div
      role="alert"
      className={`${pageWidth('wide')} mb-6 flex flex-col gap-3 rounded-xl border border-danger/40 bg-danger/5 px-4 py-3 text-sm sm:flex-row sm:items-center`}
      data-testid="account-closed"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium text-danger">{t('accountClosure.banner.title', { date: date(closure.deletesOn) })}</p>
        <p className="mt-1 text-ink">
          {t(canReopen ? 'accountClosure.banner.text' : 'accountClosure.banner.textMember')}
        </p>
      </div>
      {canReopen ? <ReopenButton /> : null}
    </div>
  )
}

/**
 * Company data's danger section, apart from the settings above it: closing the account, with a
 * dialog that says what happens and asks for the page address typed out; once closed, the date
 * it will be deleted and the way back.
 */
export function CloseAccountSection({
  company,
  closure,
}: {
  company: { slug: string; name: string }
  closure: AccountClosureState
}) {
  const { t } = useTranslation()
  const { date } = useDateFormat()
  const fetcher = useFetcher<ActionResult>()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  useOutcomeToast(fetcher.data, () => setOpen(false))
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined
  const busy = fetcher.state !== 'idle'
  const days = RETENTION_PERIODS.closedAccounts.amount
  return (
    <section
      aria-labelledby="close-account-heading"
      className="mt-12 rounded-xl border border-danger/50 bg-surface p-5 sm:p-6"
      data-testid="close-account-section"
    >
      <h2 id="close-account-heading" className="flex items-center gap-2 font-semibold text-danger">
        <AlertTriangle aria-hidden className="size-4" />
        {t('accountClosure.section.title')}
      </h2>
      {closure ? (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink">{t('accountClosure.banner.title', { date: date(closure.deletesOn) })}</p>
          <ReopenButton />
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-muted">{t('accountClosure.section.text', { count: days })}</p>
          <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)} data-testid="close-account">
            {t('accountClosure.section.button')}
          </Button>
        </div>
      )}

      <RadixDialog.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          if (!next) setTyped('')
        }}
      >
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <RadixDialog.Content
            className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-2xl"
            data-testid="close-account-dialog"
          >
            <RadixDialog.Title className="text-lg font-semibold text-ink">
              {t('accountClosure.dialog.title', { company: company.name })}
            </RadixDialog.Title>
            <RadixDialog.Description className="mt-2 text-sm text-ink-muted">
              {t('accountClosure.dialog.intro')}
            </RadixDialog.Description>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-ink">
              <li>{t('accountClosure.dialog.offline')}</li>
              <li>{t('accountClosure.dialog.subscription')}</li>
              <li>
                {t('accountClosure.dialog.deleted', { count: days, date: date(accountDeletionDate(new Date())) })}
              </li>
              <li>{t('accountClosure.dialog.reopen')}</li>
              <li>{t('accountClosure.dialog.keep')}</li>
            </ul>
            <fetcher.Form method="post" action={CLOSURE_ACTION} noValidate className="mt-5 space-y-4">
              <input type="hidden" name="intent" value="close" />
              <TextField
                label={t('accountClosure.dialog.confirmLabel', { slug: company.slug })}
                name="confirmSlug"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                errors={errors?.confirmSlug?.map((key) => t(key))}
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                data-testid="close-account-slug"
              />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <RadixDialog.Close asChild>
                  <Button variant="secondary">{t('common.cancel')}</Button>
                </RadixDialog.Close>
                <Button type="submit" variant="danger" disabled={busy} data-testid="confirm-close-account">
                  {t('accountClosure.dialog.confirm')}
                </Button>
              </div>
            </fetcher.Form>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </section>
  )
}
