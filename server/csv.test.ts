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
    ['\t=1', `"\t'=1"`],
    // Readers that split on ; tab or | would start a new cell there: the formula is neutralised and the cell quoted.
    ['Semi;=1+1', `"Semi;'=1+1"`],
    ['Tab\t=1+1', `"Tab\t'=1+1"`],
    ['Pipe|@SUM(A1)', `"Pipe|'@SUM(A1)"`],
    ['line\n -cmd', `"line\n '-cmd"`],
    ['a, +1', `"a, '+1"`],
    ['full-width \uFF1D1+1', 'full-width \uFF1D1+1'],
    ['x;\uFF1D1+1', `"x;'\uFF1D1+1"`],
    ['NUL\u0000byte\u0007bell\u009b', 'NULbytebell'],
    ['semi;colon', '"semi;colon"'],
    ['well-formed e-mail@example.com', 'well-formed e-mail@example.com'],
    [null, ''],
    [42, '42'],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('writes a header and CRLF-terminated rows', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n')
  })

  it('never lets a cell of hostile text start an unquoted formula in any reading', () => {
    const hostile = ['=1', ' =1', 'a;=1', 'a\t+1', 'a|-1', 'a\r\n@1', '\u0000=1', 'a,\uFF20x']
    for (const value of hostile) {
      const cell = csvCell(value)
      expect(cell).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
      // Split the cell's text as the most liberal reader would; no piece may start (after spaces) with a formula sign.
      const text = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell
      for (const piece of text.split(/[,;\t\r\n|]/)) expect(piece.trimStart()).not.toMatch(/^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/)
    }
  })
})
