import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { TranslatorProvider } from '#app/lib/react-i18n'
import { useShippedCatalog } from '#app/lib/shipped-catalogs'
import type { Resource, Translator } from '#app/lib/translator'
import { useRevalidator } from 'react-router'
import {
  createI18n,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  languageCookie,
  type Language,
} from '#app/lib/i18n'

/** Keeps the chosen language in the cookie (for the server) and localStorage (for the spec's key). */
export function rememberLanguage(language: Language) {
  document.cookie = languageCookie(language)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Storage can be unavailable (private mode); the cookie is enough.
  }
}

function hasLanguageCookie() {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE}=`))
}

/**
 * The server's translators, one per catalog it ships (shippedCatalog keeps one object per
 * language and area): every render of a page reads the same one, never changed after it is built.
 */
const serverTranslators = new WeakMap<Resource, Translator>()

function serverTranslator(language: Language, resources: Resource) {
  let shared = serverTranslators.get(resources)
  if (!shared || shared.language !== language) {
    shared = createI18n(language, resources)
    serverTranslators.set(resources, shared)
  }
  return shared
}

/** Translates what it wraps with the catalog at `catalog` (shipped-catalogs.ts), in `language`. */
export function I18nProvider({
  language,
  catalog,
  children,
}: {
  language: Language
  catalog: string
  children: ReactNode
}) {
  const resources = useShippedCatalog(catalog)
  // In the browser, one instance for the life of the page; the catalogs of later pages are merged in.
  const instanceRef = useRef<Translator | null>(null)
  // import.meta.env.SSR rather than a look for `document`: the browser bundle then leaves the server's part out.
  const i18n = (instanceRef.current ??= import.meta.env.SSR
    ? serverTranslator(language, resources)
    : createI18n(language, resources))
  const revalidator = useRevalidator()

  useMemo(() => {
    // Never on the server: its translators are shared by every render, and a render has one catalog.
    if (!import.meta.env.SSR) i18n.addCatalogs(resources)
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, language, resources])

  useEffect(() => {
    document.documentElement.lang = language
    if (hasLanguageCookie()) {
      rememberLanguage(language)
      return
    }
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    if (isLanguage(stored) && stored !== language) {
      rememberLanguage(stored)
      void revalidator.revalidate()
    }
    // Only on language changes, not on every revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language])

  return <TranslatorProvider i18n={i18n}>{children}</TranslatorProvider>
}
