/**
 * `npm run new:page -- <Route-Name> --category <service|industry|location>`: writes
 * content/pages/<Route-Name>.yaml with every required field of the page schema, each holding
 * placeholder text the content check rejects, and prints what to fill in.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { stringify } from 'yaml'
import { filesUnder } from '../codegen/files.ts'
import { fieldSchema, requiredShape, type JsonSchema } from '../codegen/json-schema.ts'
import { PLACEHOLDER } from '../codegen/rules/placeholders.ts'

const PAGE_NAME = /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/

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

export function newPage(root: string, route: string, category: string): { file: string; text: string; fields: string[] } {
  const schema = JSON.parse(readFileSync(path.join(root, 'schema/page.schema.json'), 'utf8')) as JsonSchema
  const categories = fieldSchema(schema, ['category'])!.enum!
  if (!PAGE_NAME.test(route))
    throw new Error(`'${route}' cannot be a page address: use letters, digits and single hyphens, e.g. ai-consulting-denver`)
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
  // A page about a place says where its readers are; the country and zone are the usual ones, to be checked.
  const places = fieldSchema(schema, ['audience', 'places', 0])!
  const data =
    category === 'location'
      ? Object.fromEntries(
          Object.entries(required).flatMap(([key, value]) =>
            key === 'category'
              ? [
                  [key, value],
                  [
                    'audience',
                    {
                      places: [placeholderText(places, 'The city, then its region')],
                      country: 'US',
                      timeZone: 'America/New_York',
                    },
                  ],
                ]
              : [[key, value]],
          ),
        )
      : required
  const text = `# yaml-language-server: $schema=../../schema/page.schema.json\n${stringify(data, { lineWidth: 0 })}`
  writeFileSync(file, text, { flag: 'wx' })
  return { file: path.relative(root, file), text, fields: schema.required! }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const categoryAt = args.indexOf('--category')
  const category = categoryAt >= 0 ? args[categoryAt + 1] : undefined
  const route = args.find((a, i) => !a.startsWith('--') && i !== categoryAt + 1)
  if (!route || !category) {
    console.error('Usage: npm run new:page -- <Route-Name> --category <service|industry|location>')
    process.exit(2)
  }
  try {
    const { file, fields } = newPage(process.cwd(), route, category)
    console.log(`Wrote ${file}, served at /ai/${route} once it passes the check.`)
    console.log(`\nFill in every value that starts with "${PLACEHOLDER}" (npm run content:check lists each one with its line):`)
    for (const field of fields) console.log(`  - ${field}`)
    if (category === 'location')
      console.log(
        '  - audience: the places, and the country code and time zone of the readers (it starts as US, America/New_York)',
      )
    console.log(
      '\nOptional sections (title2, img2, descriptionTwo, our_steps, integrations, faqs, …) are described in schema/page.schema.json;',
    )
    console.log(
      'copy their shape from any page in content/pages. img1 points at a stock illustration: replace it if the page has its own.',
    )
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
