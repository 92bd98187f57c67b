import { data, Form, Link, useNavigation } from 'react-router'
import { siteVisitorOf } from '#app/access/site-visitor.server'
import { BrandLink } from '#app/components/brand'
import { LanguageSwitcher } from '#app/components/language-switcher'
import { buttonClasses } from '#app/components/ui/button'
import { FormAlert } from '#app/components/ui/field'
import {
  addressOfLink,
  isSubscribed,
  unsubscribeFromNewsletter,
} from '#app/features/marketing/server/newsletter-subscription.server'
import { toHttpError } from '#app/lib/errors'
import { readForm } from '#app/lib/read-form.server'
import { useTranslation } from '#app/lib/react-i18n'
import type { Route } from './+types/newsletter-unsubscribe'

type Outcome = 'confirm' | 'not-subscribed' | 'unsubscribed' | 'invalid'
/** The catalog key of what each outcome tells the reader. */
const MESSAGES = {
  confirm: 'legal.newsletter.confirm',
  'not-subscribed': 'legal.newsletter.notSubscribed',
  unsubscribed: 'legal.newsletter.unsubscribed',
  invalid: 'legal.newsletter.invalid',
} as const satisfies Record<Outcome, string>

export async function loader({ request }: Route.LoaderArgs) {
  const email = addressOfLink(Object.fromEntries(new URL(request.url).searchParams))
  if (!email)
    return data({ outcome: 'invalid' as Outcome, email: null, sig: null, message: MESSAGES.invalid }, { status: 400 })
  const sig = new URL(request.url).searchParams.get('sig')
  const subscribed = await isSubscribed(siteVisitorOf(request), email).catch(answerUnavailable)
  const outcome: Outcome = subscribed ? 'confirm' : 'not-subscribed'
  return { outcome, email, sig, message: MESSAGES[outcome] }
}

/** The database away for a moment: "we'll be right back" (503, Retry-After), the address still subscribed. */
function answerUnavailable(error: unknown): never {
  throw toHttpError(error)
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request)
  const result = await unsubscribeFromNewsletter(siteVisitorOf(request), form).catch(answerUnavailable)
  return data(
    { outcome: result.outcome as Outcome, email: result.email, message: MESSAGES[result.outcome] },
    { status: result.outcome === 'invalid' ? 400 : 200 },
  )
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
              <p className="text-ink-muted">{t(loaderData.message, { email: loaderData.email })}</p>
              <input type="hidden" name="email" value={loaderData.email ?? ''} />
              <input type="hidden" name="sig" value={loaderData.sig ?? ''} />
              <button type="submit" disabled={submitting} className={buttonClasses('primary', 'lg', 'w-full')}>
                {submitting ? t('legal.newsletter.working') : t('legal.newsletter.action')}
              </button>
            </Form>
          ) : (
            <FormAlert tone={outcome === 'invalid' ? 'error' : 'success'}>
              {t((actionData ?? loaderData).message, { email: actionData?.email ?? loaderData.email })}
            </FormAlert>
          )}
          <Link to="/" className="inline-block text-sm font-medium text-accent hover:underline">
            {t('legal.newsletter.home')}
          </Link>
        </div>
      </main>
    </div>
  )
}
