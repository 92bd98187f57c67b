import { getEnv, type TEnv } from '#app/lib/env.server'
import type { Language } from '#app/lib/i18n'
import { libreTranslateProvider } from './libretranslate.server'

/*
 * A machine translator that fills a company's texts in the languages it did not write (ADR 031).
 * One implementation today (LibreTranslate); another service plugs in by answering the same
 * interface. Nothing may depend on a provider being configured: without one, texts simply stay
 * in the languages the company wrote.
 */

export interface TranslationProvider {
  /** Shown in logs and stored with machine translations, e.g. `libretranslate`. */
  name: string
  /**
   * Translates each text from `from` to `to`, in order: the answer has one entry per text.
   * Empty texts come back empty without bothering the service. Rejects with
   * `TranslationUnavailableError` when the service cannot answer; callers then leave the
   * language empty, they never fail a save because of it.
   */
  translate(texts: string[], from: Language, to: Language, signal?: AbortSignal): Promise<string[]>
}

/** The configured provider, or null when TRANSLATE_URL is unset (no machine translation). */
export function getTranslationProvider(
  env: Pick<TEnv, 'TRANSLATE_URL' | 'TRANSLATE_API_KEY'> = getEnv(),
): TranslationProvider | null {
  if (!env.TRANSLATE_URL) return null
  return libreTranslateProvider({ url: env.TRANSLATE_URL, apiKey: env.TRANSLATE_API_KEY })
}
