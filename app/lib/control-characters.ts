/*
 * Characters no name, file name or type ever holds: the C0 controls (NUL, tab, line breaks,
 * escape), DEL, the C1 controls and the Unicode line and paragraph separators. A name is shown
 * on one line to others, written into mail headers, CSV files and logs; PostgreSQL refuses NUL
 * in text outright (a 500 where a clear refusal belongs).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** Whether `value` holds a control character or a line break of any kind. */
export function hasControlCharacter(value: string) {
  return CONTROL_CHARACTER.test(value)
}
