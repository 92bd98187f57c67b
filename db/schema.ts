import { sql, type SQL } from 'drizzle-orm'
import type { LocalizedTexts, MachineTranslated, PageTemplate, StoredSetlist } from './json-columns'
// The app's own lists, so the constraints and the values the app writes cannot drift apart.
import { EVENT_TYPES } from './enums/analytics'
import { AUDIT_CATEGORIES } from './enums/audit'
import { BILLING_PROVIDERS, CURRENCIES, PLAN_IDS, SUBSCRIPTION_STATUSES } from './enums/billing'
import { COMMENT_STATUSES } from './enums/comments'
import { EMPLOYEE_COUNTS } from './enums/companies'
import { DOMAIN_APPROVALS, STORED_DOMAIN_STATES, SUBDOMAIN_DNS_STATES, SUBDOMAIN_STATUSES } from './enums/domains'
import { EVENT_STATUSES } from './enums/events'
import { CONTENT_KINDS, CONTENT_STATUSES } from './enums/galleries'
import { MARKETING_FORM_KINDS } from './enums/marketing'
import { ASSET_MODERATIONS, MEDIA_TYPES, UPLOAD_PURPOSES } from './enums/media'
import { ROLES } from './enums/members'
import { DELIVERY_STATES } from './enums/webhooks'
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/*
 * Property names of the auth tables are the field names Better Auth expects; the SQL names
 * follow our own convention (plural, snake_case, `company_id` for the tenant key).
 */

