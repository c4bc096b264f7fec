/**
 * `npm run new:page -- <Route-Name> --category <service|industry|location>`: writes
 * content/pages/<Route-Name>.yaml with every required field of the page schema, each holding
 * placeholder text the content check rejects, and prints what to fill in.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import { filesUnder } from '../codegen/files.ts'
import { fieldSchema, requiredShape, type JsonSchema } from '../checker/json-schema.ts'
import { PAGE_FILE_NAME } from '../checker/rules/page-addresses.ts'
import { PLACEHOLDER } from '../checker/rules/placeholders.ts'

export const USAGE = 'Usage: npm run new:page -- <Route-Name> --category <service|industry|location>'

/** Words typed apart, or joined by anything but single hyphens, as one address: ai consulting denver → Ai-Consulting-Denver. */
const asPageName = (words: readonly string[]) =>
  words
    .flatMap((w) => w.split(/[^A-Za-z0-9]+/))
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('-')

/** The address and category of the command line, or the one line that says what is wrong. */
export function parseNewPageArgs(args: readonly string[]): { route: string; category: string } | { error: string } {
  const words: string[] = []
  let category: string | undefined
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--category') category = args[++i]
    else if (args[i].startsWith('--category=')) category = args[i].slice('--category='.length)
    else if (args[i].startsWith('--')) return { error: `${USAGE} ('${args[i]}' is not an option)` }
    else words.push(args[i])
  }
  const meant = asPageName(words)
  if (words.length > 1 || (words.length === 1 && !PAGE_FILE_NAME.test(words[0]) && meant))
    return {
      error: `${USAGE}; the address is one word with hyphens: npm run new:page -- ${meant} --category ${category ?? '<category>'}`,
    }
  if (words.length === 0 || !category) return { error: USAGE }
  return { route: words[0], category }
}

/**
 * The IANA time zone of the place a route names, when one is named for it: ai-consulting-denver →
 * America/Denver, new-york → America/New_York. Only zones of the form Area/City count (the
 * Area/Region/Town ones are small towns whose names are also common words), never one of Antarctica
 * or Etc, and never a city after "new": New Jersey is not Jersey.
 */
export function timeZoneFor(route: string): string | undefined {
  const words = route.toLowerCase().split('-')
  let best: { zone: string; length: number } | undefined
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const [area, city, ...rest] = zone.split('/')
    if (!city || rest.length > 0 || area === 'Antarctica' || area === 'Etc') continue
    const cityWords = city.toLowerCase().split(/[_-]/)
    const at = words.findIndex((_, i) => cityWords.every((w, j) => words[i + j] === w))
    if (at < 0 || (at > 0 && words[at - 1] === 'new')) continue
    if (!best || cityWords.length > best.length) best = { zone, length: cityWords.length }
  }
  return best?.zone
}

/** A placeholder string that fits the schema's length limits, so only the placeholder rule fires. */
function placeholderText(schema: JsonSchema, what: string): string {
  const max = schema.maxLength ?? Infinity
  let text = `${PLACEHOLDER} ${what
    .replace(/<[^>]*>/g, '')
    .split(/[.:(]/)[0]
    .trim()}.`
  // Cut at a word, so the placeholder still reads as a hint.
  while (text.length > max)
    text = text.slice(0, text.lastIndexOf(' ', max - 1) > PLACEHOLDER.length ? text.lastIndexOf(' ', max - 1) : max)
  while (text.length < (schema.minLength ?? 0)) text += ' Replace this text.'
  return text.length > max ? text.slice(0, max) : text
}

/** True when a value, or anything in it, still holds placeholder text. */
const holdsPlaceholder = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.startsWith(PLACEHOLDER)
    : typeof value === 'object' && value !== null && Object.values(value).some(holdsPlaceholder)

/** Where the readers of a location page are: the places to fill in, and the time zone the address names. */
function audienceOf(schema: JsonSchema, route: string) {
  const places = fieldSchema(schema, ['audience', 'places', 0])!
  const zone = fieldSchema(schema, ['audience', 'timeZone'])!
  const timeZone = timeZoneFor(route)
  return {
    places: [placeholderText(places, 'The city, then its region')],
    country: 'US',
    timeZone: timeZone ?? placeholderText(zone, zone.description ?? 'The time zone'),
  }
}

