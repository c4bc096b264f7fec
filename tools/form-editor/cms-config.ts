/**
 * The form editor's configuration (admin/config.yml, read by Decap CMS at /admin) made from the JSON
 * Schemas, so the forms ask for exactly what the content check accepts: objects become groups,
 * lists of objects repeatable groups, enums drop-downs, descriptions hints, length limits and
 * patterns field rules, image paths the image picker, markup fields the rich-text widget. Run
 * `npm run cms:config` after a schema change; a test fails while the committed file differs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stringify } from 'yaml'
import { ADDRESS_FIELD, ADDRESS_WIDGET, CMS_FORMAT, MARKUP_WIDGET, SITE_LOCALE, TEXT_WIDGET } from '../../admin/names.ts'
import { fieldSchema, type JsonSchema } from '../../checker/json-schema.ts'
import { MAX_IMAGE_BYTES } from '../../checker/rules/image-sizes.ts'
import { ALL_SCHEMAS, schemaFiles, type ContentKind } from '../../checker/schemas.ts'
import { fieldLabel, fieldOf, patternSentence } from './fields.ts'

export const CMS_CONFIG_FILE = 'admin/config.yml'
/** The GitHub repository the editorial workflow opens pull requests on. */
const CMS_REPO = 'corvane/website'

export interface CmsField {
  label: string
  name: string
  widget: string
  required: boolean
  hint?: string
  /** The text widget's rule: length limits (null for none), the schema's pattern in words, plain text. */
  length?: [number | null, number | null]
  format?: [string, string]
  plain?: boolean
  inserts_terms?: boolean
  multiline?: boolean
  options?: (string | { label: string; value: string })[]
  fields?: CmsField[]
  field?: CmsField
  summary?: string
  label_singular?: string
  min?: number
  max?: number
  value_type?: 'int'
  choose_url?: boolean
  media_folder?: string
  public_folder?: string
  media_library?: { max_file_size: number }
  collapsed?: boolean
}

const IMAGE_PATTERN = /^\^\/images\//
const MARKUP_REF = /\/\$defs\/markup$/

/**
 * A text field's rule for the form's text widget (admin/text-widget.ts): its length limits, the
 * schema's own pattern with what it asks in words, and no markup. Where contract terms are inserted
 * (pages, posts), the widget counts a `{{terms.…}}` as the wording it inserts, as the check does.
 */
function textRule(schema: JsonSchema, insertsTerms: boolean): Partial<CmsField> {
  const { minLength: min, maxLength: max, pattern } = schema
  return {
    ...(min !== undefined || max !== undefined ? { length: [min ?? null, max ?? null] as [number | null, number | null] } : {}),
    ...(pattern
      ? { format: [pattern, patternSentence(pattern) ?? 'Write it in the format the hint describes.'] as [string, string] }
      : {}),
    plain: true,
    ...(insertsTerms ? { inserts_terms: true } : {}),
  }
}

/** The raw schema of `key` (its $ref unresolved), to tell a markup field from plain text. */
const isMarkup = (raw: JsonSchema | undefined) => typeof raw?.$ref === 'string' && MARKUP_REF.test(raw.$ref)

/** The first text field of a list item, which names the item in the list's summary. */
const SUMMARY_KEYS = ['title', 'question', 'name', 'label', 'heading', 'value']

interface At {
  kind: ContentKind
  root: JsonSchema
  /** Where the value is in the data, as fieldSchema reads it. */
  path: (string | number)[]
  /** The label key: `page.services[].title`. */
  labelPath: string
  name: string
  /** Required by the schema, and inside nothing optional: a form cannot ask for a field of a group left out. */
  required: boolean
  markup: boolean
}

/**
 * A picture's picker: it opens the field's own folder of public/images (the media library lists one
 * folder, not its subfolders), a path can be typed, and an upload over the size the content check
 * allows is refused before it is sent. Decap names an upload in lower case with hyphens.
 */
