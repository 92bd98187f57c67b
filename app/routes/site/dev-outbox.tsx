import { useTranslation } from '#app/lib/react-i18n'
import { useDateFormat } from '#app/lib/use-date-format'
import { data } from 'react-router'
import { latestOutboxMail } from '#app/lib/mail.server'
import { usesDevOutbox } from '#app/lib/env.server'
import type { Route } from './+types/dev-outbox'

// Mail the app would have sent, for local use when no SMTP server is configured.
export async function loader() {
  if (!usesDevOutbox()) throw data(null, { status: 404 })
  return { mails: await latestOutboxMail() }
}

export const meta = () => [{ title: 'Dev outbox · Afterglow' }, { name: 'robots', content: 'noindex' }]

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="break-all text-accent underline">
        {part}
      </a>
    ) : (
      part
    ),
  )
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { dateTime } = useDateFormat()
  return (
    <main className="mx-auto max-w-3xl px-5 py-10">
      <h1 className="text-2xl font-semibold">{t('outbox.title')}</h1>
      <p className="mt-2 text-sm text-ink-muted">{t('outbox.description')}</p>
      {loaderData.mails.length === 0 ? (
        <p className="mt-10 rounded-lg border border-dashed border-line p-8 text-center text-ink-muted">
          {t('outbox.empty')}
        </p>
      ) : (
        <ol className="mt-8 space-y-4">
          {loaderData.mails.map((mail) => (
            <li key={mail.id} className="rounded-lg border border-line p-5" data-testid="outbox-mail">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">{mail.subject}</p>
                <time className="text-xs text-ink-muted" dateTime={new Date(mail.createdAt).toISOString()}>
                  {dateTime(mail.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                {t('outbox.to')}: <span data-testid="outbox-to">{mail.to}</span>
              </p>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{linkify(mail.text)}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  )
}
