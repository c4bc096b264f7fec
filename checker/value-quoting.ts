/**
 * How a value is quoted in its file, so that markup a hint suggests can be pasted into it as it
 * stands: an attribute in the same quotes as the value would end the value there.
 */
import type { Place } from './errors.ts'
import type { YamlSource } from './yaml-source.ts'

/** The quote a value is written in: '"', "'", or '' when it is plain or a block of lines. */
export type ValueQuote = '"' | "'" | ''

/** The quote of the value written at `place` (its line and column from 1) in the file's text. */
export function quoteAt(source: YamlSource, place: Pick<Place, 'line' | 'column'>): ValueQuote {
  const line = source.text?.split('\n')[place.line - 1]
  const first = line?.[place.column - 1]
  return first === '"' || first === "'" ? first : ''
}

/**
 * An HTML attribute that fits a value in `quote`: in single quotes, as the site's pages write them,
 * except in a value in single quotes, where a ' would have to be written twice.
 */
export const attributeFor = (quote: ValueQuote, name: string, value: string) =>
  quote === "'" ? `${name}="${value}"` : `${name}='${value}'`
