import { useState } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { toast } from '#app/lib/toast'
import { Button } from '#app/components/ui/button'
import { authClient, authErrorKey } from '#app/lib/auth-client'

/** Sends the confirmation e-mail again (rate-limited on the server). */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation()
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  async function resend() {
    setState('sending')
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: '/email-confirmation' })
    if (error) {
      setState('idle')
      toast.error(t(authErrorKey(error)))
      return
    }
    setState('sent')
    toast.success(t('auth.resend.sent'))
  }
  return (
    <Button variant="secondary" className="mt-2 w-full" onClick={resend} disabled={state !== 'idle'}>
      {state === 'sent' ? t('auth.resend.sent') : state === 'sending' ? t('auth.resend.sending') : t('auth.resend.action')}
    </Button>
  )
}
