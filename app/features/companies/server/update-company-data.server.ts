import { and, eq, ne } from 'drizzle-orm'
import { companySlugRedirect, organization } from '#db/schema'
import { recordAuditEvent } from '#app/features/audit/server/record-audit-event.server'
import { AppError } from '#app/lib/errors'
import { actorUserId, type TenantContext } from '#app/access/context'
import { isReservedSlug } from '../companies.schema'
import { collectLocalized, type TCompanyData } from '../company-settings.schema'
import { mergeLocalizedTexts } from './merge-localized-texts'
import { assertCanEditSettings } from './settings-access.server'
import { translateMissingTexts } from './translate-missing-texts.server'

/**
 * Saves the company's registration data. A new page address keeps the old one answering: fans'
 * links already shared redirect to the new address (company_slug_redirects). The company's
 * description is kept per language; missing languages are filled by the translation provider
 * when one is configured.
 */
export async function updateCompanyData(context: TenantContext, input: TCompanyData) {
  assertCanEditSettings(context)
  const {
    name,
    slug,
    description_en: _en,
    description_pt: _pt,
    description_es: _es,
    description_fr: _fr,
    ...fields
  } = input
  const submitted = collectLocalized(input, ['description'])
  await context.withTenant(async (tx) => {
    const [current] = await tx
      .select({ slug: organization.slug, texts: organization.texts, machineTranslated: organization.machineTranslated })
      .from(organization)
      .where(eq(organization.id, context.company.id))
      .for('update')
    if (!current) throw new AppError('NOT_FOUND', 'errors.companyNotFound')
    if (slug !== current.slug) {
      if (isReservedSlug(slug)) throw new AppError('BAD_REQUEST', 'onboarding.errors.slugReserved', { field: 'slug' })
      const [takenNow] = await tx.select({ id: organization.id }).from(organization).where(eq(organization.slug, slug))
      const [takenBefore] = await tx
        .select({ companyId: companySlugRedirect.companyId })
        .from(companySlugRedirect)
        .where(and(eq(companySlugRedirect.oldSlug, slug), ne(companySlugRedirect.companyId, context.company.id)))
      if (takenNow || takenBefore) throw new AppError('CONFLICT', 'onboarding.errors.slugTaken', { field: 'slug' })
      // Going back to a former address: it is no longer a redirect.
      await tx.delete(companySlugRedirect).where(eq(companySlugRedirect.oldSlug, slug))
      await tx
        .insert(companySlugRedirect)
        .values({ oldSlug: current.slug, companyId: context.company.id })
        .onConflictDoUpdate({ target: companySlugRedirect.oldSlug, set: { companyId: context.company.id } })
    }
    const merged = mergeLocalizedTexts(current, submitted)
    await tx
      .update(organization)
      .set({ name, slug, ...nullsForBlanks(fields), texts: merged.texts, machineTranslated: merged.machineTranslated })
      .where(eq(organization.id, context.company.id))
  })
  await recordAuditEvent({
    category: 'admin_privileged_action',
    action: 'company.update',
    companyId: context.company.id,
    actorUserId: actorUserId(context),
    tableName: 'companies',
    recordId: context.company.id,
    details: { slugChanged: slug !== context.company.slug },
  })
  return translateMissingTexts(context, ['description'])
}

/** Optional fields left blank are cleared, not left as they were. */
function nullsForBlanks<T extends Record<string, unknown>>(fields: T) {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null])) as {
    [K in keyof T]: Exclude<T[K], undefined> | null
  }
}
