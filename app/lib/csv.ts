/*
 * CSV as Excel, LibreOffice and Numbers open it: UTF-8 with a byte-order mark (without it Excel
 * reads UTF-8 as the local code page and accents break), RFC 4180 quoting and CRLF line ends.
 */

export const CSV_BOM = '\uFEFF'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

/*
 * A cell starting with one of these is run as a formula by spreadsheets (CSV injection): a fan
 * named `=HYPERLINK("http://evil","click")` would become a live link in the company's sheet.
 * A leading apostrophe makes the cell plain text (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: neutralised against formulas, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, ended by CRLF as RFC 4180 asks. */
export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
