import path from 'node:path'
import { compile } from 'json-schema-to-typescript'
import { Project, VariableDeclarationKind } from 'ts-morph'
import type { PageEntry } from './content.ts'
import { MARKUP_NODE_TS } from './markup.ts'
import { schemaFiles } from './schemas.ts'
import { writeFileAtomic } from './write-atomic.ts'

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
export function generatePageRoutes(pages: readonly Pick<PageEntry, 'route' | 'file' | 'data'>[]): string {
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
              const importPath = `../../${page.file}`
              writer
                .write('{ ')
                .write(`route: ${JSON.stringify(page.route)}, `)
                .write(`label: ${JSON.stringify(page.data.label)}, `)
                .write(`category: ${JSON.stringify(page.data.category)}, `)
                .write(`load: () => import(${JSON.stringify(importPath)}) as ReturnType<PageRoute['load']>`)
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

/** Writes every generated file; returns the ones that changed. */
export async function writeGenerated(root: string, pages: readonly PageEntry[]): Promise<string[]> {
  const outputs: [string, string][] = [
    ['content-types.ts', await generateContentTypes()],
    ['page-routes.ts', generatePageRoutes(pages)],
    ['site-parts.d.ts', generateSitePartTypes()],
  ]
  return outputs
    .filter(([name, text]) => writeFileAtomic(path.join(root, GENERATED_DIR, name), text))
    .map(([name]) => `${GENERATED_DIR}/${name}`)
}