/** A CHECK constraint keeping a text column to its known values (NULL passes, as for any CHECK). */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(
    name,
    sql`${column} in (${sql.join(
      values.map((value): SQL => sql.raw(`'${value}'`)),
      sql`, `,
    )})`,
  )

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Raw bytes (a face's embedding as little-endian float32s): read back as a Buffer, never as text. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const user = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  /** The interface language the person last used (en, pt, es, fr): mails sent outside a request speak it. */
  language: text('language'),
  /** The plan chosen on the pricing page before signing up (only the trial's): the first company the person creates starts its trial. */
  signUpPlan: text('sign_up_plan'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    activeOrganizationId: text('active_company_id'),
    activeTeamId: text('active_team_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
)

export const verification = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

export const twoFactor = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factors_user_idx').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
)

export const rateLimit = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

/**
 * A try of a background job that a worker process has under way, renewed every few seconds while
 * that process lives: a lease left unrenewed means its worker died, and the try is given back to
 * the queue (app/jobs/job-leases.server.ts). pg-boss itself would wait out the try's expiry.
 */
export const jobLease = pgTable('job_leases', {
  jobId: uuid('job_id').primaryKey(),
  queue: text('queue').notNull(),
  /** Which try of the job (pg-boss's retry count): a try that outlived its expiry cannot end its successor's lease. */
  try: integer('try').notNull(),
  holder: text('holder').notNull(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A company is a tenant: Better Auth's "organization". */
export const organization = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    logo: text('logo_url'),
    metadata: text('metadata'),
    /** starter | professional | enterprise (docs/product.md); billing changes it. */
    plan: text('plan').notNull().default('starter'),
    /** Landing page: which section leads, galleries or events (spec: landing_page_display_mode). */
    landingDisplayMode: text('landing_display_mode').notNull().default('galleries'),
    /** Texts fans read in their language: description, landing page name and description (company-settings.schema.ts). */
    texts: jsonb('texts').$type<LocalizedTexts>().notNull().default({}),
    /** Which of those a translation provider wrote; an admin's edit takes a language off the list. */
    machineTranslated: jsonb('machine_translated').$type<MachineTranslated>().notNull().default({}),
    /** The landing page's own hero image (an asset of purpose `hero`); without one, the latest gallery's cover. */
    heroAssetId: uuid('hero_asset_id'),
    /** A call to action on the landing page (tickets, merch). */
    promotionUrl: text('promotion_url'),
    website: text('website'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** E.164, e.g. +5511987654321. */
    phone: text('phone'),
    registrationNumber: text('registration_number'),
    industry: text('industry'),
    employeeCount: text('employee_count'),
    primaryEmail: text('primary_email'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    linkedinUrl: text('linkedin_url'),
    twitterUrl: text('twitter_url'),
    youtubeUrl: text('youtube_url'),
    tiktokUrl: text('tiktok_url'),
    spotifyUrl: text('spotify_url'),
    soundcloudUrl: text('soundcloud_url'),
    whatsappUrl: text('whatsapp_url'),
    /** Custom branding (Professional and above): hex colours such as #ff3366. */
    brandPrimaryColor: text('brand_primary_color'),
    brandAccentColor: text('brand_accent_color'),
    /** How the fans' pages look (page-template.ts); choices missing here are the default's. */
    template: jsonb('template').$type<Partial<PageTemplate>>().notNull().default({}),
    /** Requested professional subdomain ({subdomain}.PLATFORM_DOMAIN) and its state: pending | active | rejected. */
    subdomain: text('subdomain').unique(),
    subdomainStatus: text('subdomain_status'),
    subdomainRequestedAt: timestamp('subdomain_requested_at', { withTimezone: true }),
    /** When the subdomain went live or was refused. */
    subdomainDecidedAt: timestamp('subdomain_decided_at', { withTimezone: true }),
    /** Why a request was refused: `reserved`, `offensive` (automatic) or the operator's words. */
    subdomainRejectionReason: text('subdomain_rejection_reason'),
    /** The last DNS check of the live subdomain (subdomain-dns states) and when it ran. */
    subdomainDnsState: text('subdomain_dns_state'),
    subdomainDnsCheckedAt: timestamp('subdomain_dns_checked_at', { withTimezone: true }),
    /** Setting the subdomain up: how many checks ran since the request, and the last one's error. */
    subdomainAttempts: integer('subdomain_attempts').notNull().default(0),
    subdomainLastError: text('subdomain_last_error'),
    /**
     * The plan in effect (`plan`) holds until `plan_valid_until` (a trial's or a grace period's end),
     * then Starter; null holds while the subscription does. Written only by billing's plan sync.
     */
    planValidUntil: timestamp('plan_valid_until', { withTimezone: true }),
    /** A brand created under an Enterprise account: covered by that company's Enterprise plan while it lasts. */
    parentCompanyId: text('parent_company_id').references((): AnyPgColumn => organization.id, { onDelete: 'set null' }),
    /** The free trial of Professional: once per company, ever (docs/product.md). */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the "your trial ends in 3 days" e-mail went out. */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
    /** Set by the platform operator: fans see "temporarily unavailable", the team sees why. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /**
     * Set when an admin closes the account: its fans' pages answer as if it did not exist, and the
     * daily retention job deletes it with its files once RETENTION_PERIODS.closedAccounts has passed.
     * Until then an admin can reopen it (clears this).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Bumped by triggers whenever anything fans can see changes; public page caches key on it. */
    publicVersion: integer('public_version').notNull().default(0),
    /**
     * Bumped when a photo or video becomes ready in something fans can see. Processing finishes
     * photo by photo, so the page cache folds these into at most one new page per second
     * (server/public-page-cache.ts) where a publicVersion change shows at once (migration 0008).
     */
    publicMediaVersion: integer('public_media_version').notNull().default(0),
    /** Fans' comments go live without review (an admin's switch); off, each waits for approval. */
    commentsAutoApprove: boolean('comments_auto_approve').notNull().default(false),
    /** The watermark PNG laid on fans' web renditions (migration 0033); null: none. */
    watermarkKey: text('watermark_key'),
    watermarkPosition: text('watermark_position').notNull().default('bottom-right'),
    /** Its width as a percentage of the photo's width. */
    watermarkScale: integer('watermark_scale').notNull().default(20),
    watermarkOpacity: integer('watermark_opacity').notNull().default(70),
    /** Bumped by every change: renditions made under another version are made again. */
    watermarkVersion: integer('watermark_version').notNull().default(0),
    /** When an admin acknowledged, once for the company, what Find me does with fans' faces (ADR 103). */
    findMeAcknowledgedAt: timestamp('find_me_acknowledged_at', { withTimezone: true }),
    findMeAcknowledgedBy: text('find_me_acknowledged_by'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('companies_watermark_position_check', t.watermarkPosition, [
      'top-left',
      'top-right',
      'center',
      'bottom-left',
      'bottom-right',
    ]),
    oneOf('companies_plan_check', t.plan, PLAN_IDS),
    oneOf('companies_landing_display_mode_check', t.landingDisplayMode, ['galleries', 'events']),
    oneOf('companies_subdomain_status_check', t.subdomainStatus, SUBDOMAIN_STATUSES),
    oneOf('companies_subdomain_dns_state_check', t.subdomainDnsState, SUBDOMAIN_DNS_STATES),
    oneOf('companies_employee_count_check', t.employeeCount, EMPLOYEE_COUNTS),
  ],
)

/** A company's former page addresses: fans' links shared before a rename keep working. */
export const companySlugRedirect = pgTable(
  'company_slug_redirects',
  {
    oldSlug: text('old_slug').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('company_slug_redirects_company_idx').on(t.companyId)],
)

/**
 * A company's own host name (Enterprise, white label), e.g. photos.band.com: verified by DNS
 * (a CNAME to the platform and a TXT ownership record), then served like its subdomain, with a
 * certificate Caddy asks for on demand (GET /api/tls/ask), unless the platform operator
 * rejected it.
 */
export const customDomain = pgTable(
  'custom_domains',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    host: text('host').notNull().unique(),
    /** The value of the `_afterglow.{host}` TXT record that proves the company owns the name. */
    token: text('token').notNull(),
    state: text('state').notNull().default('pending'),
    /** Problem codes of the last check (verify-custom-domain.server.ts), for the admin's screen. */
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    tlsState: text('tls_state').notNull().default('pending'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Reminders sent while unverified (at 3 and 10 days); removed at 14. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** The platform operator's review (pending | approved | rejected): a rejected domain never serves. */
    approval: text('approval').notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why the operator rejected it, as the company's admins read it. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('custom_domains_company_idx').on(t.companyId),
    oneOf('custom_domains_state_check', t.state, STORED_DOMAIN_STATES),
    oneOf('custom_domains_tls_state_check', t.tlsState, ['pending', 'active']),
    oneOf('custom_domains_approval_check', t.approval, DOMAIN_APPROVALS),
  ],
)

/**
 * A company's paid subscription as the card payment provider last reported it (refetched on every
 * webhook, so duplicate and out-of-order events converge on the provider's state).
 */
export const subscription = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .unique()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').unique(),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    /** The price per month in the currency's minor unit (cents). */
    unitAmount: integer('unit_amount').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a renewal first failed: the paid plan holds for a grace period from here. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    billingEmail: text('billing_email'),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('subscriptions_provider_check', t.provider, BILLING_PROVIDERS),
    oneOf('subscriptions_plan_check', t.plan, PLAN_IDS),
    oneOf('subscriptions_status_check', t.status, SUBSCRIPTION_STATUSES),
    oneOf('subscriptions_currency_check', t.currency, CURRENCIES),
  ],
)

/** Every payment-provider event handled, once: a redelivered or duplicated event finds its id here and does nothing. */
export const billingEvent = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  companyId: text('company_id').references(() => organization.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A company's invoices as the payment provider issued them (billing history). */
export const invoice = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    number: text('number'),
    /** In the currency's minor unit (cents). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.issuedAt),
    oneOf('invoices_provider_check', t.provider, BILLING_PROVIDERS),
    oneOf('invoices_currency_check', t.currency, CURRENCIES),
  ],
)

/**
 * The built-in test payment provider's own records (checkout sessions, subscriptions, invoices),
 * standing in for the card provider's side when STRIPE_SECRET_KEY is not set.
 */
export const testBillingObject = pgTable('test_billing_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
})

export const member = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    organizationId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('members_company_user_idx').on(t.organizationId, t.userId),
    index('members_user_idx').on(t.userId),
    oneOf('members_role_check', t.role, ROLES),
  ],
)

export const invitation = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    teamId: text('team_id'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_company_idx').on(t.organizationId),
    index('invitations_email_idx').on(t.email),
    oneOf('invitations_role_check', t.role, ROLES),
    oneOf('invitations_status_check', t.status, ['pending', 'accepted', 'rejected', 'canceled']),
  ],
)

