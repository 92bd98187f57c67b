import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link, useActionData, useRevalidator } from 'react-router'
import { toast } from '#app/lib/toast'
import { Button } from '#app/components/ui/button'
import { FormAlert, TextField } from '#app/components/ui/field'
import { AdminRouteErrorBoundary } from '#app/routes/admin/shell/admin-route-error'
import { authClient, authErrorKey } from '#app/lib/auth-client'
import { withActor } from '#app/access/member-route.server'
import { answerTwoFactorForm } from '#app/access/answer-two-factor-form.server'
import { totpQrSvg } from '#app/features/accounts/totp-qr'
import type { Route } from './+types/settings.security'
import { pageWidth } from '#app/components/page-width'

export const loader = withActor({ kind: 'person' }, async (member) => {
  return { twoFactorEnabled: Boolean(member.user.twoFactorEnabled) }
})

// The forms posted before the page's script runs (see answerTwoFactorForm).
export const action = withActor({ kind: 'person' }, async (_member, { request }: Route.ActionArgs) =>
  answerTwoFactorForm(request),
)

type Setup = { totpURI: string; backupCodes: string[]; qrSvg: string }

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation()
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-muted">{t('security.backupCodesHint')}</p>
      <ul
        className="grid grid-cols-2 gap-2 rounded-lg bg-surface-muted p-4 font-mono text-sm"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success(t('common.copied')))
        }
      >
        {t('security.copyCodes')}
      </Button>
    </div>
  )
}

export default function SecuritySettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const posted = useActionData<typeof action>()
  const [setup, setSetup] = useState<Setup | null>(posted?.setup ?? null)
  const [freshCodes, setFreshCodes] = useState<string[] | null>(posted?.backupCodes ?? null)
  const [problem, setProblem] = useState<string | null>(posted?.problem ?? null)
  const [pending, setPending] = useState(false)

  // A problem belongs to the state it was said in: it goes when two-factor is switched (not on the first render, which may show a posted form's problem).
  const shownFor = useRef(loaderData.twoFactorEnabled)
  useEffect(() => {
    if (shownFor.current === loaderData.twoFactorEnabled) return
    shownFor.current = loaderData.twoFactorEnabled
    setProblem(null)
  }, [loaderData.twoFactorEnabled])

  async function withPassword(event: FormEvent<HTMLFormElement>, work: (password: string) => Promise<void>) {
    event.preventDefault()
    const password = String(new FormData(event.currentTarget).get('password') ?? '')
    if (!password) return setProblem(t('validation.required'))
    setPending(true)
    setProblem(null)
    await work(password)
    setPending(false)
  }

  const enable = (event: FormEvent<HTMLFormElement>) =>
    withPassword(event, async (password) => {
      const { data, error } = await authClient.twoFactor.enable({ password })
      if (error || !data || !('totpURI' in data)) return setProblem(t(authErrorKey(error)))
      setSetup({
        totpURI: data.totpURI,
        backupCodes: data.backupCodes,
        qrSvg: await totpQrSvg(data.totpURI),
      })
    })

  async function confirmSetup(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '')
    setPending(true)
    const { error } = await authClient.twoFactor.verifyTotp({ code })
    setPending(false)
    if (error) return setProblem(t(authErrorKey(error)))
    toast.success(t('security.enabled'))
    setFreshCodes(setup?.backupCodes ?? null)
    setSetup(null)
    await revalidator.revalidate()
  }

  const disable = (event: FormEvent<HTMLFormElement>) =>
    withPassword(event, async (password) => {
      const { error } = await authClient.twoFactor.disable({ password })
      if (error) return setProblem(t(authErrorKey(error)))
      toast.success(t('security.disabled'))
      setFreshCodes(null)
      await revalidator.revalidate()
    })

  const regenerate = (event: FormEvent<HTMLFormElement>) =>
    withPassword(event, async (password) => {
      const { data, error } = await authClient.twoFactor.generateBackupCodes({
        password,
      })
      if (error || !data) return setProblem(t(authErrorKey(error)))
      setFreshCodes(data.backupCodes)
      toast.success(t('security.codesRegenerated'))
    })

  return (
    <div className={`${pageWidth('form')} space-y-6`}>
      <div>
        <Link to="/admin/settings" className="text-sm text-ink-muted hover:text-ink">
          ← {t('settings.title')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t('security.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('security.subtitle')}</p>
      </div>
      <section className="space-y-4 rounded-xl border border-line bg-surface p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold">{t('security.twoFactor')}</h2>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${loaderData.twoFactorEnabled ? 'bg-emerald-600/10 text-emerald-800' : 'bg-surface-muted text-ink-muted'}`}
            data-testid="two-factor-status"
          >
            {loaderData.twoFactorEnabled ? t('security.on') : t('security.off')}
          </span>
        </div>
        <p className="text-sm text-ink-muted">{t('security.twoFactorText')}</p>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        {posted?.message ? <FormAlert tone="success">{posted.message}</FormAlert> : null}
        {freshCodes ? <BackupCodes codes={freshCodes} /> : null}
        {setup ? (
          <form method="post" onSubmit={confirmSetup} className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            <p className="text-sm">{t('security.scan')}</p>
            <div className="size-48 rounded-lg bg-white p-2" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
            <details className="text-sm">
              <summary className="cursor-pointer text-ink-muted">{t('security.manualEntry')}</summary>
              <code className="mt-2 block rounded bg-surface-muted p-2 text-xs break-all" data-testid="totp-uri">
                {setup.totpURI}
              </code>
            </details>
            <TextField label={t('auth.twoFactor.code')} name="code" inputMode="numeric" autoComplete="one-time-code" />
            <Button type="submit" disabled={pending}>
              {t('security.confirm')}
            </Button>
          </form>
        ) : loaderData.twoFactorEnabled ? (
          <div className="grid gap-6 sm:grid-cols-2">
            <form method="post" onSubmit={regenerate} className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="regenerate" />
              <TextField
                label={t('auth.fields.password')}
                name="password"
                type="password"
                autoComplete="current-password"
              />
              <Button type="submit" variant="secondary" disabled={pending}>
                {t('security.regenerate')}
              </Button>
            </form>
            <form method="post" onSubmit={disable} className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="disable" />
              <TextField
                label={t('auth.fields.password')}
                name="password"
                type="password"
                autoComplete="current-password"
              />
              <Button type="submit" variant="danger" disabled={pending}>
                {t('security.disable')}
              </Button>
            </form>
          </div>
        ) : (
          <form method="post" onSubmit={enable} className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="enable" />
            <TextField
              label={t('auth.fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
            />
            <Button type="submit" disabled={pending}>
              {t('security.enable')}
            </Button>
          </form>
        )}
      </section>
    </div>
  )
}

export const ErrorBoundary = AdminRouteErrorBoundary
