import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '#app/locales/en.json'
import { AUDIT_ACTIONS, auditActionKey, describeAuditSubject, type TAuditSubjectRow } from './audit-subject'

function lookup(key: string) {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      en,
    )
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : []
  })
}

/** Every action literal the code hands to the audit trail, read from the source. */
function recordedActions() {
  const found = new Set<string>()
  const recorders = /\baction: |recordTeamChange\(|recordLeadAccess\(|recordOperatorAction\(/
  for (const file of sourceFiles(path.resolve('app'))) {
    const source = readFileSync(file, 'utf8')
    if (!/recordAuditEvent|recordTeamChange|recordLeadAccess|recordOperatorAction/.test(source)) continue
    for (const line of source.split('\n')) {
      if (!recorders.test(line) || line.includes('actionSuccess')) continue
      for (const [, literal] of line.matchAll(/(?<!t\()'([a-z]+(?:\.[a-z-]+)+)'/g))
        found.add(line.includes('recordOperatorAction(') ? `operator.${literal}` : literal)
    }
  }
  return found
}

const row = (overrides: Partial<TAuditSubjectRow>): TAuditSubjectRow => ({
  action: 'leads.list',
  tableName: null,
  details: null,
  content: null,
  memberName: null,
  domainHost: null,
  ...overrides,
})

describe('audit action names', () => {
  it('every recorded action has a name in the catalog, so the log never shows a raw id', () => {
    const recorded = recordedActions()
    expect(recorded.size).toBeGreaterThan(25)
    for (const action of recorded) expect(AUDIT_ACTIONS, action).toContain(action)
    for (const action of AUDIT_ACTIONS) expect(typeof lookup(auditActionKey(action)!), action).toBe('string')
  })

  it('maps ids to catalog keys and leaves unknown ones alone', () => {
    expect(auditActionKey('leads.list')).toBe('audit.actions.leadsList')
    expect(auditActionKey('session.sign-out')).toBe('audit.actions.sessionSignOut')
    expect(auditActionKey('operator.company.suspend')).toBe('audit.actions.operatorCompanySuspend')
    expect(auditActionKey('something.new')).toBeNull()
  })
})

describe('what an audit entry is about', () => {
  it('links content while it exists and says when it is gone', () => {
    expect(
      describeAuditSubject(
        row({ action: 'download.zip', details: { contentItemId: 'c1' }, content: { id: 'c1', title: 'Night one' } }),
      ),
    ).toEqual({ kind: 'link', href: '/admin/content/c1', text: 'Night one' })
    expect(describeAuditSubject(row({ action: 'download.zip', details: { contentItemId: 'c1' } }))).toEqual({
      kind: 'text',
      labelKey: 'audit.subject.contentGone',
    })
  })

  it('names team members and domains, linked only while they remain', () => {
    expect(describeAuditSubject(row({ action: 'member.remove', tableName: 'members', memberName: 'Ana' }))).toEqual({
      kind: 'link',
      href: '/admin/settings/team',
      text: 'Ana',
    })
    expect(describeAuditSubject(row({ action: 'member.remove', tableName: 'members' }))).toEqual({
      kind: 'text',
      labelKey: 'audit.subject.memberGone',
    })
    expect(
      describeAuditSubject(
        row({ action: 'domain.remove', tableName: 'custom_domains', details: { host: 'a.example' } }),
      ),
    ).toEqual({ kind: 'text', text: 'a.example' })
    expect(
      describeAuditSubject(
        row({
          action: 'domain.add',
          tableName: 'custom_domains',
          details: { host: 'a.example' },
          domainHost: 'a.example',
        }),
      ),
    ).toEqual({ kind: 'link', href: '/admin/settings/domains', text: 'a.example' })
  })

  it('points settings and lead actions at their screen, and sessions at nothing', () => {
    expect(describeAuditSubject(row({ action: 'leads.list' }))).toEqual({
      kind: 'link',
      href: '/admin/leads',
      labelKey: 'audit.pages.leads',
    })
    expect(describeAuditSubject(row({ action: 'leads.delete' }))).toEqual({
      kind: 'text',
      labelKey: 'audit.subject.leadDeleted',
    })
    expect(describeAuditSubject(row({ action: 'session.start' }))).toBeNull()
  })
})
