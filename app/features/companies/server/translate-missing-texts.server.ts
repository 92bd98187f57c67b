import { eq } from 'drizzle-orm'
import { organization } from '#db/schema'
import type { TenantContext } from '#app/access/context'
import { logger } from '#app/lib/logger.server'
import { fillMissingTranslations } from '#app/lib/translation/fill-missing-translations.server'
import { getTranslationProvider, type TranslationProvider } from '#app/lib/translation/translation-provider.server'
import type { LocalizedField, MachineTranslated } from '../company-settings.schema'

/** How long a save waits for the translations before it answers without them. */
const TRANSLATION_BUDGET_MS = 8_000

/**
 * Fills the company's texts in the languages the admin left empty, when a translation provider is
 * configured. Runs after the admin's own save, so a slow or failing provider never loses or
 * blocks it; the texts it writes are marked machine-translated. Returns which it wrote.
 */
export async function translateMissingTexts(
  context: TenantContext,
  fields: readonly LocalizedField[],
  provider: TranslationProvider | null = getTranslationProvider(),
): Promise<{ translated: MachineTranslated }> {
  if (!provider) return { translated: {} }
  const companyId = context.company.id
  const [row] = await context.companyRecords((db) =>
    db.select({ texts: organization.texts }).from(organization).where(eq(organization.id, companyId)),
  )
  if (!row) return { translated: {} }
  const wanted = Object.fromEntries(
    fields
      .map((field) => [field, row.texts[field] ?? {}])
      .filter(([, languages]) => Object.values(languages).some(Boolean)),
  )
  if (Object.keys(wanted).length === 0) return { translated: {} }
  const filled = await fillMissingTranslations(wanted, provider, AbortSignal.timeout(TRANSLATION_BUDGET_MS))
  for (const error of filled.errors) logger.warn({ companyId, error }, 'a company text could not be translated')
  const translated = filled.machineTranslated as MachineTranslated
  if (Object.keys(translated).length === 0) return { translated }
  // Its companies row: no tenant fence covers it, the transaction holds it for the write.
  await context.withTenant(async (tx) => {
    // Written over the texts as they are now, and only where a language is still empty: the admin
    // may have saved again meanwhile.
    const [current] = await tx
      .select({ texts: organization.texts, machineTranslated: organization.machineTranslated })
      .from(organization)
      .where(eq(organization.id, companyId))
      .for('update')
    if (!current) return
    const texts = { ...current.texts }
    const machineTranslated = { ...current.machineTranslated }
    for (const [field, languages] of Object.entries(translated) as [
      LocalizedField,
      NonNullable<MachineTranslated[LocalizedField]>,
    ][]) {
      const written = { ...(texts[field] ?? {}) }
      const marked = new Set(machineTranslated[field] ?? [])
      for (const language of languages) {
        const text = filled.fields[field]?.[language]
        if (!text || written[language]) continue
        written[language] = text
        marked.add(language)
      }
      texts[field] = written
      if (marked.size > 0) machineTranslated[field] = [...marked]
    }
    await tx.update(organization).set({ texts, machineTranslated }).where(eq(organization.id, companyId))
  })
  return { translated }
}
