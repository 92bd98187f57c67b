import { brandAllowanceOf } from '#app/features/companies/server/brand-allowance.server'
import { findMemberships } from '#app/access/find-memberships.server'
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api'
import { MEMBER_HINT_COOKIE, MEMBER_HINT_MAX_AGE_SECONDS, memberHintDomain } from '#app/lib/member-hint'
import { organization, twoFactor } from 'better-auth/plugins'
import { and, asc, desc, eq, notInArray } from 'drizzle-orm'
import { authSchema, member, session as sessionTable } from '#db/schema'
import { ZDisplayName, ZPassword, sanitizeDisplayName } from '#app/features/accounts/accounts.schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import {
  clearSignInFailures,
  clearTwoFactorFailures,
  recordSignInFailure,
  recordTwoFactorFailure,
  signInWaitSeconds,
  twoFactorWaitSeconds,
} from '#app/access/sign-in-guard.server'
import { accessControl, authRoles, isRole, maxSessionsFor } from '#app/features/members/permissions'
import { SESSION_IDLE_SECONDS } from '#app/features/accounts/session-policy'
import { getDb, pingDatabase } from '#app/lib/db.server'
import { CLIENT_IP_HEADER } from '#app/lib/client-ip'
import { getSessionSecret } from '#app/lib/session-secret.server'
import type { AuthAsCaller } from './context'
import { getEnv } from '#app/lib/env.server'
import { getFixedT } from '#app/lib/i18n.server'
import { TRIAL_PLAN } from '#app/features/billing/plans'
import { detectLanguage, type Language } from '#app/lib/i18n'
import { actionMail, sendMail } from '#app/lib/mail.server'
import { logger } from '#app/lib/logger.server'
import { serverTracing } from '#app/lib/tracing.server'

function requestLanguage(request?: Request): Language {
  return request ? detectLanguage(request) : 'en'
}

function passwordProblem(password: unknown, language: Language) {
  const result = ZPassword.safeParse(password)
  return result.success ? null : getFixedT(language)(result.error.issues[0].message)
}

function nameProblem(name: unknown, language: Language) {
  const result = ZDisplayName.safeParse(name)
  return result.success ? null : getFixedT(language)(result.error.issues[0].message)
}

/**
 * The auth library's endpoints a browser may call: the ones the product's pages use. Every other
 * one (creating or renaming companies around the onboarding's rules, changing a name or an
 * e-mail unchecked, listing or deleting things) is closed to HTTP; the product's use-cases still
 * call the library directly, with their own rules.
 */
const OPEN_ENDPOINTS = new Set([
  '/get-session',
  '/sign-in/email',
  '/sign-up/email',
  '/sign-out',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
  '/organization/set-active',
])

/** The answer while an account's step of signing in is paused (sign-in-guard): when it may try again. */
function pausedAnswer(language: Language, messageKey: string, waitSeconds: number) {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: getFixedT(language)(messageKey, { minutes: Math.ceil(waitSeconds / 60) }), code: 'ACCOUNT_LOCKED' },
    { 'Retry-After': String(waitSeconds) },
  )
}

// The second step of signing in: a code after the right password (Better Auth's two-factor plugin).
const SECOND_STEP = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code'])
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE'])
// The plugin's cookie naming the account between the two steps (better-auth's TWO_FACTOR_COOKIE_NAME).
const TWO_FACTOR_COOKIE = 'two_factor'

/**
 * The e-mail of the account whose second step this call answers, as the plugin finds it: the
 * signed cookie the password step set names a verification row holding the user's id. Null
 * when the caller is already signed in: then a code confirms turning two-factor on, and is not
 * a guess at someone's account.
 */
async function secondStepEmail(ctx: Parameters<typeof getSessionFromCtx>[0]) {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  if (await getSessionFromCtx(ctx).catch(() => null)) return null
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier)
  if (!pending) return null
  const person = await ctx.context.internalAdapter.findUserById(pending.value)
  return person?.email ?? null
}

async function enforceSessionLimit(userId: string) {
  const db = getDb()
  const memberships = await db.select({ role: member.role }).from(member).where(eq(member.userId, userId))
  const limit = maxSessionsFor(memberships.map((m) => m.role).filter(isRole))
  const keep = await db
    .select({ id: sessionTable.id })
    .from(sessionTable)
    .where(eq(sessionTable.userId, userId))
    .orderBy(desc(sessionTable.createdAt), desc(sessionTable.id))
    .limit(limit)
  if (keep.length < limit) return
  await db.delete(sessionTable).where(
    and(
      eq(sessionTable.userId, userId),
      notInArray(
        sessionTable.id,
        keep.map((s) => s.id),
      ),
    ),
  )
}