export interface NewPage {
  file: string
  text: string
  /** The top-level fields that still hold placeholder text, in file order. */
  toFill: string[]
  /** A location page's time zone, when its address names a place that has one, and whether the schema lists it yet. */
  timeZone?: { zone: string; listed: boolean }
}

export function newPage(root: string, route: string, category: string): NewPage {
  const schema = JSON.parse(readFileSync(path.join(root, 'schema/page.schema.json'), 'utf8')) as JsonSchema
  const categories = fieldSchema(schema, ['category'])!.enum!
  if (!PAGE_FILE_NAME.test(route))
    throw new Error(
      `'${route}' cannot be a page address: use letters, digits and single hyphens, e.g. ${asPageName([route]) || 'Ai-Consulting-Denver'}`,
    )
  if (!categories.includes(category)) throw new Error(`unknown category '${category}': use one of ${categories.join(', ')}`)
  const pagesDir = path.join(root, 'content/pages')
  const file = path.join(pagesDir, `${route}.yaml`)
  if (existsSync(file)) throw new Error(`content/pages/${route}.yaml already exists: edit it instead`)
  const clash = filesUnder(pagesDir, { nested: false }).find((f) => f.toLowerCase() === `${route}.yaml`.toLowerCase())
  if (clash) throw new Error(`content/pages/${clash} differs only in letter case; addresses must differ in more than that`)
  const image = `/images/pages/${
    filesUnder(path.join(root, 'public/images/pages'), { nested: false }).filter((f) => f.endsWith('.svg'))[0]
  }`
  // Required fields only, each text a placeholder that says what belongs there.
  const required = requiredShape(schema, schema, (field, name) => {
    if (name === 'category') return category
    if (field.enum) return field.enum[0]
    if (name === 'src') return image
    return placeholderText(field, (field.description ?? name).split(/(?<=\.) /)[0])
  }) as Record<string, unknown>
  const fields = Object.entries(required)
  // A page about a place says where its readers are, just after its category.
  const atCategory = fields.findIndex(([key]) => key === 'category')
  if (category === 'location') fields.splice(atCategory + 1, 0, ['audience', audienceOf(schema, route)])
  const data = Object.fromEntries(fields)
  const text = `# yaml-language-server: $schema=../../schema/page.schema.json\n${stringify(data, { lineWidth: 0 })}`
  writeFileSync(file, text, { flag: 'wx' })
  const toFill = Object.keys(data).filter((key) => holdsPlaceholder(data[key]))
  const zone = category === 'location' ? timeZoneFor(route) : undefined
  const listed = fieldSchema(schema, ['audience', 'timeZone'])?.enum?.includes(zone ?? '') ?? false
  return { file: path.relative(root, file), text, toFill, ...(zone ? { timeZone: { zone, listed } } : {}) }
}

/** What the command prints once the page is written: the fields to fill in, and what it chose for the editor. */
function report({ file, toFill, timeZone }: NewPage, route: string) {
  console.log(`Wrote ${file}, served at /ai/${route} once it passes the check.`)
  console.log(`\nFill in every value that starts with "${PLACEHOLDER}" (npm run content:check lists each one with its line):`)
  for (const field of toFill) console.log(`  - ${field}`)
  if (toFill.includes('audience')) {
    const zone = timeZone
      ? `its time zone is ${timeZone.zone}, from the address${timeZone.listed ? '' : ' (not yet one the schema lists: ask a developer to add it to schema/page.schema.json)'}`
      : 'its time zone is left as TODO: the address names no place with a zone of its own'
    console.log(`    audience: the places the readers are; the country starts as US; ${zone}. Check all three.`)
  }
  console.log(
    '\nOptional sections (title2, img2, descriptionTwo, our_steps, integrations, faqs, …) are described in schema/page.schema.json;\n' +
      'copy their shape from any page in content/pages. img1 points at a stock illustration: replace it if the page has its own.',
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const parsed = parseNewPageArgs(process.argv.slice(2))
  if ('error' in parsed) {
    console.error(parsed.error)
    process.exit(2)
  }
  try {
    report(newPage(process.cwd(), parsed.route, parsed.category), parsed.route)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