/* ---- Tenant tables: every row carries company_id and is fenced by row-level security. ---- */

/**
 * Append-only record of sensitive reads, privileged actions and session activity.
 * A trigger refuses UPDATE and DELETE (migration 0001).
 */
export const auditEvent = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // No foreign key: history outlives the company, and the trigger forbids the SET NULL rewrite.
    companyId: text('company_id'),
    actorUserId: text('actor_user_id'),
    category: text('category').notNull(),
    action: text('action').notNull(),
    tableName: text('table_name'),
    recordId: text('record_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_company_created_idx').on(t.companyId, t.createdAt),
    oneOf('audit_events_category_check', t.category, AUDIT_CATEGORIES),
  ],
)

/** A show, festival day or tour stop: its public page gathers galleries and content. */
export const event = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    venue: text('venue'),
    location: text('location'),
    status: text('status').notNull().default('draft'), // draft | published | cancelled
    participantCount: integer('participant_count'),
    isFree: boolean('is_free').notNull().default(true),
    spots: integer('spots'),
    coverAssetId: uuid('cover_asset_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_company_slug_idx').on(t.companyId, t.slug),
    index('events_company_status_idx').on(t.companyId, t.status),
    /** A landing's events, newest first: its first batch read down the index, not every event sorted (migration 0045). */
    index('events_company_newest_idx').on(
      t.companyId,
      t.status,
      t.startsAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('events_cover_asset_idx').on(t.coverAssetId),
    oneOf('events_status_check', t.status, EVENT_STATUSES),
  ],
)

