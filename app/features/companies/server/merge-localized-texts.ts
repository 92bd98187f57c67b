import type { Language } from '#app/lib/i18n'
import type { LocalizedField, LocalizedTexts, MachineTranslated } from '../company-settings.schema'

/**
 * The stored texts with the admin's submitted fields written over them. A language whose text the
 * admin changed (or cleared) is the admin's own from then on: it leaves the machine-translated list.
 */
export function mergeLocalizedTexts(
  current: { texts: LocalizedTexts; machineTranslated: MachineTranslated },
  submitted: LocalizedTexts,
) {
  const texts: LocalizedTexts = { ...current.texts }
  const machineTranslated: MachineTranslated = { ...current.machineTranslated }
  for (const [field, languages] of Object.entries(submitted) as [LocalizedField, Partial<Record<Language, string>>][]) {
    const before = current.texts[field] ?? {}
    texts[field] = languages
    const stillMachine = (machineTranslated[field] ?? []).filter(
      (language) => languages[language] !== undefined && languages[language] === before[language],
    )
    if (stillMachine.length > 0) machineTranslated[field] = stillMachine
    else delete machineTranslated[field]
  }
  return { texts, machineTranslated }
}
