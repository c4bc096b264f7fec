/**
 * The `site-yaml` format of every collection, read as the content check reads files and written by
 * yaml-format.ts. Decap hands a format the entry's data alone; the file's text and kind come from the
 * preSave event, which Decap fires for that entry just before it writes the file.
 */
import blogSchema from '../schema/blog.schema.json'
import pageSchema from '../schema/page.schema.json'
import siteSchema from '../schema/site.schema.json'
import { ADDRESS_FIELD, CMS_FORMAT } from './names.ts'
import type { JsonSchema } from '../checker/json-schema.ts'
import type { DecapCms, ImmutableMap } from './decap.ts'
import { parse } from 'yaml'
import { schemaOrder, writeContentYaml, type KeyOrder } from './yaml-format.ts'

const schemas: JsonSchema[] = [pageSchema, siteSchema, blogSchema]

interface Kind {
  order: KeyOrder
  modeline: string
}

/** Each collection's key order and the first line of its new files, as npm run new:page writes it. */
const KINDS: Record<string, Kind> = {
  pages: { order: schemaOrder(pageSchema, schemas), modeline: '# yaml-language-server: $schema=../../schema/page.schema.json' },
  blogs: { order: schemaOrder(blogSchema, schemas), modeline: '# yaml-language-server: $schema=../../schema/blog.schema.json' },
  site: { order: schemaOrder(siteSchema, schemas), modeline: '# yaml-language-server: $schema=../schema/site.schema.json' },
}

/** A page, a post or site.yaml, told apart by a field only that kind has. */
const kindOfData = (data: unknown): Kind =>
  KINDS[data && typeof data === 'object' ? ('custom_url' in data ? 'blogs' : 'company' in data ? 'site' : 'pages') : 'pages']

/** An entry's file as a save would write it: `raw` is the file's text as loaded, empty for a new entry. */
export function entryFileText(collection: string, data: unknown, raw?: string): string {
  const kind = KINDS[collection] ?? kindOfData(data)
  // A new page's address is its file's name, not a field of the file.
  if (data && typeof data === 'object' && ADDRESS_FIELD in data) {
    const { [ADDRESS_FIELD]: _address, ...fields } = data as Record<string, unknown>
    data = fields
  }
  return writeContentYaml(data, { original: raw || undefined, order: kind.order, modeline: kind.modeline })
}

/** The entry about to be written: its file's text as loaded (empty for a new file), its collection and data. */
let saving: { raw: string; collection: string; data: string } | undefined

export function registerSiteFormat(cms: DecapCms) {
  cms.registerEventListener({
    name: 'preSave',
    handler: ({ entry }: { entry: ImmutableMap }) => {
      saving = {
        raw: String(entry.get('raw') ?? ''),
        collection: String(entry.get('collection')),
        data: JSON.stringify((entry.get('data') as ImmutableMap).toJS()),
      }
      return undefined
    },
  })
  cms.registerCustomFormat(CMS_FORMAT, 'yaml', {
    // Read as the content check reads it (YAML 1.2 core schema).
    fromFile: (text) => parse(text),
    toFile: (data) => {
      // Decap also writes drafts to the browser's storage with the format; those are only read back.
      const entry = saving && saving.data === JSON.stringify(data) ? saving : undefined
      if (entry) saving = undefined
      return entryFileText(entry?.collection ?? '', data, entry?.raw)
    },
  })
}
