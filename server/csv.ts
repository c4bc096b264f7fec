/** Characters that separate cells or rows in some spreadsheet's reading of a CSV file. */
const SEPARATORS = /[,;\t\r\n|]/
/** A formula starts with = + - @ (or their full-width forms) at the start of a cell or after a separator. */
const FORMULA_STARTS = /(^|[,;\t\r\n|])(\s*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g
/** Control characters other than tab and line breaks: NUL and friends corrupt files and readers. */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

/**
 * One CSV cell, RFC 4180 quoted and safe in a spreadsheet: control characters dropped, a formula start
 * wherever some reader may begin a cell gets an apostrophe (shown, not run), any separator quoted.
 */
export function csvCell(value: unknown): string {
  const text = (value === null || value === undefined ? '' : String(value))
    .replace(CONTROLS, '')
    .replace(FORMULA_STARTS, "$1$2'$3")
  return SEPARATORS.test(text) || /"/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
