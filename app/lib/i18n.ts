import type { LanguageCode } from '#db/json-columns'
import { Translator, type Resource } from './translator'

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'pt', name: 'Português' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
] as const

export type Language = (typeof LANGUAGES)[number]['code']
// The JSON columns keep texts per language code (db/json-columns.ts): the two lists must be the same.
const sameLanguages: [Language] extends [LanguageCode] ? ([LanguageCode] extends [Language] ? true : never) : never =
  true
void sameLanguages
export const DEFAULT_LANGUAGE: Language = 'en'
/** After the current language: English, Portuguese, Spanish, French, then the key itself. */
export const FALLBACK_CHAIN: Language[] = ['en', 'pt', 'es', 'fr']
export const LANGUAGE_COOKIE = 'lang'
/** The query parameter of a language chosen before the page's script acts (server/language-choice.ts). */
export const LANGUAGE_PARAMETER = 'lang'
/** localStorage keys that survive sign-out. */
export const LANGUAGE_STORAGE_KEY = 'selectedLanguage'
export const PRESERVED_STORAGE_KEYS = ['selectedLanguage', 'language', 'theme']

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && LANGUAGES.some((language) => language.code === value)
}

function readCookie(cookieHeader: string | null, name: string) {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

/** The visitor's language: their saved choice, else the browser's preference, else English. */
export function detectLanguage(request: Pick<Request, 'headers'>): Language {
  const saved = readCookie(request.headers.get('cookie'), LANGUAGE_COOKIE)
  if (isLanguage(saved)) return saved
  const accepted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((entry) => {
      const [tag, ...params] = entry.trim().split(';')
      const q = params.find((p) => p.trim().startsWith('q='))
      return { code: tag.toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) : 1 }
    })
    .filter((entry) => entry.code && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q)
  return (accepted.find((entry) => isLanguage(entry.code))?.code as Language | undefined) ?? DEFAULT_LANGUAGE
}

export function languageCookie(language: Language) {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`
}

export function createI18n(language: Language, resources: Resource): Translator {
  return new Translator(language, resources, FALLBACK_CHAIN)
}