/** Highlights: single content items (one file) and photo/video galleries (ordered media). */
export const contentItem = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // 'single' | 'gallery'
    slug: text('slug'),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category'),
    status: text('status').notNull().default('draft'), // draft | published | archived
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    /** Its place on its event's page, first 0 (migration 0031); empty when not attached, or attached before places were kept. */
    eventPosition: integer('event_position'),
    requireLead: boolean('require_lead').notNull().default(false),
    /** Protection (Professional and above, migration 0033): fans enter this password once (scrypt hash). */
    accessPasswordHash: text('access_password_hash'),
    /** After it fans see "this gallery has ended"; the company is reminded 3 days before. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    /** off | web | originals: what fans may download, never more than the plan gives. */
    downloadMode: text('download_mode').notNull().default('originals'),
    /** A 4-digit PIN asked before any download (scrypt hash). */
    downloadPinHash: text('download_pin_hash'),
    location: text('location'),
    happenedOn: date('happened_on'),
    coverAssetId: uuid('cover_asset_id'),
    /** A concert gallery's set-list: songs with their venue wall-clock start, and the capture-clock shift (migration 0034, ADR 061). */
    setlist: jsonb('setlist').$type<StoredSetlist>(),
    viewCount: integer('view_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    createdBy: text('created_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Live mode (ADR 057): new uploads wait in the moderation tray unless auto-approved; fans get them as they are approved. */
    liveMode: boolean('live_mode').notNull().default(false),
    liveAutoApprove: boolean('live_auto_approve').notNull().default(false),
    /** The venue wall's secret link (`/wall/{token}`); empty when none or revoked (ADR 058). */
    wallToken: text('wall_token'),
    /** Find me (ADR 103): fans may search this gallery's photos with a selfie; its photos' faces are indexed while on. */
    findMe: boolean('find_me').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('content_items_company_idx').on(t.companyId, t.status),
    /** A landing's galleries, newest first: its first batch read down the index, not every gallery sorted (migration 0045). */
    index('content_items_company_newest_idx').on(
      t.companyId,
      t.kind,
      t.status,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('content_items_wall_token_idx').on(t.wallToken),
    uniqueIndex('content_items_company_slug_idx').on(t.companyId, t.slug),
    index('content_items_event_idx').on(t.eventId),
    index('content_items_cover_asset_idx').on(t.coverAssetId),
    oneOf('content_items_kind_check', t.kind, CONTENT_KINDS),
    oneOf('content_items_status_check', t.status, CONTENT_STATUSES),
    oneOf('content_items_download_mode_check', t.downloadMode, ['off', 'web', 'originals']),
    index('content_items_expiry_reminder_idx')
      .on(t.expiresAt)
      .where(sql`expires_at is not null and expiry_reminder_sent_at is null`),
  ],
)

/**
 * One uploaded file: a single content item's file, a gallery's photo or video, a cover or a
 * custom thumbnail. The original lives at `<company>/<asset>/original.<ext>` in storage.
 */
