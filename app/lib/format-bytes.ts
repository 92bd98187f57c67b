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

/** A file size as people read it (1024-based, one decimal below 10), in the visitor's language. */
export function formatBytes(bytes: number, language: string) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${numberFormat(language, value < 10 && unit > 0 ? 1 : 0).format(value)} ${units[unit]}`
}
