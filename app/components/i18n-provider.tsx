import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { TranslatorProvider } from '#app/lib/react-i18n'
import type { Resource, Translator } from '#app/lib/translator'
import { useRevalidator } from 'react-router'
import { createI18n, isLanguage, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, languageCookie, type Language } from '#app/lib/i18n'

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
 * The server's translators, one per catalog it ships (clientResources keeps one object per
 * language and area): every render of a page reads the same one, never changed after it is built.
 */
const serverTranslators = new WeakMap<Resource, { i18n: Translator; builtFrom: Resource }>()

function serverTranslator(language: Language, resources: Resource) {
  let shared = serverTranslators.get(resources)
  if (!shared || shared.i18n.language !== language) {
    shared = { i18n: createI18n(language, resources), builtFrom: resources }
    serverTranslators.set(resources, shared)
  }
  return shared
}

export function I18nProvider({ language, resources, children }: { language: Language; resources: Resource; children: ReactNode }) {
  // In the browser, one instance for the life of the page; new catalogs from the server are merged in.
  const instanceRef = useRef<{ i18n: Translator; builtFrom: Resource } | null>(null)
  // import.meta.env.SSR rather than a look for `document`: the browser bundle then leaves the server's part out.
  instanceRef.current ??= import.meta.env.SSR ? serverTranslator(language, resources) : { i18n: createI18n(language, resources), builtFrom: resources }
  const { i18n, builtFrom } = instanceRef.current
  const revalidator = useRevalidator()

  useMemo(() => {
    // The catalogs it was built from are in it already; copying them again cost every server render.
    if (resources !== builtFrom) {
      for (const [code, namespaces] of Object.entries(resources)) {
        for (const [namespace, catalog] of Object.entries(namespaces)) {
          i18n.addResourceBundle(code, namespace, catalog)
        }
      }
    }
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, builtFrom, language, resources])

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