export const asset = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id').references(() => contentItem.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // content-file | gallery-media | cover | thumbnail | logo
    mediaType: text('media_type').notNull(), // image | video | audio | pdf | other
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title'),
    description: text('description'),
    altText: text('alt_text'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /**
     * The camera's UTC offset in minutes when it said one (EXIF OffsetTimeOriginal; 0 for a video's
     * creation time): `captured_at` is then the true instant. Empty: `captured_at` is the camera's
     * wall clock kept as if it were UTC (migration 0034).
     */
    captureOffsetMinutes: integer('capture_offset_minutes'),
    /**
     * The song of its gallery's set-list this file was taken in (1 = the first), 0 for the closing
     * "more from the night", empty when the gallery has no set-list. Kept by the database from the
     * capture time and the set-list (app_song_of, migration 0042), so fans' pages never place files.
     */
    setlistSong: smallint('setlist_song'),
    /**
     * Which upload batch brought a gallery file and its place in the order the files were chosen:
     * files finishing out of order still land in that order (migration 0025).
     */
    uploadBatch: uuid('upload_batch'),
    uploadIndex: integer('upload_index'),
    placeholder: text('placeholder'),
    /** The placeholder as the tiny PNG data URL fans' pages paint, made once when the photo is processed. */
    placeholderImage: text('placeholder_image'),
    /**
     * Its WebP renditions as fans' `srcset` names them, narrowest first: kept by the database from
     * `asset_renditions` (migration 0044), so a page of photos reads one row per photo.
     */
    webpSources: jsonb('webp_sources').$type<Array<{ name: string; width: number }>>().notNull().default([]),
    customThumbnailAssetId: uuid('custom_thumbnail_asset_id'),
    /**
     * What a cover or custom thumbnail illustrates (it is not among that item's files): fans may
     * see it exactly when they may see the item or event (row-level security, migration 0007).
     */
    illustratesContentItemId: uuid('illustrates_content_item_id').references((): AnyPgColumn => contentItem.id, {
      onDelete: 'set null',
    }),
    illustratesEventId: uuid('illustrates_event_id').references((): AnyPgColumn => event.id, { onDelete: 'set null' }),
    processingStatus: text('processing_status').notNull().default('pending'), // pending | processing | ready | failed
    processingError: text('processing_error'),
    optimized: boolean('optimized').notNull().default(false),
    /** A live gallery's upload waits for a manager (`pending`) before fans may see it (row-level security, migration 0032). */
    moderation: text('moderation').notNull().default('approved'),
    /** Its place in its gallery's live stream: given when it is both approved and ready; the stream's event id. */
    liveSeq: bigint('live_seq', { mode: 'number' }),
    /**
     * When Find me last read this photo's faces (empty: not yet, or its gallery's index was purged),
     * how many it kept, and how many it left out as too small or blurred to match well.
     */
    facesIndexedAt: timestamp('faces_indexed_at', { withTimezone: true }),
    facesFound: smallint('faces_found'),
    facesSkipped: smallint('faces_skipped'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('assets_company_idx').on(t.companyId),
    // A gallery's files in the order fans see them (position, then id): pages are read from it without sorting.
    index('assets_content_position_idx').on(t.contentItemId, t.position, t.id),
    index('assets_processing_idx').on(t.processingStatus),
    index('assets_custom_thumbnail_idx').on(t.customThumbnailAssetId),
    index('assets_illustrates_content_item_idx').on(t.illustratesContentItemId),
    index('assets_illustrates_event_idx').on(t.illustratesEventId),
    index('assets_live_seq_idx').on(t.contentItemId, t.liveSeq),
    index('assets_moderation_idx').on(t.contentItemId, t.moderation),
    // A gallery's photos, or its videos, in the order fans see them: a tab's pages are read from it
    // without sorting (and its counts from the index alone).
    index('assets_content_media_type_idx').on(t.contentItemId, t.mediaType, t.position, t.id),
    // A set-list song's files in that order (a chapter's page and ZIP); only galleries with a set-list have rows in it.
    index('assets_content_song_idx')
      .on(t.contentItemId, t.setlistSong, t.position, t.id)
      .where(sql`${t.setlistSong} is not null`),
    oneOf('assets_moderation_check', t.moderation, ASSET_MODERATIONS),
    oneOf('assets_purpose_check', t.purpose, UPLOAD_PURPOSES),
    oneOf('assets_media_type_check', t.mediaType, MEDIA_TYPES),
    oneOf('assets_processing_status_check', t.processingStatus, ['pending', 'processing', 'ready', 'failed']),
  ],
)

/** Derived files of an asset (web sizes, poster frames); regenerated by a job when missing. */
export const assetRendition = pgTable(
  'asset_renditions',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => asset.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    rendition: text('rendition').notNull(), // w400 | w1200 | w2400 | poster | web (a video's web version)
    format: text('format').notNull(), // webp | jpeg | avif | mp4
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.rendition, t.format] }),
    index('asset_renditions_company_idx').on(t.companyId),
    oneOf('asset_renditions_format_check', t.format, ['webp', 'jpeg', 'avif', 'mp4']),
  ],
)

/**
 * One face in a gallery photo, for Find me (ADR 103): its box (fractions of the photo) and its
 * embedding, never the face's pixels. Deleted with the photo, the gallery, the company, and when
 * the gallery's Find me is switched off; `excluded` when the person asked to be left out.
 */
export const faceEmbedding = pgTable(
  'face_embeddings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id')
      .notNull()
      .references(() => asset.id, { onDelete: 'cascade' }),
    boxX: doublePrecision('box_x').notNull(),
    boxY: doublePrecision('box_y').notNull(),
    boxWidth: doublePrecision('box_width').notNull(),
    boxHeight: doublePrecision('box_height').notNull(),
    embedding: bytea('embedding').notNull(),
    excluded: boolean('excluded').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('face_embeddings_content_item_idx').on(t.contentItemId),
    index('face_embeddings_asset_idx').on(t.assetId),
    index('face_embeddings_company_idx').on(t.companyId),
  ],
)

/**
 * One fan's Find me search: their explicit consent to it (GDPR art. 9(2)(a): when, under which
 * text version, in which language) and the photos it found, which its share link shows until it
 * expires. Nothing of the selfie, and nothing that names the fan.
 */
export const findMeSearch = pgTable(
  'find_me_searches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id').references(() => contentItem.id, { onDelete: 'set null' }),
    consentTextVersion: text('consent_text_version').notNull(),
    language: text('language').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
    /** The photos found, in the gallery's order (empty: none). */
    assetIds: uuid('asset_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** The faces matched in them: what a "remove me" from this search leaves out of the index. */
    faceIds: uuid('face_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** How many of them were downloaded from the set (the ZIP or one by one). */
    downloads: integer('downloads').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('find_me_searches_company_idx').on(t.companyId, t.consentedAt)],
)

