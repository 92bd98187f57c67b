// Number formats are costly to build and the same few serve every page: made once per language and precision.
const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(language: string, fractionDigits: number) {
  const key = `${language}|${fractionDigits}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits })
    formats.set(key, format)
  }
  return format
}

/** French counts octets (59 Mo); the other languages read the English units. */
const UNITS: Record<string, readonly string[]> = {
  fr: ['o', 'Ko', 'Mo', 'Go', 'To'],
}
const ENGLISH_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const

// Between the number and its unit: a size never breaks across two lines ("59" at a line's end, "Mo" on the next).
const NO_BREAK_SPACE = '\u00a0'

/**
 * A file size as people read it (1024-based, one decimal below 10), in the reader's language and
 * its units: every size the product shows (uploads, downloads, storage, plans) is written here.
 */
export function formatBytes(bytes: number, language: string) {
  const units = UNITS[language.slice(0, 2).toLowerCase()] ?? ENGLISH_UNITS
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${numberFormat(language, value < 10 && unit > 0 ? 1 : 0).format(value)}${NO_BREAK_SPACE}${units[unit]}`
}
