/*
 * What an audit entry was about, in words and (where the thing still exists) a link, from the
 * columns the log keeps. Pure, so the screen and its unit test read the same rules.
 */

/** Every action the product records, each with a translated name under `audit.actions`. */
export const AUDIT_ACTIONS = [
  'api-key.create',
  'api-key.revoke',
  'api-key.use',
  'audit.read',
  'backup.download',
  'backup.request',
  'billing.checkout.open',
  'billing.portal.open',
  'billing.subscription.cancel',
  'billing.subscription.check',
  'billing.trial.start',
  'comments.auto-approve',
  'comments.refused',
  'comments.submit',
  'company.close',
  'company.create',
  'company.create-brand',
  'company.erase',
  'company.landing.update',
  'company.reopen',
  'company.restore',
  'company.template.update',
  'company.watermark.update',
  'company.update',
  'content.find-me.removal',
  'content.find-me.update',
  'domain.add',
  'domain.remove',
  'gallery.files.alt-text',
  'gallery.files.hide',
  'gallery.files.move',
  'gallery.files.order-by-capture',
  'gallery.files.publish',
  'download.file',
  'download.zip',
  'invitation.accept',
  'leads.delete',
  'leads.export',
  'leads.list',
  'member.cancel-invitation',
  'member.change-role',
  'member.invite',
  'member.remove',
  'operator.company.reactivate',
  'operator.company.suspend',
  'operator.domain.approve',
  'operator.domain.reject',
  'operator.inbox.export',
  'operator.inbox.handled',
  'operator.inbox.reopened',
  'operator.subdomain.approve',
  'operator.subdomain.reject',
  'session.activity',
  'session.sign-out',
  'session.start',
  'subdomain.request',
  'webhook.add',
  'webhook.delete',
  'webhook.rotate-secret',
  'webhook.update',
] as const
export type TAuditAction = (typeof AUDIT_ACTIONS)[number]

const KNOWN = new Set<string>(AUDIT_ACTIONS)

/** The catalog key of an action's name (`leads.list` → `audit.actions.leadsList`), or null for one the screen does not know. */
export function auditActionKey(action: string): string | null {
  if (!KNOWN.has(action)) return null
  return `audit.actions.${action.replace(/[.-]([a-z])/g, (_, letter: string) => letter.toUpperCase())}`
}

export type TAuditSubjectRow = {
  action: string
  tableName: string | null
  details: Record<string, unknown> | null
  /** The content item the entry names, when it still exists. */
  content: { id: string; title: string } | null
  /** The team member the entry names, when still in the company. */
  memberName: string | null
  /** The custom domain the entry names, when still configured. */
  domainHost: string | null
}

export type TAuditSubject =
  | { kind: 'link'; href: string; text?: string; labelKey?: string }
  | { kind: 'text'; text?: string; labelKey?: string }
  | null

const PAGES: Partial<Record<TAuditAction, { href: string; labelKey: string }>> = {
  'billing.checkout.open': { href: '/admin/subscription', labelKey: 'audit.pages.subscription' },
  'billing.portal.open': { href: '/admin/subscription', labelKey: 'audit.pages.subscription' },
  'billing.subscription.cancel': { href: '/admin/subscription', labelKey: 'audit.pages.subscription' },
  'billing.subscription.check': { href: '/admin/subscription', labelKey: 'audit.pages.subscription' },
  'billing.trial.start': { href: '/admin/subscription', labelKey: 'audit.pages.subscription' },
  'comments.auto-approve': { href: '/admin/comments', labelKey: 'audit.pages.comments' },
  'company.create': { href: '/admin/settings/company-data', labelKey: 'audit.pages.companyData' },
  'company.create-brand': { href: '/admin/settings/company-data', labelKey: 'audit.pages.companyData' },
  'company.update': { href: '/admin/settings/company-data', labelKey: 'audit.pages.companyData' },
  'company.close': { href: '/admin/settings/company-data', labelKey: 'audit.pages.companyData' },
  'company.reopen': { href: '/admin/settings/company-data', labelKey: 'audit.pages.companyData' },
  'company.landing.update': { href: '/admin/settings/landing-page', labelKey: 'audit.pages.landingPage' },
  'company.template.update': { href: '/admin/settings/template', labelKey: 'audit.pages.template' },
  'subdomain.request': { href: '/admin/settings/subdomain', labelKey: 'audit.pages.subdomain' },
  'operator.subdomain.approve': { href: '/admin/settings/subdomain', labelKey: 'audit.pages.subdomain' },
  'operator.subdomain.reject': { href: '/admin/settings/subdomain', labelKey: 'audit.pages.subdomain' },
  'leads.list': { href: '/admin/leads', labelKey: 'audit.pages.leads' },
  'leads.export': { href: '/admin/leads', labelKey: 'audit.pages.leads' },
  'audit.read': { href: '/admin/settings/audit', labelKey: 'audit.pages.audit' },
  'invitation.accept': { href: '/admin/settings/team', labelKey: 'audit.pages.team' },
  'member.cancel-invitation': { href: '/admin/settings/team', labelKey: 'audit.pages.team' },
  'backup.request': { href: '/admin/settings/backups', labelKey: 'audit.pages.backups' },
  'backup.download': { href: '/admin/settings/backups', labelKey: 'audit.pages.backups' },
  'webhook.add': { href: '/admin/settings/webhooks', labelKey: 'audit.pages.webhooks' },
  'webhook.update': { href: '/admin/settings/webhooks', labelKey: 'audit.pages.webhooks' },
  'webhook.rotate-secret': { href: '/admin/settings/webhooks', labelKey: 'audit.pages.webhooks' },
  'webhook.delete': { href: '/admin/settings/webhooks', labelKey: 'audit.pages.webhooks' },
}

function text(value: unknown) {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

export function describeAuditSubject(row: TAuditSubjectRow): TAuditSubject {
  if (row.content) return { kind: 'link', href: `/admin/content/${row.content.id}`, text: row.content.title }
  const details = row.details ?? {}
  // The entry names content that is gone: say so instead of a dead link.
  if (text(details.contentItemId)) return { kind: 'text', labelKey: 'audit.subject.contentGone' }
  if (row.action === 'member.change-role' || row.action === 'member.remove') {
    return row.memberName
      ? { kind: 'link', href: '/admin/settings/team', text: row.memberName }
      : { kind: 'text', labelKey: 'audit.subject.memberGone' }
  }
  if (row.action === 'member.invite')
    return {
      kind: 'link',
      href: '/admin/settings/team',
      text: text(details.email) ?? undefined,
      labelKey: text(details.email) ? undefined : 'audit.pages.team',
    }
  if (row.tableName === 'custom_domains') {
    const host = text(details.host)
    return row.domainHost
      ? { kind: 'link', href: '/admin/settings/domains', text: row.domainHost }
      : host
        ? { kind: 'text', text: host }
        : null
  }
  if (row.action === 'leads.delete') return { kind: 'text', labelKey: 'audit.subject.leadDeleted' }
  if (row.tableName === 'api_keys')
    return {
      kind: 'link',
      href: '/admin/settings/api',
      text: text(details.keyName) ?? text(details.name),
      labelKey: (text(details.keyName) ?? text(details.name)) ? undefined : 'audit.pages.api',
    }
  const page = PAGES[row.action as TAuditAction]
  return page ? { kind: 'link', ...page } : null
}
