import type { ReactNode } from 'react'
import { useTranslation } from '#app/lib/react-i18n'
import { FUNNEL_STEPS, SHARE_CHANNELS } from '../analytics-events'
import type { Funnel, TFunnelSubject } from '../server/read-funnel.server'

/*
 * The funnel and the shares by channel, drawn as plain lists with bars: the numbers are text a
 * screen reader reads in order, the bars only repeat them for the eye (aria-hidden).
 */

function Bar({ value, peak, className }: { value: number; peak: number; className: string }) {
  return (
    <div aria-hidden className="mt-1 h-2.5 overflow-hidden rounded-full bg-surface-muted">
      <div
        className={`h-full rounded-full ${className}`}
        style={{ width: `${peak > 0 ? Math.max((value / peak) * 100, value > 0 ? 2 : 0) : 0}%` }}
      />
    </div>
  )
}

export type FunnelSubject = (TFunnelSubject & { title: string | null }) | null

/** Whose figures a panel shows, in a line under its title: the event's or item's chosen (none: the company's). */
function SubjectLine({ subject, testId }: { subject: FunnelSubject; testId: string }) {
  const { t } = useTranslation()
  if (!subject) return null
  return (
    <p className="mt-1 truncate text-sm font-medium" data-testid={testId}>
      {t(`analytics.admin.funnel.subject.${subject.scope}`, { title: subject.title ?? t('analytics.admin.untitled') })}
    </p>
  )
}

/** Visitors at each step; every step after the first as a share of the visitors who viewed. */
export function FunnelPanel({
  funnel,
  subject,
  children,
}: {
  funnel: Funnel
  subject: FunnelSubject
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 })
  const peak = Math.max(...FUNNEL_STEPS.map((step) => funnel[step]))
  return (
    <section
      aria-labelledby="funnel"
      className="min-w-0 scroll-mt-4 rounded-xl border border-line bg-surface p-4 lg:p-5"
      data-testid="funnel"
    >
      <h2 id="funnel" className="font-semibold">
        {t('analytics.admin.funnel.title')}
      </h2>
      <SubjectLine subject={subject} testId="funnel-subject" />
      <p className="mt-1 text-sm text-ink-muted">{t('analytics.admin.funnel.text')}</p>
      {children}
      <ol className="mt-4 space-y-3">
        {FUNNEL_STEPS.map((step, index) => (
          <li key={step} data-testid={`funnel-${step}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium">
                <span aria-hidden className="mr-1.5 text-ink-muted">
                  {index + 1}.
                </span>
                {t(`analytics.admin.funnel.steps.${step}`)}
              </span>
              <span className="tabular-nums">
                <span className="font-semibold" data-testid="funnel-value">
                  {number.format(funnel[step])}
                </span>
                {index > 0 && funnel.view > 0 ? (
                  <span className="ml-2 text-xs text-ink-muted">
                    {t('analytics.admin.funnel.ofViewers', { share: percent.format(funnel[step] / funnel.view) })}
                  </span>
                ) : null}
              </span>
            </div>
            <Bar value={funnel[step]} peak={peak} className="bg-accent" />
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Shares of the range by the way fans shared, of the company or of the event or item chosen. */
export function ChannelsPanel({
  sharesByChannel,
  subject,
}: {
  sharesByChannel: Record<string, number>
  subject: FunnelSubject
}) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const used = SHARE_CHANNELS.filter((channel) => (sharesByChannel[channel] ?? 0) > 0).sort(
    (a, b) => sharesByChannel[b] - sharesByChannel[a],
  )
  const peak = Math.max(0, ...used.map((channel) => sharesByChannel[channel]))
  return (
    <section
      aria-labelledby="channels"
      className="min-w-0 rounded-xl border border-line bg-surface p-4 lg:p-5"
      data-testid="share-channels"
    >
      <h2 id="channels" className="font-semibold">
        {t('analytics.admin.channels.title')}
      </h2>
      <SubjectLine subject={subject} testId="channels-subject" />
      {used.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{t('analytics.admin.channels.none')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {used.map((channel) => (
            <li key={channel} data-testid={`channel-${channel}`}>
              <div className="flex justify-between gap-3 text-sm">
                <span>{t(`analytics.admin.channels.${channel}`)}</span>
                <span className="font-semibold tabular-nums">{number.format(sharesByChannel[channel])}</span>
              </div>
              <Bar value={sharesByChannel[channel]} peak={peak} className="bg-sky-600" />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A row's shares by channel, in a line of small print under its total ("WhatsApp 2 · Copy link 1"). */
export function channelSummary(
  sharesByChannel: Record<string, number>,
  t: (key: string) => string,
  number: Intl.NumberFormat,
) {
  return SHARE_CHANNELS.filter((channel) => (sharesByChannel[channel] ?? 0) > 0)
    .sort((a, b) => sharesByChannel[b] - sharesByChannel[a])
    .map((channel) => `${t(`analytics.admin.channels.${channel}`)} ${number.format(sharesByChannel[channel])}`)
    .join(' · ')
}