/**
 * A fan's "remove me": the photos their selfie matched, for the company to hide or to leave the
 * face out of the index. The contact is optional and only for the company's answer.
 */
export const findMeRemovalRequest = pgTable(
  'find_me_removal_requests',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    assetIds: uuid('asset_ids').array().notNull(),
    faceIds: uuid('face_ids').array().notNull(),
    email: text('email'),
    message: text('message'),
    language: text('language').notNull(),
    /** open | hidden (the photos were hidden) | excluded (the face was left out of the index) | dismissed */
    status: text('status').notNull().default('open'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('find_me_removal_requests_company_idx').on(t.companyId, t.status, t.createdAt),
    oneOf('find_me_removal_requests_status_check', t.status, ['open', 'hidden', 'excluded', 'dismissed']),
  ],
)

/** Fans who left their name and e-mail before a download. */
export const lead = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id').references(() => contentItem.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => event.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** The fan's own company or organisation, when given. */
    organisation: text('organisation'),
    /** Consent record (GDPR art. 7): what was accepted, when, under which policy version, in which language. */
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    dataProcessingConsent: boolean('data_processing_consent').notNull().default(false),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    policyVersion: text('policy_version'),
    language: text('language'),
    userAgent: text('user_agent'),
    sourceUrl: text('source_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('leads_company_created_idx').on(t.companyId, t.createdAt),
    index('leads_company_email_idx').on(t.companyId, t.email),
  ],
)

/** Fans who asked, on a live gallery, for one e-mail with its link when the show ends; their consent is their lead's. */
export const liveFollower = pgTable(
  'live_followers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => lead.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('live_followers_item_lead_idx').on(t.contentItemId, t.leadId),
    index('live_followers_company_idx').on(t.companyId),
  ],
)

/**
 * What fans see counted on a gallery's page, kept by the database as its files come and go
 * (migration 0040's trigger on `assets`): its shown photos and videos, and how many of each are
 * still being processed. Counting a gallery's files on every render read each of them through its
 * row-level check, slow on a large gallery. Derived data: a backup restores it with the files, a
 * company archive leaves it out and the trigger counts the restored files again.
 */
export const galleryFileCount = pgTable('gallery_file_counts', {
  contentItemId: uuid('content_item_id')
    .primaryKey()
    .references(() => contentItem.id, { onDelete: 'cascade' }),
  companyId: text('company_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  photos: integer('photos').notNull().default(0),
  videos: integer('videos').notNull().default(0),
  preparingPhotos: integer('preparing_photos').notNull().default(0),
  preparingVideos: integer('preparing_videos').notNull().default(0),
})

/**
 * How many files fans see in each chapter of a gallery's set-list (song 0: "more from the
 * night"), kept by the database as files and set-lists change (migration 0042), as
 * gallery_file_counts keeps a gallery's.
 */
export const galleryChapterCount = pgTable(
  'gallery_chapter_counts',
  {
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    song: smallint('song').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    files: integer('files').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.contentItemId, table.song] })],
)

/** A fan's comment on a gallery or a single item; fans see it once it is approved. */
export const comment = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id')
      .notNull()
      .references(() => contentItem.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    /** Plain text, sanitised on the way in and escaped wherever it is shown. */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'), // pending | approved | hidden
    /** A keyed hash of the sender's address, agent and company: tells repeat senders apart without storing who they are. */
    visitorHash: text('visitor_hash'),
    language: text('language'),
    moderatedBy: text('moderated_by'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_company_status_created_idx').on(t.companyId, t.status, t.createdAt),
    index('comments_content_status_created_idx').on(t.contentItemId, t.status, t.createdAt),
    oneOf('comments_status_check', t.status, COMMENT_STATUSES),
  ],
)

/** One row per download a fan started: a file or a whole gallery as ZIP. Feeds counts and analytics. */
export const download = pgTable(
  'downloads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    contentItemId: uuid('content_item_id').references(() => contentItem.id, { onDelete: 'set null' }),
    assetId: uuid('asset_id').references(() => asset.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => lead.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(), // file | zip
    quality: text('quality').notNull(), // web | original
    createdAt: createdAt(),
  },
  (t) => [
    index('downloads_company_created_idx').on(t.companyId, t.createdAt),
    index('downloads_content_idx').on(t.contentItemId),
    oneOf('downloads_kind_check', t.kind, ['file', 'zip']),
    oneOf('downloads_quality_check', t.quality, ['web', 'original']),
  ],
)

