import { z } from 'zod'
import { ZEmail } from '#app/features/accounts/accounts.schema'
import { ROLES } from './permissions'

const ZRole = z.enum(ROLES, { error: 'team.errors.role' })

export const ZInviteMember = z.object({ intent: z.literal('invite'), email: ZEmail, role: ZRole })
export const ZChangeRole = z.object({ intent: z.literal('change-role'), memberId: z.string().min(1), role: ZRole })
export const ZRemoveMember = z.object({ intent: z.literal('remove'), memberId: z.string().min(1) })
export const ZCancelInvitation = z.object({ intent: z.literal('cancel-invitation'), invitationId: z.string().min(1) })

export const ZTeamAction = z.discriminatedUnion('intent', [
  ZInviteMember,
  ZChangeRole,
  ZRemoveMember,
  ZCancelInvitation,
])
export type TTeamAction = z.infer<typeof ZTeamAction>
