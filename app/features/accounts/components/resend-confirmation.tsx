import { useState, type FormEvent } from 'react'
import { useActionData } from 'react-router'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { Button } from '#app/components/ui/button'
import { authClient, authErrorKey } from '#app/lib/auth-client'
import type { AccountFormAnswer } from '#app/access/answer-account-form.server'

/**
 * Sends the confirmation e-mail again (rate-limited on the server). Without the page's script
 * the button posts to the page, whose action sends it (answerAccountForm's `resend`).
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation()
  const posted = useActionData<AccountFormAnswer | undefined>()
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>(
    posted?.intent === 'resend' && posted.done ? 'sent' : 'idle',
  )
  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setState('sending')
    const { error } = await authClient.sendVerificationEmail({
      email,
      callbackURL: '/email-confirmation',
    })
    if (error) {
      setState('idle')
      toast.error(t(authErrorKey(error)))
      return
    }
    setState('sent')
    toast.success(t('auth.resend.sent'))
  }
  return (
    <form method="post" onSubmit={resend}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={email} />
      {posted?.intent === 'resend' && posted.problem ? (
        <p role="alert" className="text-sm text-danger">
          {posted.problem}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="mt-2 w-full" disabled={state !== 'idle'}>
        {state === 'sent'
          ? t('auth.resend.sent')
          : state === 'sending'
            ? t('auth.resend.sending')
            : t('auth.resend.action')}
      </Button>
    </form>
  )
}
