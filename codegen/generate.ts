import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { PageEntry } from '../checker/check-site.ts'
import { MARKUP_NODE_TS } from '../checker/markup.ts'
import { digest, storeEntry } from './store.ts'
import { mapRefs, type JsonSchema } from '../checker/json-schema.ts'
import { schemaFiles } from '../checker/schemas.ts'
import { writeFileAtomic } from './write-atomic.ts'
import { exportableNames } from './build-content.ts'
import { pageDataSpecifier } from '../src/core/routes.ts'

const GENERATED_DIR = 'src/generated'
export const BANNER =
  '/* Generated from content/ and schema/ by `npm run codegen`. Do not edit: change the source and run it again. */'

/**
 * Schemas prepared for json-schema-to-typescript: all kinds in one document (so shared definitions
 * become one type) and no keywords beside a $ref (which would make a copy of the referenced type).
 */
function typeSchema(): object {
  const ids = new Map(Object.entries(schemaFiles).map(([kind, { schema }]) => [schema.$id, kind]))
  // A $ref points into its kind's part of the one document: '#/$defs/markup' of page becomes '#/$defs/page/$defs/markup'.
  const rewrite = (schema: JsonSchema, kind: string) =>
    mapRefs(
      schema,
      (ref) => {
        const [fileId, pointer = ''] = ref.split('#')
        return { $ref: `#/$defs/${fileId ? ids.get(fileId) : kind}${pointer}` }
      },
      ['$id', '$schema'],
    )
  const $defs = Object.fromEntries(Object.entries(schemaFiles).map(([kind, { schema }]) => [kind, rewrite(schema, kind)]))
  const properties = Object.fromEntries(Object.keys(schemaFiles).map((kind) => [kind, { $ref: `#/$defs/${kind}` }]))
  return {
    title: 'ContentTypes',
    description: 'Every content kind, by name.',
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
    $defs,
  }
}

/** TypeScript types for every content kind, from the JSON Schemas (the single source of the types). */
export async function generateContentTypes(): Promise<string> {
  const { compile } = await import('json-schema-to-typescript')
  const types = await compile(typeSchema() as never, 'ContentTypes', {
    bannerComment: BANNER,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    format: true,
    style: { semi: false, singleQuote: true, printWidth: 120 },
  })
  return `${types}\n${MARKUP_NODE_TS}\n`
}

/**
 * The route manifest: one entry per page, each loading its page data as its own chunk. Loading ts-morph
 * costs about a second, so writeRouteTable makes it only when the routes or this generator changed.
 */
export async function generatePageRoutes(pages: readonly Pick<PageEntry, 'route' | 'data'>[]): Promise<string> {
  const { IndentationText, NewLineKind, Project, QuoteKind, StructureKind, VariableDeclarationKind, ts } =
    await import('ts-morph')
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Double,
    },
  })
  const file = project.createSourceFile('page-routes.ts', {
    statements: [
      BANNER,
      {
        kind: StructureKind.ImportDeclaration,
        isTypeOnly: true,
        namedImports: ['PageRoute'],
        moduleSpecifier: '../core/content',
      },
      {
        kind: StructureKind.VariableStatement,
        leadingTrivia: (writer) => writer.blankLine(),
        docs: ["Every landing page, sorted by route. `load` fetches the page's own chunk."],
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: 'pageRoutes', type: 'readonly PageRoute[]', initializer: '[]' }],
      },
    ],
  })
  // Two spaces, no semicolons; the rows go in after the formatter in that style (formatting them cost up to 1 s).
  file.formatText({ indentSize: 2, tabSize: 2, convertTabsToSpaces: true, semicolons: ts.SemicolonPreference.Remove })
  // One line per page: a table reads, and diffs, by row. String literals as JSON writes them.
  const rows = sorted.map(
    ({ route, data }) =>
      `  { route: ${JSON.stringify(route)}, label: ${JSON.stringify(data.label)}, ` +
      `category: ${JSON.stringify(data.category)}, load: () => import(${JSON.stringify(pageDataSpecifier(route))}) },\n`,
  )
  const table = file.getVariableDeclarationOrThrow('pageRoutes').getInitializerOrThrow()
  file.replaceText([table.getStart(), table.getEnd()], `[\n${rows.join('')}]`)
  return file.getFullText()
}

