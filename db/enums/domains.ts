/*
 * Value lists of domains (app/features/domains) that the database constrains its columns
 * to (db/schema.ts): the app reads the same lists, so what it writes and what the database
 * accepts cannot drift apart. Plain arrays, one file a domain: fans' pages may import them.
 */

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
