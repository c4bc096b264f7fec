import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv.ts'

describe('CSV export', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1 415 555 0142', "'+1 415 555 0142"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    [null, ''],
    [42, '42'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes a header and CRLF-terminated rows', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n')
  })
})
