/*
 * Value lists of audit (app/features/audit) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

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