function pictureField(at: At): Partial<CmsField> {
  const { folder } = fieldOf(at.kind, at.path)
  if (!folder) throw new Error(`${at.labelPath}: a picture field needs its folder (editorFolder) in ${schemaFiles[at.kind].file}`)
  return {
    choose_url: true,
    media_folder: `/public/images/${folder}`,
    public_folder: `/images/${folder}`,
    media_library: { max_file_size: MAX_IMAGE_BYTES },
  }
}

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'))

/** A choice as editors read it: a time zone in words with its city ("Mountain Time (Denver)"), other values as they are. */
function optionOf(value: string): string | { label: string; value: string } {
  if (!TIME_ZONES.has(value)) return value
  const words = new Intl.DateTimeFormat('en-US', { timeZone: value, timeZoneName: 'longGeneric' })
    .formatToParts(Date.UTC(2026, 0, 1))
    .find((part) => part.type === 'timeZoneName')!.value
  return { label: `${words} (${value.slice(value.lastIndexOf('/') + 1).replace(/_/g, ' ')})`, value }
}

/** The form field of the value at `at`. */
function cmsField(at: At): CmsField {
  const schema = fieldSchema(at.root, at.path, ALL_SCHEMAS)!
  const field = (widget: string, rest: Partial<CmsField> = {}): CmsField => ({
    label: fieldLabel(at.kind, at.path),
    name: at.name,
    widget,
    required: at.required,
    ...(schema.description ? { hint: schema.description } : {}),
    ...rest,
  })
  if (at.markup) return field(MARKUP_WIDGET)
  // A group most pages leave out (a page's audience) starts closed.
  if (schema.type === 'object')
    return field('object', { ...(at.required ? {} : { collapsed: true }), fields: objectFields(at, schema) })
  if (schema.type === 'array') return field('list', listField(at, schema))
  if (schema.type === 'integer' || schema.type === 'number')
    return field('number', {
      ...(schema.type === 'integer' ? { value_type: 'int' as const } : {}),
      ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
      ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
    })
  if (schema.enum) return field('select', { options: schema.enum.map((value) => optionOf(String(value))) })
  if (schema.type !== 'string') throw new Error(`${at.labelPath}: no form widget for type ${String(schema.type)}`)
  // The picker's value is no plain path while the form checks it; the content check holds images to their pattern.
  if (schema.pattern !== undefined && IMAGE_PATTERN.test(schema.pattern)) return field('image', pictureField(at))
  const long = !schema.pattern && (schema.maxLength === undefined || schema.maxLength > 120)
  return field(TEXT_WIDGET, { ...textRule(schema, /^(page|blog)\./.test(at.labelPath)), ...(long ? { multiline: true } : {}) })
}

function objectFields(at: At, schema: JsonSchema): CmsField[] {
  return Object.entries(schema.properties ?? {}).map(([key, raw]) =>
    cmsField({
      ...at,
      path: [...at.path, key],
      labelPath: `${at.labelPath}.${key}`,
      name: key,
      required: at.required && (schema.required ?? []).includes(key),
      markup: isMarkup(raw),
    }),
  )
}

/** A list: of text (`field`), or of groups (`fields`), with its length limits. */
function listField(at: At, schema: JsonSchema): Partial<CmsField> {
  const items = fieldSchema(at.root, [...at.path, 0], ALL_SCHEMAS)!
  // Each item exists once added: its required fields are required whatever the list is.
  const item = cmsField({
    ...at,
    path: [...at.path, 0],
    labelPath: `${at.labelPath}[]`,
    name: 'item',
    required: true,
    markup: isMarkup(schema.items),
  })
  const limits = {
    ...(schema.minItems ? { min: schema.minItems } : {}),
    ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
  }
  // Paragraphs and short lines are read together: shown open. Cards are many: shown by their titles.
  if (items.type !== 'object') return { collapsed: false, field: item, ...limits }
  const summaryKey = SUMMARY_KEYS.find((k) => items.properties && k in items.properties)
  return {
    label_singular: item.label,
    ...(summaryKey ? { summary: `{{fields.${summaryKey}}}` } : {}),
    collapsed: true,
    fields: item.fields,
    ...limits,
  }
}

