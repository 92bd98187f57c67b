/*
 * File names fans get: meaningful (the gallery's or item's title, the photo's number) and safe
 * on every system they may be saved to (Windows forbids more than the others do).
 */

const MAX_BASE_LENGTH = 100
// Windows reserves these names whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i

/** A title made into a file name's base: no path separators, control or reserved characters. */
export function safeFileBase(title: string, fallback = 'download') {
  const cleaned = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[/\\:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
  const shortened = [...cleaned].slice(0, MAX_BASE_LENGTH).join('').trim()
  return shortened && !RESERVED.test(shortened) ? shortened : fallback
}

/** The extension of a stored key or file name, lower case, or '' when it has none. */
export function extensionOf(name: string) {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name)
  return match ? match[1].toLowerCase() : ''
}

/** "Last Night - 07.jpg": numbered in gallery order, zero-padded so they sort as shown. */
export function galleryFileName(galleryTitle: string, position: number, total: number, extension: string) {
  const digits = Math.max(2, String(total).length)
  return withExtension(`${safeFileBase(galleryTitle)} - ${String(position).padStart(digits, '0')}`, extension)
}

export function withExtension(base: string, extension: string) {
  return extension ? `${base}.${extension}` : base
}

/** Makes every name unique (case-insensitively, as on Windows and macOS): "a.jpg", "a (2).jpg". */
export function uniqueNames(names: string[]) {
  const taken = new Set<string>()
  return names.map((name) => {
    const extension = extensionOf(name)
    const base = extension ? name.slice(0, -(extension.length + 1)) : name
    let candidate = name
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy++)
      candidate = withExtension(`${base} (${copy})`, extension)
    taken.add(candidate.toLowerCase())
    return candidate
  })
}