/*
 * Analytics (issue 14, ADR 040). `analytics_events` is the raw, append-only log, partitioned by
 * month in its migration (drizzle-kit cannot say so); every other table is a rollup or the state
 * that keeps rollups incremental. Admin screens read rollups only.
 */

/** One thing a fan did. No raw address: `visitor` is a keyed hash (daily salt, or the consented cookie's). */
export const analyticsEvent = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    companyId: text('company_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    type: text('type').notNull(),
    visitor: text('visitor').notNull(),
    contentItemId: uuid('content_item_id'),
    assetId: uuid('asset_id'),
    /** The show: the event page's, or the event of the item. */
    eventId: uuid('event_id'),
    /** page_view: which page; share: the channel; download: file or zip. */
    detail: text('detail'),
    /** heartbeat: the segment of the timeline played since the previous one, clipped to the file. */
    fromSeconds: doublePrecision('from_seconds'),
    toSeconds: doublePrecision('to_seconds'),
    durationSeconds: doublePrecision('duration_seconds'),
  },
  (t) => [index('analytics_events_id_idx').on(t.id), oneOf('analytics_events_type_check', t.type, EVENT_TYPES)],
)

/** Per company, day and subject (the company itself, one event, one content item): what fans did. */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    companyId: text('company_id').notNull(),
    /** company (subject ''), event (subject: event id) or item (subject: content item id). */
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    day: date('day').notNull(),
    pageViews: integer('page_views').notNull().default(0),
    itemViews: integer('item_views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    zipDownloads: integer('zip_downloads').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    /*
     * The funnel (company rows only, ADR 046): visitors of the day who viewed something, left
     * their details, downloaded, shared; each counted once per visitor and day.
     */
    viewers: integer('viewers').notNull().default(0),
    leadVisitors: integer('lead_visitors').notNull().default(0),
    downloadVisitors: integer('download_visitors').notNull().default(0),
    shareVisitors: integer('share_visitors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.scope, t.subject, t.day] }),
    // The admin's reads take one scope of a company over a range of days (bench: analytics-queries).
    index('analytics_daily_company_scope_day_idx').on(t.companyId, t.scope, t.day),
    oneOf('analytics_daily_scope_check', t.scope, ['company', 'event', 'item']),
  ],
)

/** Shares by channel, beside `analytics_daily`. */
export const analyticsDailyShare = pgTable(
  'analytics_daily_shares',
  {
    companyId: text('company_id').notNull(),
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    day: date('day').notNull(),
    channel: text('channel').notNull(),
    shares: integer('shares').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.scope, t.subject, t.day, t.channel] })],
)

/** How often each 2-second slice of a video or audio file was played, per day: the re-watch heatmap. */
export const analyticsPlaybackBucket = pgTable(
  'analytics_playback_buckets',
  {
    companyId: text('company_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    day: date('day').notNull(),
    bucket: integer('bucket').notNull(),
    plays: integer('plays').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assetId, t.day, t.bucket] }),
    // The analytics page reads the heatmaps of its top items over a range, not every file's.
    index('analytics_playback_buckets_item_day_idx').on(t.companyId, t.contentItemId, t.day),
  ],
)

/**
 * Per file of an item and day: watched time, plays and completions (ADR 062), so a gallery with
 * several videos shows each one's figures. Plays and completions are the item's, split by file.
 */
export const analyticsDailyFile = pgTable(
  'analytics_daily_files',
  {
    companyId: text('company_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    assetId: uuid('asset_id').notNull(),
    day: date('day').notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull().default(0),
    plays: integer('plays').notNull().default(0),
    completions: integer('completions').notNull().default(0),
    /** Opened in the viewer (repeats within the window left out) and downloaded alone: a song's figures add these up (ADR 063). */
    itemViews: integer('item_views').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assetId, t.day] }),
    index('analytics_daily_files_item_day_idx').on(t.companyId, t.contentItemId, t.day),
  ],
)

/**
 * Per gallery, song and day: downloads of the song's chapter ZIP (ADR 063). The song is named by
 * its start on the venue's clock (or `more`), which stays the same when songs are added around it.
 */
export const analyticsDailySong = pgTable(
  'analytics_daily_songs',
  {
    companyId: text('company_id').notNull(),
    contentItemId: uuid('content_item_id').notNull(),
    song: text('song').notNull(),
    day: date('day').notNull(),
    zipDownloads: integer('zip_downloads').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.contentItemId, t.song, t.day] })],
)

/** Who was already counted today for a unique figure (visitors of a subject, plays, completions); pruned after 48 h. */
export const analyticsVisitorMark = pgTable(
  'analytics_visitor_marks',
  {
    companyId: text('company_id').notNull(),
    day: date('day').notNull(),
    mark: text('mark').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.mark, t.visitor] })],
)

