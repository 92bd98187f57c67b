// Fails when any interface text is missing from a catalog, or a catalog has keys English lacks,
// or a text's {{placeholders}} differ from English. English is the source catalog.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const LANGUAGES = ['en', 'pt', 'es', 'fr']

function flatten(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)]],
  )
}

const placeholders = (text) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',')

export function checkCatalogs(catalogs) {
  const problems = []
  const english = new Map(flatten(catalogs.en))
  for (const language of LANGUAGES.slice(1)) {
    const entries = new Map(flatten(catalogs[language]))
    for (const [key, text] of english) {
      if (!entries.has(key)) problems.push(`${language}: missing "${key}"`)
      else if (!entries.get(key).trim()) problems.push(`${language}: empty "${key}"`)
      else if (placeholders(entries.get(key)) !== placeholders(text))
        problems.push(`${language}: placeholders of "${key}" differ from English`)
    }
    for (const key of entries.keys())
      if (!english.has(key)) problems.push(`${language}: "${key}" is not in the English catalog`)
  }
  return problems
}

/** Keys the code names literally: t('a.b'), and i18n-key messages such as 'validation.email'. */
export function keysUsedInSource(source) {
  const keys = new Set()
  for (const match of source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)) keys.add(match[1])
  for (const match of source.matchAll(
    /'((?:validation|errors|auth\.errors|onboarding\.errors|team\.errors|team\.toasts|invitation\.errors|uploads\.errors|content\.errors|events\.errors|public\.notFound)\.[a-zA-Z0-9_.]+)'/g,
  ))
    keys.add(match[1])
  return keys
}

function sourceFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : []
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const catalogs = Object.fromEntries(
    LANGUAGES.map((code) => [code, JSON.parse(readFileSync(`app/locales/${code}.json`, 'utf8'))]),
  )
  const problems = checkCatalogs(catalogs)
  const english = new Set(flatten(catalogs.en).map(([key]) => key.replace(/_(one|other)$/, '')))
  for (const file of sourceFiles('app')) {
    for (const key of keysUsedInSource(readFileSync(file, 'utf8'))) {
      if (!english.has(key)) problems.push(`${file}: uses "${key}", which the English catalog lacks`)
    }
  }
  if (problems.length > 0) {
    console.error(`Locale check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    process.exit(1)
  }
  console.log(`Locale check passed: ${flatten(catalogs.en).length} texts in ${LANGUAGES.join(', ')}`)
}
