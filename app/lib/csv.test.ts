import { describe, expect, it } from 'vitest'
import { csvCell, csvRow } from './csv'

describe('CSV cells', () => {
  it('leaves plain text alone and writes nothing for empty values', () => {
    expect(csvCell('Ana Souza')).toBe('Ana Souza')
    expect(csvCell('São Paulo – Zoë')).toBe('São Paulo – Zoë')
    expect(csvCell('')).toBe('')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling inner quotes (RFC 4180)', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"')
    expect(csvCell('The "Owls"')).toBe('"The ""Owls"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
  })

  it('turns every formula start into text with a leading apostrophe', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+351 912 345 678')).toBe("'+351 912 345 678")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"')
    expect(csvCell('=HYPERLINK("http://evil.test","click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""click"")"')
    // Only the first character matters: these are ordinary text.
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell(' =1')).toBe(' =1')
  })

  it('joins a record with commas and ends it with CRLF', () => {
    expect(csvRow(['a', null, 'b,c', '=x'])).toBe('a,,"b,c",\'=x\r\n')
  })
})
