/*
 * The value lists the database constrains its columns to (check constraints and enums in
 * schema.ts). The app reads the same lists from here, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays: fans' pages may import them.
 */

// Audit (app/features/audit)
/** The six audit categories of the specification plus session activity. */
export const AUDIT_CATEGORIES = [
  'lead_data_access',
  'subscription_data_access',
  'company_sensitive_data_access',
  'comment_submission',
  'download_tracking',
  'admin_privileged_action',
  'session_start',
  'session_end',
  'session_activity',
  /** A request made with an API key (the Enterprise API). */
  'api_access',
] as const

// Billing (app/features/billing)
/** Every plan, cheapest first (their features: app/features/billing/plans.ts). */
export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const

export const CURRENCIES = ['USD', 'EUR', 'BRL'] as const
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete_expired',
  'paused',
] as const
/** `stripe` with STRIPE_SECRET_KEY; `test`, the built-in provider of the zero-configuration start. */
export const BILLING_PROVIDERS = ['stripe', 'test'] as const

// Comments (app/features/comments)
export const COMMENT_STATUSES = ['pending', 'approved', 'hidden'] as const

// Content (app/features/content)
export const CONTENT_KINDS = ['single', 'gallery'] as const
export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const

// Events (app/features/events)
export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const

// Marketing (app/features/marketing)
export const MARKETING_FORM_KINDS = ['interest', 'newsletter', 'contact'] as const

// Media (app/features/media)
export const UPLOAD_PURPOSES = ['content-file', 'gallery-media', 'cover', 'thumbnail', 'logo', 'hero'] as const
export const MEDIA_TYPES = ['image', 'video', 'audio', 'pdf', 'other'] as const

// Members (app/features/members)
export const ROLES = ['admin', 'manager', 'user'] as const

// Webhooks (app/features/webhooks)
export const DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const

// Companies (app/features/companies)
export const EMPLOYEE_COUNTS = ['1-10', '11-50', '51-200', '201-500', '500+'] as const

// Domains (app/features/domains)
/** The spec's subdomain states. */
export const SUBDOMAIN_STATUSES = ['pending', 'active', 'rejected'] as const
/** What a DNS lookup says of a live subdomain (spec section 4). */
export const SUBDOMAIN_DNS_STATES = ['configured', 'not-found', 'waiting-verification', 'needs-configuration'] as const
/** A custom domain's stored states (a check that could not ask the DNS keeps the last one). */
export const STORED_DOMAIN_STATES = ['pending', 'invalid', 'conflicting', 'verified'] as const
/**
 * The platform operator's review of a custom domain. It serves fans once verified unless the
 * operator rejected it: ownership is proven by DNS, the review is there to stop abuse.
 */
export const DOMAIN_APPROVALS = ['pending', 'approved', 'rejected'] as const

// Analytics (app/features/analytics)
/** Kinds of event the browser reports. */
export const BROWSER_EVENT_TYPES = ['page_view', 'item_view', 'like', 'unlike', 'share', 'heartbeat'] as const
/** Kinds the server records where they happen (a real download, a lead, a comment), so a browser cannot forge them. */
export const SERVER_EVENT_TYPES = ['download', 'lead', 'comment'] as const
export const EVENT_TYPES = [...BROWSER_EVENT_TYPES, ...SERVER_EVENT_TYPES] as const
