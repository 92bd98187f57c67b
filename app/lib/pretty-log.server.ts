/*
 * The log as a person at a terminal reads it (`npm start` on a laptop): one short line an entry,
 * the time, the level, the message and its fields, a request as `GET /route 200 3.1 ms`, and an
 * error's stack below it. The same JSON lines are written when the output is not a terminal; this
 * only reformats them, so both say the same.
 */

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO ', colour: '32' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '35' },
}

// Shown in the line's own words rather than as fields.
const SHOWN = new Set(['level', 'time', 'msg', 'err', 'method', 'route', 'status', 'ms', 'bytes'])

function clock(time: unknown) {
  const date = typeof time === 'number' ? new Date(time) : new Date()
  return date.toISOString().slice(11, 23)
}

function valueOf(value: unknown) {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value
  return JSON.stringify(value)
}

function sizeOf(bytes: number) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`
}

/** One JSON log line as a person reads it; a line that is not JSON is left as it is. */
export function prettyLine(line: string, colours: boolean): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line)
  } catch {
    return line
  }
  if (entry === null || typeof entry !== 'object') return line
  const paint = (code: string, text: string) => (colours ? `\u001b[${code}m${text}\u001b[0m` : text)
  const level = LEVELS[entry.level as number] ?? { name: String(entry.level).padEnd(5), colour: '0' }
  const parts = [paint('90', clock(entry.time)), paint(level.colour, level.name)]
  if (typeof entry.method === 'string' && typeof entry.route === 'string') {
    parts.push(`${entry.method} ${entry.route} ${entry.status ?? '-'}`)
    if (typeof entry.ms === 'number') parts.push(`${entry.ms} ms`)
    if (typeof entry.bytes === 'number') parts.push(sizeOf(entry.bytes))
  } else if (entry.msg !== undefined) parts.push(String(entry.msg))
  const fields = Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => `${key}=${valueOf(value)}`)
  if (fields.length > 0) parts.push(paint('90', fields.join(' ')))
  let text = parts.join(' ')
  const err = entry.err as { type?: string; message?: string; stack?: string } | undefined
  if (err && typeof err === 'object') {
    const stack = err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`
    text += `\n${stack
      .split('\n')
      .map((row) => `    ${row}`)
      .join('\n')}`
  }
  return `${text}\n`
}
