import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PageEntry } from './content.ts'
import { MARKUP_NODE_TS } from './markup.ts'
import { schemaFiles } from './schemas.ts'
import { writeFileAtomic } from './write-atomic.ts'
import { parse } from 'yaml'
import { landingRouteOf, PAGES_DIR, pageDataSpecifier } from '../src/core/routes.ts'

const GENERATED_DIR = 'src/generated'
export const BANNER =
  '/* Generated from content/ and schema/ by `npm run codegen`. Do not edit: change the source and run it again. */'

/**
 * Schemas prepared for json-schema-to-typescript: all kinds in one document (so shared definitions
 * become one type) and no keywords beside a $ref (which would make a copy of the referenced type).
 */
function typeSchema(): object {
  const ids = new Map(Object.entries(schemaFiles).map(([kind, { schema }]) => [schema.$id as string, kind]))
  const rewrite = (node: unknown, kind: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, kind))
    if (!node || typeof node !== 'object') return node
    const obj = node as Record<string, unknown>
    if (typeof obj.$ref === 'string') {
      const [fileId, pointer = ''] = obj.$ref.split('#')
      const target = fileId ? ids.get(fileId) : kind
      return { $ref: `#/$defs/${target}${pointer}` }
    }
    return Object.fromEntries(
      Object.entries(obj)
        .filter(([key]) => key !== '$id' && key !== '$schema')
        .map(([key, value]) => [key, rewrite(value, kind)]),
    )
  }
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

/** The route manifest: one entry per page, each loading its page data as its own chunk. */
export async function generatePageRoutes(pages: readonly Pick<PageEntry, 'route' | 'data'>[]): Promise<string> {
  const { Project, VariableDeclarationKind } = await import('ts-morph')
  const project = new Project({ useInMemoryFileSystem: true })
  const file = project.createSourceFile('page-routes.ts', '')
  file.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: '../core/content',
    namedImports: ['PageRoute'],
  })
  const sorted = [...pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["Every landing page, sorted by route. `load` fetches the page's own chunk."],
    declarations: [
      {
        name: 'pageRoutes',
        type: 'readonly PageRoute[]',
        initializer: (writer) => {
          writer.write('[').newLine()
          writer.indent(() => {
            for (const page of sorted) {
              writer
                .write('{ ')
                .write(`route: ${JSON.stringify(page.route)}, `)
                .write(`label: ${JSON.stringify(page.data.label)}, `)
                .write(`category: ${JSON.stringify(page.data.category)}, `)
                .write(`load: () => import(${JSON.stringify(pageDataSpecifier(page.route))})`)
                .write(' },')
                .newLine()
            }
          })
          writer.write(']')
        },
      },
    ],
  })
  file.formatText({ indentSize: 2, convertTabsToSpaces: true, semicolons: 'remove' as never })
  return `${BANNER}\n${file.getFullText()}`
}

/** Types of the `site-part:<key>` modules (see vite-plugin-content.ts), one per top-level key of site.yaml. */
function generateSitePartTypes(): string {
  const keys = Object.keys(schemaFiles.site.schema.properties as object)
  const lines = keys.map(
    (key) =>
      `declare module 'site-part:${key}' {\n  const part: import('../core/content').SiteData['${key}']\n  export default part\n}`,
  )
  return `${BANNER}\n${lines.join('\n')}\n`
}

/**
 * Each page's route, label and category read straight from its file, without the checks: the
 * bundles list pages in menus, and this lets them build while the content is checked. Undefined
 * when a file does not state both as top-level lines; the checked content has the last word.
 */
export function pageRoutesFromText(root: string): Pick<PageEntry, 'route' | 'data'>[] | undefined {
  const dir = path.join(root, PAGES_DIR)
  if (!existsSync(dir)) return undefined
  const pages: Pick<PageEntry, 'route' | 'data'>[] = []
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    // One line each: not a block scalar (">-", "|"), and no indented line after it that continues it.
    const lines = [
      ...readFileSync(path.join(dir, name), 'utf8').matchAll(/^(?:label|category):[ \t]+[^>|\s].*$(?!\n[ \t]+[^\s#])/gm),
    ].map((m) => m[0])
    let fields: { label?: unknown; category?: unknown } | undefined
    try {
      fields = lines.length === 2 ? (parse(lines.join('\n')) as typeof fields) : undefined
    } catch {
      return undefined
    }
    if (typeof fields?.label !== 'string' || typeof fields.category !== 'string') return undefined
    pages.push({ route: landingRouteOf(name), data: { label: fields.label, category: fields.category } })
  }
  return pages
}

/** Where the inputs of each generated file are recorded, beside the files. */
const INPUTS_FILE = '.inputs.json'
const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex')

/** The generator's own code and libraries: a change to either makes every file again. */
function generatorVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const sources = [path.join(here, 'generate.ts'), path.join(here, 'markup.ts'), path.join(here, '../package-lock.json')]
  return sha(sources.map((f) => (existsSync(f) ? sha(readFileSync(f)) : '')).join(' '))
}

/**
 * Writes every generated file; returns the ones that changed. A file whose inputs (and the file
 * itself) are as recorded is not made again: the type and route generators load TypeScript, which
 * costs more than a whole build that changes no label.
 */
export async function writeGenerated(root: string, pages: readonly Pick<PageEntry, 'route' | 'data'>[]): Promise<string[]> {
  const version = generatorVersion()
  const routeInputs = [...pages]
    .map((p) => [p.route, p.data.label, p.data.category])
    .sort(([a], [b]) => (String(a) < String(b) ? -1 : 1))
  const outputs: [string, inputs: unknown, make: () => string | Promise<string>][] = [
    ['content-types.ts', schemaFiles, generateContentTypes],
    ['page-routes.ts', routeInputs, () => generatePageRoutes(pages)],
    ['site-parts.d.ts', Object.keys(schemaFiles.site.schema.properties as object), generateSitePartTypes],
  ]
  const dir = path.join(root, GENERATED_DIR)
  const recordFile = path.join(dir, INPUTS_FILE)
  let recorded: Record<string, { inputs: string; output: string }> = {}
  try {
    recorded = JSON.parse(readFileSync(recordFile, 'utf8')) as typeof recorded
  } catch {
    // None yet, or unreadable: everything is made.
  }
  const changed: string[] = []
  const record: typeof recorded = {}
  for (const [name, inputs, make] of outputs) {
    const file = path.join(dir, name)
    const inputHash = sha(`${version}\0${JSON.stringify(inputs)}`)
    const before = recorded[name]
    if (before?.inputs === inputHash && existsSync(file) && sha(readFileSync(file)) === before.output) {
      record[name] = before
      continue
    }
    const text = await make()
    if (writeFileAtomic(file, text)) changed.push(`${GENERATED_DIR}/${name}`)
    record[name] = { inputs: inputHash, output: sha(text) }
  }
  writeFileAtomic(recordFile, `${JSON.stringify(record, null, 2)}\n`)
  return changed
}
