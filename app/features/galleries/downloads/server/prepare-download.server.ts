import { findKnownLead } from '#app/features/leads/server/lead-cookie.server'
import type { PublicDoor } from '#app/access/context'
import type { Visit } from '#app/access/visit.server'
import { hasAccess } from '#app/features/galleries/protection/server/access-cookie.server'
import { findDownloadTarget, type DownloadTarget } from './find-download.server'

export type WantedDownload = { kind: 'file' | 'content'; id: string }

export type PreparedDownload =
  | { outcome: 'lead-required' }
  | { outcome: 'pin-required' }
  | { outcome: 'ready'; target: DownloadTarget; leadId: string | null }

/**
 * Whether a fan may have what a download address names now: NOT_FOUND for anything fans cannot
 * see, "PIN required" where the gallery asks for its download PIN, "lead required" where the company asks for the fan's details first and does not have
 * them yet, otherwise what to serve and the lead it counts for.
 */
export async function prepareDownload(
  door: PublicDoor,
  visit: Pick<Visit, 'host' | 'cookies'>,
  wanted: WantedDownload,
): Promise<PreparedDownload> {
  const target = await findDownloadTarget(door, visit, wanted)
  // The gallery's PIN comes before the fan's details: no one is asked for data they cannot use.
  if (!hasAccess('pin', target.item.id, target.pinHash, visit.cookies)) return { outcome: 'pin-required' }
  const leadId = await findKnownLead(target.context.record, visit.cookies, target.context.company.id)
  if (target.item.requireLead && !leadId) return { outcome: 'lead-required' }
  return { outcome: 'ready', target, leadId }
}