/**
 * Types of the `site-part:<key>` modules, one per top-level key of site.yaml; a key of required words
 * under exportable names (the plugin's isWords rule) also exports each word by name.
 */
function generateSitePartTypes(): string {
  const properties = schemaFiles.site.schema.properties as Record<
    string,
    { type?: string; required?: string[]; properties?: Record<string, { type?: string }> }
  >
  const lines = Object.entries(properties).map(([key, schema]) => {
    const words = schema.type === 'object' && schema.properties ? Object.entries(schema.properties) : []
    const names = words.map(([name]) => name)
    const allWords =
      words.length > 0 &&
      exportableNames(names) &&
      words.every(([name, word]) => word.type === 'string' && schema.required?.includes(name))
    const named = allWords ? names.map((name) => `  export const ${name}: string\n`) : []
    return `declare module 'site-part:${key}' {\n  const part: import('../core/content').SiteData['${key}']\n  export default part\n${named.join('')}}`
  })
  return `${BANNER}\n${lines.join('\n')}\n`
}

/**
 * Writes the generated file `name`, made from `inputs` by `make`, and returns it when its text changed.
 * The text is kept in the store under a hash of its inputs: the generators take half a second or more.
 * Without `make`, only a kept text is written: undefined when the store holds none.
 */
async function writeOutput(
  root: string,
  name: string,
  inputs: unknown,
  make?: () => string | Promise<string>,
): Promise<string[] | undefined> {
  const kept = storeEntry(root, `generated-${digest(name, inputs).slice(0, 32)}`)
  let text: string
  if (kept && existsSync(kept)) text = readFileSync(kept, 'utf8')
  else if (!make) return undefined
  else {
    text = await make()
    try {
      if (kept) writeFileAtomic(kept, text)
    } catch {
      // A read-only or full disk only costs the next build the generating.
    }
  }
  return writeFileAtomic(path.join(root, GENERATED_DIR, name), text) ? [`${GENERATED_DIR}/${name}`] : []
}

/** The route table (src/generated/page-routes.ts), which the bundles need first. */
export async function writeRouteTable(root: string, pages: readonly Pick<PageEntry, 'route' | 'data'>[]): Promise<string[]> {
  const inputs = [...pages]
    .map((p) => [p.route, p.data.label, p.data.category])
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1))
  return (await writeOutput(root, 'page-routes.ts', inputs, () => generatePageRoutes(pages)))!
}

const contentTypeFiles = () =>
  [
    ['content-types.ts', schemaFiles, generateContentTypes],
    ['site-parts.d.ts', schemaFiles.site.schema.properties, generateSitePartTypes],
  ] as const

/** The content types, which only tsc reads: the server's compile makes them in a process of its own. */
export async function writeContentTypes(root: string): Promise<string[]> {
  const changed: string[] = []
  for (const [name, inputs, make] of contentTypeFiles()) changed.push(...(await writeOutput(root, name, inputs, make))!)
  return changed
}

/** The content types as the store keeps them, made by no generator: whether it held both. */
export async function writeKeptContentTypes(root: string): Promise<boolean> {
  for (const [name, inputs] of contentTypeFiles()) if (!(await writeOutput(root, name, inputs))) return false
  return true
}

/** Every generated file: the route table and the content types. Returns the files that changed. */
export async function writeGenerated(root: string, pages: readonly Pick<PageEntry, 'route' | 'data'>[]): Promise<string[]> {
  return [...(await writeRouteTable(root, pages)), ...(await writeContentTypes(root))]
}
