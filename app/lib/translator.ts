/*
 * The product's own translator (ADR 025): nested JSON catalogs, `{{name}}` interpolation,
 * plurals with the `_one` / `_other` suffixes chosen by Intl.PluralRules, and the fallback chain
 * of docs/product.md (current language, then English, Portuguese, Spanish, French, then the key).
 * It replaces i18next, whose whole bundle every fan's phone downloaded for these few features.
 */
export type Catalog = { [key: string]: string | Catalog }
/** `{ [language]: catalog }`, the shape the catalogs travel in. */
export type Resource = Record<string, Catalog>
export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown }
export type TFunction = (key: string, options?: TOptions) => string

const pluralRules = new Map<string, Intl.PluralRules>()

function pluralForm(language: string, count: number) {
  let rules = pluralRules.get(language)
  if (!rules) {
    rules = new Intl.PluralRules(language)
    pluralRules.set(language, rules)
  }
  return rules.select(count)
}

function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** `number(minimumFractionDigits: 1)` → Intl.NumberFormat options; only numeric option values. */
function numberFormatOptions(spec: string | undefined) {
  const options: Record<string, number> = {}
  for (const pair of (spec ?? '').split(';')) {
    const [key, value] = pair.split(':').map((part) => part.trim())
    if (key && value !== undefined && !Number.isNaN(Number(value))) options[key] = Number(value)
  }
  return options as Intl.NumberFormatOptions
}

/** `{{name}}`, and `{{name, number}}` / `{{name, number(minimumFractionDigits: 1)}}` in the reader's digits. */
function interpolate(text: string, options: TOptions | undefined, language: string) {
  if (!options || !text.includes('{{')) return text
  return text.replace(
    /\{\{\s*([\w.]+)\s*(?:,\s*number(?:\(([^)]*)\))?\s*)?\}\}/g,
    (whole, name: string, format: string | undefined) => {
      const value = options[name]
      if (value === undefined || value === null) return whole
      if (whole.includes(',') && typeof value === 'number')
        return new Intl.NumberFormat(language, numberFormatOptions(format)).format(value)
      return String(value)
    },
  )
}

function mergeInto(target: Catalog, source: Catalog) {
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string') target[key] = value
    else mergeInto(typeof target[key] === 'object' ? target[key] : (target[key] = {}), value)
  }
  return target
}

export class Translator {
  language: string
  /** Bound to the current language; a new function after each change, so memoised views refresh. */
  t: TFunction
  private readonly catalogs = new Map<string, Catalog>()
  private readonly listeners = new Set<() => void>()

  constructor(
    language: string,
    resources: Resource,
    private readonly fallbackChain: readonly string[],
  ) {
    this.language = language
    this.addCatalogs(resources)
    this.t = this.fixedT(language)
  }

  /** A translator that always speaks `language`, whatever the current one is. */
  fixedT(language: string): TFunction {
    const chain = [language, ...this.fallbackChain.filter((code) => code !== language)]
    return (key, options) => {
      for (const code of chain) {
        const catalog = this.catalogs.get(code)
        if (!catalog) continue
        const text =
          (typeof options?.count === 'number'
            ? (lookup(catalog, `${key}_${pluralForm(code, options.count)}`) ?? lookup(catalog, `${key}_other`))
            : undefined) ?? lookup(catalog, key)
        if (text !== undefined) return interpolate(text, options, code)
      }
      return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options, language) : key
    }
  }

  /** Adds each language's texts to those it has (a page of another area brings more of them). */
  addCatalogs(resources: Resource) {
    for (const [language, catalog] of Object.entries(resources))
      this.catalogs.set(language, mergeInto(this.catalogs.get(language) ?? {}, catalog))
  }

  async changeLanguage(language: string) {
    if (language === this.language) return
    this.language = language
    this.t = this.fixedT(language)
    // Not during the render that changed the language: subscribers update right after it.
    queueMicrotask(() => {
      for (const listener of this.listeners) listener()
    })
  }

  /** Called after every language change; returns the unsubscribe function. */
  subscribe(listener: () => void) {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }
}