/** A landing page's address: typed for a new page, shown for a saved one; the file's name, not a field of it. */
const ADDRESS_FORM_FIELD: CmsField = {
  name: ADDRESS_FIELD,
  label: 'Page address',
  widget: ADDRESS_WIDGET,
  required: false,
  hint: 'The page is at /ai/ and this address. Lower case words joined by hyphens; it cannot change once saved.',
}

/** Every field of a content kind's top-level object. */
export function kindFields(kind: ContentKind): CmsField[] {
  const root = schemaFiles[kind].schema
  return objectFields({ kind, root, path: [], labelPath: kind, name: kind, required: true, markup: false }, root)
}

/** The whole configuration, as Decap CMS reads it. */
export function cmsConfig() {
  const yamlCollection = { extension: 'yaml', format: CMS_FORMAT }
  return {
    backend: {
      name: 'github',
      repo: CMS_REPO,
      branch: 'main',
      // The sign-in popup opens this route of our own server (server/routes/github-oauth.ts); the
      // admin page sets base_url to its own origin when it starts.
      auth_endpoint: 'api/auth/github',
      squash_merges: true,
    },
    // Every save is a branch and a pull request; the content checks run on it before anyone merges.
    publish_mode: 'editorial_workflow',
    // Decap's English with our phrases over it, registered by the admin (admin/phrases.ts).
    locale: SITE_LOCALE,
    // `npm run cms`: the local proxy, tried only when the admin is opened on 127.0.0.1 or localhost;
    // the admin points it at its own origin when it starts (admin/main.ts).
    local_backend: true,
    media_folder: 'public/images',
    public_folder: '/images',
    // New file names in ASCII with hyphens, accents dropped: an upload "Équipe Photo.PNG" is équipe → equipe-photo.png.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      {
        name: 'pages',
        label: 'Landing pages',
        label_singular: 'Landing page',
        description: 'One page under /ai/ each. The file name is the address: Ai-Development is /ai/Ai-Development.',
        folder: 'content/pages',
        ...yamlCollection,
        create: true,
        delete: false,
        identifier_field: 'label',
        // A new page's file name is the address typed in its own field (admin/address-widget.ts).
        slug: `{{fields.${ADDRESS_FIELD}}}`,
        summary: '{{label}} (/ai/{{filename}})',
        sortable_fields: ['label', 'category'],
        view_groups: [{ label: 'Listed under', field: 'category' }],
        preview_path: 'ai/{{filename}}',
        fields: [ADDRESS_FORM_FIELD, ...kindFields('page')],
      },
      {
        name: 'blogs',
        label: 'Blog posts',
        label_singular: 'Blog post',
        folder: 'content/blogs',
        ...yamlCollection,
        create: true,
        delete: false,
        identifier_field: 'title',
        slug: '{{fields.custom_url}}',
        summary: '{{title}} ({{published}})',
        preview_path: 'blog/{{filename}}',
        fields: kindFields('blog'),
      },
      {
        name: 'site',
        label: 'Site-wide text',
        ...yamlCollection,
        delete: false,
        files: [
          {
            name: 'site',
            label: 'Site-wide text (company, menu, footer, forms)',
            file: 'content/site.yaml',
            fields: kindFields('site'),
          },
        ],
      },
    ],
  }
}

const HEADER =
  '# Generated from schema/*.schema.json by `npm run cms:config` (labels: their editor keywords).\n' +
  '# Do not edit: change the schema or the labels and run it again; a test fails while this file is stale.\n'

/** The configuration as the committed file holds it: quoted as Prettier quotes YAML here, so `npm run format:check` passes it. */
export const cmsConfigText = () => HEADER + stringify(cmsConfig(), { lineWidth: 0, singleQuote: true })

/** Writes admin/config.yml under `root` when the schemas change it; true when it did. */
export function writeCmsConfig(root: string): boolean {
  const file = path.join(root, CMS_CONFIG_FILE)
  const text = cmsConfigText()
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false
  writeFileSync(file, text)
  return true
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
  console.log(writeCmsConfig(root) ? `wrote ${CMS_CONFIG_FILE}` : `${CMS_CONFIG_FILE} is up to date`)
}
