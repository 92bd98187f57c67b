import { redirect } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError, type AppErrorCode, type ErrorPayload } from '#app/lib/errors'
import type { Permission } from '#app/features/members/permissions'
import type { AuthSession } from './auth.server'
import type { MemberContext } from './context'
import { toPageError, withActor } from './member-route.server'

vi.mock('#app/access/tenant.server', () => ({ requireMember: vi.fn(), requireUser: vi.fn() }))
const { requireMember, requireUser } = await import('#app/access/tenant.server')
const requireMemberMock = vi.mocked(requireMember)
vi.mocked(requireUser).mockResolvedValue({ user: { id: 'user-1' }, session: { id: 'session-1' } } as AuthSession)

/** A route for members allowed `permission`, as the admin's routes declare it. */
const withMember = <Args extends { request: Request }, Result>(
  permission: Permission,
  handler: (member: MemberContext, args: Args) => Promise<Result>,
) => withActor({ kind: 'person', permission }, handler)

/** A route for any signed-in person (onboarding, invitations), whose handler reads only the arguments. */
const withUser = <Args extends { request: Request }, Result>(handler: (args: Args) => Promise<Result>) =>
  withActor({ kind: 'signed-in' }, (_auth, args: Args) => handler(args))

const member = {
  actor: { kind: 'person', userId: 'user-1', role: 'manager' },
  company: { id: 'company-1', name: 'Night Owls', slug: 'night-owls', logo: null },
  entitlements: { plan: 'starter' },
  withTenant: vi.fn(),
  user: { id: 'user-1', name: 'Ana' },
  session: { id: 'session-1' },
} as unknown as MemberContext

const PAGE = 'https://app.example.test/admin/content?q=night%20show&status=draft'
const args = () => ({ request: new Request(PAGE), params: { id: '7' } })

/** What the wrapped loader threw. */
async function thrownBy(run: () => Promise<unknown>) {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('expected the loader to throw')
}

/** The status and payload of a `data()` error answer. */
function answer(thrown: unknown) {
  const value = thrown as { type?: string; data: ErrorPayload; init: { status: number } }
  expect(value.type).toBe('DataWithResponseInit')
  return { status: value.init.status, payload: value.data }
}

beforeEach(() => {
  requireMemberMock.mockReset()
})

describe('withMember', () => {
  it('hands a successful handler the member context and the route arguments, after checking the permission', async () => {
    requireMemberMock.mockResolvedValue(member)
    const handler = vi.fn(async (context: MemberContext, { params }: ReturnType<typeof args>) => ({
      company: context.company.name,
      id: params.id,
    }))
    const loaderArgs = args()
    await expect(withMember('content.read', handler)(loaderArgs)).resolves.toEqual({ company: 'Night Owls', id: '7' })
    expect(requireMemberMock).toHaveBeenCalledWith(loaderArgs.request, 'content.read')
    expect(handler).toHaveBeenCalledWith(member, loaderArgs)
  })

  it('sends a signed-out visitor to sign in, and back to the page they asked for (path and query)', async () => {
    requireMemberMock.mockRejectedValue(new AppError('UNAUTHENTICATED', 'errors.signedOut'))
    const thrown = await thrownBy(() => withMember('content.read', async () => null)(args()))
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `/auth?redirectTo=${encodeURIComponent('/admin/content?q=night%20show&status=draft')}`,
    )
  })

  it('sends a person without a company to onboarding', async () => {
    requireMemberMock.mockRejectedValue(new AppError('NO_COMPANY', 'errors.forbidden'))
    const response = (await thrownBy(() => withMember('dashboard.read', async () => null)(args()))) as Response
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/onboarding')
  })

  it.each([
    ['FORBIDDEN', 403],
    ['INTERNAL', 500],
  ] as const)('answers the guard refusing with %s as %i, keyed for the error boundary', async (code, status) => {
    requireMemberMock.mockRejectedValue(new AppError(code, 'errors.forbidden', { status: 'insufficient_role' }))
    const handler = vi.fn()
    const thrown = answer(await thrownBy(() => withMember('team.manage', handler)(args())))
    expect(thrown).toEqual({
      status,
      payload: { code, messageKey: 'errors.forbidden', details: { status: 'insufficient_role' } },
    })
    expect(handler).not.toHaveBeenCalled()
  })

  it.each<[AppErrorCode, number]>([
    ['BAD_REQUEST', 400],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
  ])('answers a use-case throwing %s with %i', async (code, status) => {
    requireMemberMock.mockResolvedValue(member)
    const thrown = answer(
      await thrownBy(() =>
        withMember('content.read', async () => {
          throw new AppError(code, 'content.errors.notFound', { field: 'title' })
        })(args()),
      ),
    )
    expect(thrown).toEqual({
      status,
      payload: { code, messageKey: 'content.errors.notFound', details: { field: 'title' } },
    })
  })

  it('lets anything that is not an AppError through unchanged: a redirect, a bug', async () => {
    requireMemberMock.mockResolvedValue(member)
    const moved = redirect('/admin/content?deleted=1')
    expect(await thrownBy(() => withMember('content.write', async () => Promise.reject(moved))(args()))).toBe(moved)
    const bug = new TypeError('undefined is not a function')
    expect(await thrownBy(() => withMember('content.write', async () => Promise.reject(bug))(args()))).toBe(bug)
  })
})

describe('withUser', () => {
  it('runs the handler for a signed-in person and maps the same errors', async () => {
    await expect(withUser(async ({ params }: ReturnType<typeof args>) => params.id)(args())).resolves.toBe('7')
    const signedOut = (await thrownBy(() =>
      withUser(async () => {
        throw new AppError('UNAUTHENTICATED', 'errors.signedOut')
      })({ request: new Request('https://app.example.test/invitations/abc') }),
    )) as Response
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe(`/auth?redirectTo=${encodeURIComponent('/invitations/abc')}`)
    const conflict = answer(
      await thrownBy(() =>
        withUser(async () => {
          throw new AppError('CONFLICT', 'companies.errors.slugTaken')
        })(args()),
      ),
    )
    expect(conflict.status).toBe(409)
  })
})

describe('toPageError', () => {
  it('sends a visitor whose session cookie is no longer accepted to sign in with a forced logout, clearing what the browser kept', () => {
    const request = new Request(PAGE, { headers: { cookie: 'lang=pt; afterglow.session_token=stale.value' } })
    const response = toPageError(new AppError('UNAUTHENTICATED', 'errors.signedOut'), request) as Response
    expect(response.headers.get('Location')).toMatch(/^\/auth\?redirectTo=[^&]+&forced=1$/)
    const fresh = toPageError(
      new AppError('UNAUTHENTICATED', 'errors.signedOut'),
      new Request(PAGE, { headers: { cookie: 'lang=pt' } }),
    ) as Response
    expect(fresh.headers.get('Location')).not.toContain('forced')
  })

  it('returns what it cannot map as it was', () => {
    const request = new Request(PAGE)
    const odd = { reason: 'not an error at all' }
    expect(toPageError(odd, request)).toBe(odd)
  })
})
