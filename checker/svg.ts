import { Parser } from 'htmlparser2'
import { problem, type Problem } from './errors.ts'

/** Elements that run script, embed other documents, or pull in HTML. */
const ACTIVE_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener'])
const LINK_ATTRIBUTES = new Set(['href', 'src'])
/** What an SVG may point at: its own fragments, and images inlined as data. */
const SAFE_REFERENCE = /^(#|data:image\/(png|jpe?g|gif|webp|avif);)/
const CSS_REFERENCE = /url\(\s*(['"]?)\s*([^'")\s]*)|@import/gi

/** An attribute value as a browser reads a URL: entities decoded, whitespace and controls dropped, lower case. */
const asUrl = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase()
const localName = (name: string) => name.toLowerCase().replace(/^.*:/, '')

/**
 * Everything in an SVG that could run script or load another file when the image is opened on its
 * own (on this site's origin): script and embedding elements, event handlers, links and CSS that
 * leave the file, animations that set links or handlers, entity declarations. Each is located.
 */
export function svgProblems(file: string, text: string): Problem[] {
  const found: Problem[] = []
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1)
  const at = (offset: number, field: string) => {
    let line = 0
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++
    return { file, line: line + 1, column: offset - lineStarts[line] + 1, field }
  }
  const report = (offset: number, field: string, what: string) => found.push(problem('UnsafeSvg', at(offset, field), what))
  const checkCss = (css: string, offset: number, field: string) => {
    for (const match of css.matchAll(CSS_REFERENCE)) {
      if (match[0].toLowerCase() === '@import') report(offset, field, 'imports a stylesheet (@import)')
      else if (!SAFE_REFERENCE.test(asUrl(match[2])))
        report(offset, field, `references ${match[2] || 'an outside file'} from CSS`)
    }
  }

  let styleDepth = 0
  const parser: Parser = new Parser(
    {
      onprocessinginstruction(name, data) {
        if (/<!ENTITY/i.test(data)) report(parser.startIndex, name, 'declares entities (<!ENTITY>)')
      },
      onopentag(name, attributes) {
        const tag = localName(name)
        const start = parser.startIndex
        if (ACTIVE_ELEMENTS.has(tag)) report(start, name, `has a <${name}> element`)
        if (tag === 'style') styleDepth++
        for (const [attribute, value] of Object.entries(attributes)) {
          const local = localName(attribute)
          if (local.startsWith('on')) report(start, `${name} ${attribute}`, `has an event handler (${attribute})`)
          else if (LINK_ATTRIBUTES.has(local) && !SAFE_REFERENCE.test(asUrl(value)))
            report(start, `${name} ${attribute}`, `links to ${value.slice(0, 80)}`)
          else if (local === 'style') checkCss(value, start, `${name} style`)
          else if (
            local === 'attributename' &&
            (tag === 'set' || tag.startsWith('animate')) &&
            /^(on|href$|xlink:href$|src$)/i.test(value.trim())
          ) {
            report(start, `${name} attributeName`, `animates ${value}, which can make a link or handler`)
          }
        }
      },
      ontext(data) {
        if (styleDepth > 0) checkCss(data, parser.startIndex, 'style')
      },
      onclosetag(name) {
        if (localName(name) === 'style') styleDepth--
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.write(text)
  parser.end()
  return found
}
