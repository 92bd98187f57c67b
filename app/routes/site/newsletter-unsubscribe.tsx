import { data, Form, Link, useNavigation } from 'react-router'
import { BrandLink } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { FormAlert } from '#app/components/ui/field'
import { addressOfLink, isSubscribed, unsubscribeFromNewsletter } from '#app/features/marketing/server/newsletter-subscription.server'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/newsletter-unsubscribe'

type Outcome = 'confirm' | 'not-subscribed' | 'unsubscribed' | 'invalid'

export async function loader({ request }: Route.LoaderArgs) {
  const email = addressOfLink(Object.fromEntries(new URL(request.url).searchParams))
  if (!email) return data({ outcome: 'invalid' as Outcome, email: null, sig: null }, { status: 400 })
  const sig = new URL(request.url).searchParams.get('sig')
  return { outcome: ((await isSubscribed(email)) ? 'confirm' : 'not-subscribed') as Outcome, email, sig }
}

export async function action({ request }: Route.ActionArgs) {
  const result = await unsubscribeFromNewsletter(Object.fromEntries(await request.formData()))
  return data({ outcome: result.outcome as Outcome, email: result.email }, { status: result.outcome === 'invalid' ? 400 : 200 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Afterglow' }, { name: 'robots', content: 'noindex' }]

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const submitting = useNavigation().state === 'submitting'
  const outcome = actionData?.outcome ?? loaderData.outcome
  return (
    <div className="min-h-dvh bg-surface px-5 py-6 text-ink sm:px-10">
      <header className="mx-auto flex max-w-3xl items-center justify-between">
        <BrandLink />
        <LanguageSwitcher />
      </header>
      <main className="mx-auto max-w-md py-16">
        <h1 className="text-2xl font-semibold tracking-tight">{t('legal.newsletter.title')}</h1>
        <div className="mt-6 space-y-6" data-testid={`newsletter-${outcome}`}>
          {outcome === 'confirm' ? (
            <Form method="post" className="space-y-6">
              <p className="text-ink-muted">{t('legal.newsletter.confirm', { email: loaderData.email })}</p>
              <input type="hidden" name="email" value={loaderData.email ?? ''} />
              <input type="hidden" name="sig" value={loaderData.sig ?? ''} />
              <button type="submit" disabled={submitting} className={buttonClasses('primary', 'lg', 'w-full')}>
                {submitting ? t('legal.newsletter.working') : t('legal.newsletter.action')}
              </button>
            </Form>
          ) : (
            <FormAlert tone={outcome === 'invalid' ? 'error' : 'success'}>{t(`legal.newsletter.${outcome}`, { email: actionData?.email ?? loaderData.email })}</FormAlert>
          )}
          <Link to="/" className="inline-block text-sm font-medium text-accent hover:underline">
            {t('legal.newsletter.home')}
          </Link>
        </div>
      </main>
    </div>
  )
}