function createAuth(secret: string) {
  const env = getEnv()
  return betterAuth({
    appName: 'Afterglow',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(getDb(), { provider: 'pg', schema: authSchema }),
    user: {
      additionalFields: {
        // Set by the server from the language in use (recordUserLanguage), never by a client.
        language: { type: 'string', required: false, input: false },
        // The plan picked on the pricing page ("Start free trial"), sent with the sign-up: kept only if it is the trial's.
        signUpPlan: { type: 'string', required: false, input: true },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // A reset proves the owner: the account's wrong-password count and lock go (sign-in-guard).
      async onPasswordReset({ user }) {
        await clearSignInFailures(secret, user.email, { liftLock: true })
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }, request) {
        const t = getFixedT(requestLanguage(request))
        await sendMail(
          actionMail({
            to: user.email,
            subject: t('mail.reset.subject'),
            greeting: t('mail.greeting', { name: user.name }),
            body: t('mail.reset.body'),
            action: t('mail.reset.action'),
            url: `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`,
            footer: t('mail.reset.footer'),
          }),
        )
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, token }, request) {
        const t = getFixedT(requestLanguage(request))
        await sendMail(
          actionMail({
            to: user.email,
            subject: t('mail.confirm.subject'),
            greeting: t('mail.greeting', { name: user.name }),
            body: t('mail.confirm.body'),
            action: t('mail.confirm.action'),
            url: `${env.APP_URL}/email-confirmation?token=${encodeURIComponent(token)}`,
            footer: t('mail.confirm.footer'),
          }),
        )
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
        '/two-factor/*': { window: 60, max: 10 },
      },
    },
    // Better Auth's own spans go with the app's traces (ADR 091): off, it loads no OpenTelemetry
    // module, as it otherwise would on its first request.
    experimental: { instrumentation: { enabled: serverTracing() !== undefined } },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.APP_URL.startsWith('https://'),
      cookiePrefix: 'afterglow',
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              name: sanitizeDisplayName(user.name),
              signUpPlan: user.signUpPlan === TRIAL_PLAN ? TRIAL_PLAN : null,
            },
          }),
        },
        update: {
          // A client may only give up the trial it chose, never choose one after signing up.
          before: async ({ signUpPlan, ...user }) => ({
            data: {
              ...user,
              ...(typeof user.name === 'string' ? { name: sanitizeDisplayName(user.name) } : {}),
              ...(signUpPlan === null ? { signUpPlan: null } : {}),
            },
          }),
        },
      },
      session: {
        create: {
          // A new session starts in the user's first company, so its audit trail belongs there.
          before: async (created) => {
            if (created.activeOrganizationId) return { data: created }
            const [first] = await getDb()
              .select({ companyId: member.organizationId })
              .from(member)
              .where(eq(member.userId, created.userId))
              .orderBy(asc(member.createdAt))
              .limit(1)
            return { data: { ...created, activeOrganizationId: first?.companyId ?? null } }
          },
          after: async (created) => {
            await enforceSessionLimit(created.userId).catch((error) =>
              logger.error({ err: error }, 'session limit not enforced'),
            )
            await recordAuditEvent({
              category: 'session_start',
              action: 'session.start',
              actorUserId: created.userId,
              companyId: typeof created.activeOrganizationId === 'string' ? created.activeOrganizationId : null,
              recordId: created.id,
              ipAddress: created.ipAddress ?? null,
              userAgent: created.userAgent ?? null,
            })
          },
        },
      },
    },
    hooks: {
      // The password rule is enforced here too, so no client can skip it.
      before: createAuthMiddleware(async (ctx) => {
        // Only calls from outside (HTTP) carry a request; the product's own calls do not.
        const language = requestLanguage(ctx.request)
        if (ctx.request && !OPEN_ENDPOINTS.has(ctx.path))
          throw new APIError('NOT_FOUND', { message: getFixedT(language)('refusal.nothingHere'), code: 'NOT_FOUND' })
        if (ctx.path === '/sign-in/email') {
          const wait = await signInWaitSeconds(ctx.context.secret, ctx.body?.email)
          if (wait > 0) throw pausedAnswer(language, 'auth.errors.accountLocked', wait)
        }
        // Codes guessed from many addresses: the account's second step keeps its own count (sign-in-guard).
        if (SECOND_STEP.has(ctx.path)) {
          const email = await secondStepEmail(ctx)
          const wait = email ? await twoFactorWaitSeconds(ctx.context.secret, email) : 0
          if (wait > 0) throw pausedAnswer(language, 'auth.errors.twoFactorLocked', wait)
        }
        if (ctx.path === '/sign-up/email') {
          const problem = nameProblem(ctx.body?.name, language)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'INVALID_NAME' })
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/reset-password') {
          const problem = passwordProblem(ctx.body?.password ?? ctx.body?.newPassword, language)
          if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' })
        }
        if (ctx.path === '/sign-out') {
          const current = await getSessionFromCtx(ctx).catch(() => null)
          if (current) {
            await recordAuditEvent({
              category: 'session_end',
              action: 'session.sign-out',
              actorUserId: current.user.id,
              companyId: current.session.activeOrganizationId ?? null,
              recordId: current.session.id,
            })
          }
        }
      }),
      // The signed-in hint fans' cached pages read (member-hint.ts): set with a new session, gone on sign-out.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          const returned = ctx.context.returned
          const failed =
            isAPIError(returned) &&
            (returned.body as { code?: string } | undefined)?.code === 'INVALID_EMAIL_OR_PASSWORD'
          if (failed) await recordSignInFailure(ctx.context.secret, ctx.body?.email, requestLanguage(ctx.request))
          else if (!isAPIError(returned))
            await clearSignInFailures(ctx.context.secret, ctx.body?.email, { liftLock: false })
        }
        if (SECOND_STEP.has(ctx.path)) {
          const returned = ctx.context.returned
          const code = isAPIError(returned) ? (returned.body as { code?: string } | undefined)?.code : undefined
          if (code && WRONG_CODE.has(code)) {
            // After a wrong code the cookie still names the account (only a right one spends it).
            const email = await secondStepEmail(ctx)
            if (email) await recordTwoFactorFailure(ctx.context.secret, email, requestLanguage(ctx.request))
          } else if (!isAPIError(returned) && ctx.context.newSession)
            await clearTwoFactorFailures(ctx.context.secret, ctx.context.newSession.user.email)
        }
        const domain = memberHintDomain(env.PLATFORM_DOMAIN) ?? undefined
        if (ctx.path === '/sign-out') {
          ctx.setCookie(MEMBER_HINT_COOKIE, '', { path: '/', maxAge: 0 })
          if (domain) ctx.setCookie(MEMBER_HINT_COOKIE, '', { path: '/', maxAge: 0, domain })
        } else if (ctx.context.newSession)
          ctx.setCookie(MEMBER_HINT_COOKIE, '1', {
            path: '/',
            sameSite: 'lax',
            httpOnly: false,
            maxAge: MEMBER_HINT_MAX_AGE_SECONDS,
            domain,
          })
      }),
    },
    plugins: [
      organization({
        ac: accessControl,
        roles: authRoles,
        creatorRole: 'admin',
        // Every way to create a company (our onboarding or Better Auth's own endpoint) obeys the
        // plan: one company per person, more with Enterprise.
        allowUserToCreateOrganization: async (user) => brandAllowanceOf(await findMemberships(user.id)).canCreate,
        invitationExpiresIn: 7 * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        requireEmailVerificationOnInvitation: true,
        async sendInvitationEmail({ id, email, role, organization: company, inviter }, request) {
          const t = getFixedT(requestLanguage(request))
          await sendMail(
            actionMail({
              to: email,
              subject: t('mail.invite.subject', { company: company.name }),
              greeting: t('mail.invite.greeting'),
              body: t('mail.invite.body', {
                inviter: inviter.user.name,
                company: company.name,
                role: t(`roles.${role}`),
              }),
              action: t('mail.invite.action'),
              url: `${env.APP_URL}/invitations/${encodeURIComponent(id)}`,
              footer: t('mail.invite.footer'),
            }),
          )
        },
      }),
      twoFactor({
        issuer: 'Afterglow',
        // The account's pause for wrong codes is the sign-in guard's, as for wrong passwords (the
        // same count, doubling pauses, Retry-After, a translated answer and the owner's mail):
        // the plugin's own, a fixed quarter of an hour told in English, would only stand beside it.
        accountLockout: { enabled: false },
      }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>

const AUTH_KEY = Symbol.for('afterglow.auth')
type GlobalWithAuth = typeof globalThis & { [AUTH_KEY]?: Auth }
export function getAuth(): Auth {
  const store = globalThis as GlobalWithAuth
  if (!store[AUTH_KEY]) {
    store[AUTH_KEY] = createAuth(getSessionSecret())
  }
  return store[AUTH_KEY]
}

/**
 * Reads the session without sliding its expiry: only the activity ping (which can also renew
 * the cookie) does that, so the browser's cookie and the server's idle limit stay in step.
 */
export async function getSession(request: Request): Promise<AuthSession | null> {
  return readingSession(() => getAuth().api.getSession({ headers: request.headers, query: { disableRefresh: true } }))
}

/** Slides the idle expiry; the returned headers carry the renewed cookie. */
export async function refreshSession(request: Request) {
  const { response, headers } = await readingSession(() =>
    getAuth().api.getSession({ headers: request.headers, returnHeaders: true }),
  )
  return { session: response, headers }
}

/**
 * Better Auth answers any failure to read a session with its own 500 and drops the cause: while
 * the database is away a member's every page was a 500. Asked once more, the database says
 * whether it is away; its own error then goes on (a 503 with Retry-After, see errors.ts).
 */
async function readingSession<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (!(isAPIError(error) && error.body?.code === 'FAILED_TO_GET_SESSION' && error.statusCode === 500)) throw error
    // The sign-in system hides why: a database still away throws its own error here (503). One
    // that came back between the read and the ping is asked once more, not answered 500.
    await pingDatabase()
    return await read()
  }
}

/** The sign-in system acting as the person who sent `request` (AuthAsCaller). */
export function authAs(request: Request): AuthAsCaller {
  return { api: getAuth().api, headers: request.headers }
}