/** A visitor's last view of one thing, so a repeat within 30 minutes counts once; pruned after 48 h. */
export const analyticsViewMark = pgTable(
  'analytics_view_marks',
  {
    companyId: text('company_id').notNull(),
    visitor: text('visitor').notNull(),
    target: text('target').notNull(),
    lastViewAt: timestamp('last_view_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.visitor, t.target] }),
    index('analytics_view_marks_last_idx').on(t.lastViewAt),
  ],
)

/** Whether a visitor likes an item now: one like per visitor per item, however often they tap. */
export const analyticsLike = pgTable(
  'analytics_likes',
  {
    companyId: text('company_id').notNull(),
    target: text('target').notNull(),
    visitor: text('visitor').notNull(),
    liked: boolean('liked').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.target, t.visitor] }),
    index('analytics_likes_updated_idx').on(t.updatedAt),
  ],
)

/** How far the rollup job has read the raw log. */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  name: text('name').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
})

/** The day's random salt of cookieless visitor ids; deleted after 48 h, so no id can be recomputed later. */
export const analyticsSalt = pgTable('analytics_salts', {
  day: date('day').primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
})

/**
 * A company's own backup archive (Enterprise, ADR 055): one ZIP in storage with its data as JSON
 * and CSV and its original files. Written by a job, nightly and on an admin's request; the last
 * seven are kept.
 */
export const companyBackup = pgTable(
  'company_backups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** running | ready | failed */
    status: text('status').notNull().default('running'),
    /** nightly | manual */
    trigger: text('trigger').notNull(),
    requestedBy: text('requested_by'),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    fileCount: integer('file_count'),
    /** Why it failed, as the admins read it (an error's message, never a stack). */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('company_backups_company_created_idx').on(t.companyId, t.createdAt),
    oneOf('company_backups_status_check', t.status, ['running', 'ready', 'failed']),
    oneOf('company_backups_trigger_check', t.trigger, ['nightly', 'manual']),
  ],
)

/* ---- Platform tables ---- */

/** The marketing site's interest, newsletter and contact forms; read by the platform operator. */
export const formSubmission = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(), // interest | newsletter | contact
    name: text('name'),
    email: text('email').notNull(),
    message: text('message'),
    language: text('language').notNull(),
    createdAt: createdAt(),
    /** The operator dealt with it (replied, added to the list). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('form_submissions_kind_created_idx').on(t.kind, t.createdAt),
    oneOf('form_submissions_kind_check', t.kind, MARKETING_FORM_KINDS),
  ],
)

/**
 * A company's key to the public API (Enterprise). Only a SHA-256 of the key is kept: the key
 * itself is shown once, when it is made. `prefix` is its first characters, for telling keys apart.
 */
export const apiKey = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** `content:read`, `content:write`, `events:read` … (API_SCOPES). */
    scopes: text('scopes').array().notNull(),
    /** Requests a minute this key may make. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_idx').on(t.keyHash),
    index('api_keys_company_created_idx').on(t.companyId, t.createdAt),
  ],
)

/**
 * The answer to an API POST sent with an `Idempotency-Key`, kept a day: the same key and body
 * get the same answer without doing the work twice. A row without a status is still running.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKey.id, { onDelete: 'cascade' }),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
)

/** Mail kept when no SMTP server is configured, listed at /dev/outbox. */
export const outboxMail = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_mails_created_idx').on(t.createdAt)],
)

/**
 * Where a company's own systems (CRM, ticketing, mailing tools) are told what happened, signed
 * like Standard Webhooks with the endpoint's `whsec_` secret (ADR 054).
 */
export const webhookEndpoint = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** The event types it subscribed to (webhooks.schema.ts). */
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_` + base64 of 24 random bytes: the admins see it to verify signatures. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the platform turned it off (`failing`: failed for 3 days); null when an admin did, or it is on. */
    disabledReason: text('disabled_reason'),
    /** When its deliveries started failing without a success since; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
)

/**
 * One event for one endpoint: written in the transaction of the change it tells about (the
 * outbox), with its job, so a rolled-back change sends nothing and a committed one is never lost.
 */
export const webhookDelivery = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: 'cascade' }),
    /** The message id (`webhook-id: msg_…`): the same on every attempt and resend, for receivers to deduplicate. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact bytes sent (and signed) on every attempt. */
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_company_created_idx').on(t.companyId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    oneOf('webhook_deliveries_state_check', t.state, DELIVERY_STATES),
  ],
)

/** Each try of a delivery: what the receiver answered and how fast, or why it could not be reached. */
export const webhookAttempt = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: text('company_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
)

export const authSchema = {
  user,
  session,
  account,
  verification,
  twoFactor,
  rateLimit,
  organization,
  member,
  invitation,
}
