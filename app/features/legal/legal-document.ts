/*
 * Policy texts are structured content (headings, paragraphs, lists, tables), written per
 * language in ./content and rendered by one component. Inline text may carry two marks:
 * [label](href) for a link and **bold**.
 */

export type LegalBlock = string | { list: string[] } | { table: { head: string[]; rows: string[][] } }

export type LegalSection = { id: string; title: string; body: LegalBlock[] }

export type LegalDocument = { title: string; summary: string; sections: LegalSection[] }

export const PLATFORM_POLICIES = ['privacy', 'terms', 'cookies'] as const
export type PlatformPolicy = (typeof PLATFORM_POLICIES)[number]

export const COMPANY_POLICIES = ['companyTerms', 'companyPrivacy'] as const
export type CompanyPolicy = (typeof COMPANY_POLICIES)[number]

/** The version every policy and the consent banner share, and the date of their last change. */
export const POLICY_VERSION = '1.0'
export const POLICY_LAST_UPDATED = '2026-11-21'
