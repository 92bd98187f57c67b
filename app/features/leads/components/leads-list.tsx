import { Building2, CalendarDays, Mail, Phone, Sparkles, Trash2 } from 'lucide-react'
import { useTranslation } from '#app/lib/react-i18n'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table'
import type { LeadListItem } from '../server/find-leads.server'
import { LeadConsentBadges } from './lead-consent-badges'
import { LeadDate } from './lead-date'

type ListProps = { leads: LeadListItem[]; canDelete: boolean; onDelete: (lead: LeadListItem) => void }

const missing = <span className="text-ink-muted">—</span>

/** Where the lead came from. A deleted gallery or event leaves the lead without a link. */
function SourceLink({ to, title, testId }: { to: string | null; title: string | null; testId: string }) {
  if (!to || !title) return missing
  return (
    <Link to={to} className="font-medium text-ink hover:text-accent hover:underline" data-testid={testId}>
      {title}
    </Link>
  )
}

const contentHref = (lead: LeadListItem) => (lead.contentItemId ? `/admin/content/${lead.contentItemId}` : null)
const eventHref = (lead: LeadListItem) => (lead.eventId ? `/admin/events/${lead.eventId}` : null)

/** Desktop: one row per lead, every field at a glance; the contact details share the first column. */
export function LeadsTable({ leads, canDelete, onDelete }: ListProps) {
  const { t } = useTranslation()
  const headings = ['contact', 'company', 'content', 'event', 'date', 'consents'] as const
  return (
    <Table label={t('leads.title')} density="dense" containerClassName="hidden xl:block" className="table-fixed">
      <colgroup>
        <col className="w-[21%]" />
        <col className="w-[12%]" />
        <col className="w-[15%]" />
        <col className="w-[13%]" />
        <col className="w-[11%]" />
        <col />
        {canDelete ? <col className="w-12" /> : null}
      </colgroup>
      <TableHeader className="bg-surface-muted/60">
        <TableRow>
          {headings.map((key) => (
            <TableHead key={key}>{t(`leads.columns.${key}`)}</TableHead>
          ))}
          {canDelete ? (
            <TableHead fit>
              <span className="sr-only">{t('leads.columns.actions')}</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {leads.map((lead) => (
          <TableRow
            key={lead.id}
            className="align-top hover:bg-surface-muted/60"
            data-testid="lead-row"
            data-lead-id={lead.id}
          >
            <TableCell>
              <p className="font-medium break-words text-ink">{lead.fullName}</p>
              <p className="text-ink-muted [overflow-wrap:anywhere]">
                <span className="sr-only">{t('leads.columns.email')}: </span>
                <a href={`mailto:${lead.email}`} className="hover:text-accent hover:underline">
                  {lead.email}
                </a>
              </p>
              {lead.phone ? (
                <p className="text-ink-muted tabular-nums">
                  <span className="sr-only">{t('leads.columns.phone')}: </span>
                  <a href={`tel:${lead.phone}`} className="hover:text-accent hover:underline">
                    {lead.phone}
                  </a>
                </p>
              ) : null}
            </TableCell>
            <TableCell className="break-words">{lead.organisation || missing}</TableCell>
            <TableCell className="break-words">
              <SourceLink to={contentHref(lead)} title={lead.contentTitle} testId="lead-content" />
            </TableCell>
            <TableCell className="break-words">
              <SourceLink to={eventHref(lead)} title={lead.eventTitle} testId="lead-event" />
            </TableCell>
            <TableCell>
              <LeadDate value={lead.createdAt} stacked />
            </TableCell>
            <TableCell>
              <LeadConsentBadges lead={lead} />
            </TableCell>
            {canDelete ? (
              <TableCell fit className="text-right">
                <Button
                  variant="danger-ghost"
                  size="sm"
                  className="px-2"
                  onClick={() => onDelete(lead)}
                  aria-label={t('leads.delete.buttonFor', { name: lead.fullName })}
                  title={t('leads.delete.button')}
                >
                  <Trash2 aria-hidden className="size-4" />
                </Button>
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Phones and tablets: a card per lead, nothing to scroll sideways. */
export function LeadCards({ leads, canDelete, onDelete }: ListProps) {
  const { t } = useTranslation()
  return (
    <ul className="grid gap-3 md:grid-cols-2 xl:hidden">
      {leads.map((lead) => (
        <li
          key={lead.id}
          className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4"
          data-testid="lead-card"
          data-lead-id={lead.id}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{lead.fullName}</p>
              <p className="text-xs text-ink-muted">
                <LeadDate value={lead.createdAt} />
              </p>
            </div>
            {canDelete ? (
              <Button
                variant="danger-ghost"
                size="sm"
                className="-mt-1 -mr-2 shrink-0"
                onClick={() => onDelete(lead)}
                aria-label={t('leads.delete.buttonFor', { name: lead.fullName })}
              >
                <Trash2 aria-hidden className="size-4" />
                {t('leads.delete.button')}
              </Button>
            ) : null}
          </div>
          <dl className="grid gap-1.5 text-sm">
            <div className="flex min-w-0 items-center gap-2">
              <dt>
                <Mail aria-hidden className="size-4 text-ink-muted" />
                <span className="sr-only">{t('leads.columns.email')}</span>
              </dt>
              <dd className="min-w-0 break-all">
                <a href={`mailto:${lead.email}`} className="hover:text-accent hover:underline">
                  {lead.email}
                </a>
              </dd>
            </div>
            {lead.phone ? (
              <div className="flex items-center gap-2">
                <dt>
                  <Phone aria-hidden className="size-4 text-ink-muted" />
                  <span className="sr-only">{t('leads.columns.phone')}</span>
                </dt>
                <dd className="tabular-nums">
                  <a href={`tel:${lead.phone}`} className="hover:text-accent hover:underline">
                    {lead.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {lead.organisation ? (
              <div className="flex min-w-0 items-center gap-2">
                <dt>
                  <Building2 aria-hidden className="size-4 text-ink-muted" />
                  <span className="sr-only">{t('leads.columns.company')}</span>
                </dt>
                <dd className="min-w-0 break-words">{lead.organisation}</dd>
              </div>
            ) : null}
            {lead.contentTitle && lead.contentItemId ? (
              <div className="flex min-w-0 items-center gap-2">
                <dt>
                  <Sparkles aria-hidden className="size-4 text-ink-muted" />
                  <span className="sr-only">{t('leads.columns.content')}</span>
                </dt>
                <dd className="min-w-0 break-words">
                  <SourceLink to={contentHref(lead)} title={lead.contentTitle} testId="lead-content" />
                </dd>
              </div>
            ) : null}
            {lead.eventTitle && lead.eventId ? (
              <div className="flex min-w-0 items-center gap-2">
                <dt>
                  <CalendarDays aria-hidden className="size-4 text-ink-muted" />
                  <span className="sr-only">{t('leads.columns.event')}</span>
                </dt>
                <dd className="min-w-0 break-words">
                  <SourceLink to={eventHref(lead)} title={lead.eventTitle} testId="lead-event" />
                </dd>
              </div>
            ) : null}
          </dl>
          <LeadConsentBadges lead={lead} />
        </li>
      ))}
    </ul>
  )
}
