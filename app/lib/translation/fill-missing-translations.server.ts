import { FALLBACK_CHAIN, LANGUAGES, type Language } from '#app/lib/i18n'
import type { TranslationProvider } from './translation-provider.server'

/*
 * Fills the languages a company left empty in its texts (name, description, landing page …)
 * from the one it wrote, English first (ADR 031). Written languages are never touched. A
 * provider failure never fails the caller's save: whatever could be translated is returned,
 * the rest stays empty, and `errors` says what went wrong for the log.
 */

export type LocalizedText = Partial<Record<Language, string>>

export type TranslationFillError = {
  from: Language
  to: Language
  /** The fields that stay empty in `to` because of this failure. */
  fields: string[]
  error: Error
}

export type FilledTranslations<K extends string> = {
  fields: Record<K, LocalizedText>
  /**
   * Per field, the languages that came from the machine (to be marked until an admin edits
   * them), in LANGUAGES order; fields the machine did not touch are absent.
   */
  machineTranslated: Partial<Record<K, Language[]>>
  errors: TranslationFillError[]
}

const ALL_LANGUAGES: Language[] = LANGUAGES.map((language) => language.code)

function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== ''
}

/** English when written, else the first written language along the fallback chain. */
function sourceLanguage(text: LocalizedText): Language | null {
  return FALLBACK_CHAIN.find((language) => hasText(text[language])) ?? null
}

export async function fillMissingTranslations<K extends string>(
  fields: Record<K, LocalizedText>,
  provider: TranslationProvider,
  signal?: AbortSignal,
): Promise<FilledTranslations<K>> {
  const keys = Object.keys(fields) as K[]
  const filled = Object.fromEntries(keys.map((key) => [key, { ...fields[key] }])) as Record<K, LocalizedText>
  const machineTranslated: Partial<Record<K, Language[]>> = {}

  // One provider call per (source, target) pair, carrying every field that needs it; with
  // English written everywhere that is one call per missing language.
  const batches = new Map<string, { from: Language; to: Language; keys: K[] }>()
  for (const key of keys) {
    const from = sourceLanguage(fields[key])
    if (!from) continue
    for (const to of ALL_LANGUAGES) {
      if (to === from || hasText(fields[key][to])) continue
      const id = `${from}>${to}`
      const batch = batches.get(id) ?? { from, to, keys: [] }
      batch.keys.push(key)
      batches.set(id, batch)
    }
  }

  // A few small requests, in parallel: a save waits for the slowest one, not for their sum.
  const batchList = [...batches.values()]
  const outcomes = await Promise.allSettled(
    batchList.map(async (batch) => {
      const texts = batch.keys.map((key) => fields[key][batch.from] as string)
      return { batch, translated: await provider.translate(texts, batch.from, batch.to, signal) }
    }),
  )

  const errors: TranslationFillError[] = []
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'rejected') {
      const batch = batchList[index]
      const error = outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason))
      errors.push({ from: batch.from, to: batch.to, fields: batch.keys, error })
      return
    }
    const { batch, translated } = outcome.value
    batch.keys.forEach((key, n) => {
      // An empty answer is no translation: the language stays missing rather than blank-but-"done".
      if (!hasText(translated[n])) return
      filled[key][batch.to] = translated[n]
      machineTranslated[key] = [...(machineTranslated[key] ?? []), batch.to]
    })
  })

  for (const languages of Object.values<Language[] | undefined>(machineTranslated)) {
    languages?.sort((a, b) => ALL_LANGUAGES.indexOf(a) - ALL_LANGUAGES.indexOf(b))
  }
  return { fields: filled, machineTranslated, errors }
}
