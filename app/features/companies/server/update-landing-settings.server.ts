import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { collectLocalized, type TLandingSettings } from '../company-settings.schema'
import { mergeLocalizedTexts } from './merge-localized-texts'
import { assertCanEditSettings } from './settings-access.server'
import { translateMissingTexts } from './translate-missing-texts.server'

/**
 * Saves how the landing page presents the company. Any change to the company's row bumps its
 * public version (migration 0006), so fans see it on their next request. Colours are kept on
 * every plan and shown to fans where the plan includes custom branding.
 */
export async function updateLandingSettings(context: TenantContext, input: TLandingSettings) {
  assertCanEditSettings(context)
  const submitted = collectLocalized(input, ['landingName', 'landingDescription'])
  await context.withTenant(async (tx) => {
    const [current] = await tx
      .select({ texts: organization.texts, machineTranslated: organization.machineTranslated })
      .from(organization)
      .where(eq(organization.id, context.company.id))
      .for('update')
    if (!current) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    const merged = mergeLocalizedTexts(current, submitted)
    await tx
      .update(organization)
      .set({
        texts: merged.texts,
        machineTranslated: merged.machineTranslated,
        landingDisplayMode: input.displayMode,
        promotionUrl: input.promotionUrl ?? null,
        brandPrimaryColor: input.brandPrimaryColor?.toLowerCase() ?? null,
        brandAccentColor: input.brandAccentColor?.toLowerCase() ?? null,
      })
      .where(eq(organization.id, context.company.id))
  })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.landing.update',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: context.company.id,
  })
  return translateMissingTexts(context, ['landingName', 'landingDescription'])
}
