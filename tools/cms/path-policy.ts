/**
 * What the local editor may read and write: only the files its forms edit, taken from
 * admin/config.yml. A folder collection's entries are the files of its folder with its extension
 * (not in subfolders); a file collection's entries are its listed files; pictures live under the
 * media folder. Any other path of the repository (package.json, workflows, .git/) is refused, so
 * whoever reaches the editor's proxy can change the site's words and pictures and nothing else.
 */
import { parse } from 'yaml'

/** A path or value the editor's rules refuse; the protocol answers it with its status. */
export class ProtocolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The pictures an editor may upload: their extensions, written in lower case. */
const PICTURE_NAME = /\.(?:png|jpe?g|webp|avif|gif|svg)$/

interface FolderCollection {
  folder: string
  extension: string
}

export interface PathPolicy {
  /** The branch the config names: the only one the git mode reads and publishes to. */
  baseBranch: string
  mediaFolder: string
  /** The collections by name: a folder with its extension, or the files of a file collection by entry name. */
  collections: Map<string, FolderCollection | { files: Map<string, string> }>
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A config value the policy needs, or one line naming what is missing. */
function configString(where: Record<string, unknown>, key: string, place: string): string {
  const value = where[key]
  if (typeof value !== 'string' || value === '') throw new Error(`admin/config.yml: ${place}.${key} must be a non-empty string`)
  return value
}

/** The policy of a config's text (admin/config.yml). */
export function pathPolicy(configText: string): PathPolicy {
  const config: unknown = parse(configText)
  if (!isRecord(config) || !Array.isArray(config.collections)) throw new Error('admin/config.yml: no collections')
  const backend = isRecord(config.backend) ? config.backend : {}
  const collections: PathPolicy['collections'] = new Map()
  for (const [index, collection] of config.collections.entries()) {
    const place = `collections[${index}]`
    if (!isRecord(collection)) throw new Error(`admin/config.yml: ${place} must be a mapping`)
    const name = configString(collection, 'name', place)
    if (Array.isArray(collection.files)) {
      const files = new Map<string, string>()
      for (const [at, file] of collection.files.entries()) {
        if (!isRecord(file)) throw new Error(`admin/config.yml: ${place}.files[${at}] must be a mapping`)
        files.set(
          configString(file, 'name', `${place}.files[${at}]`),
          normalPath(configString(file, 'file', `${place}.files[${at}]`)),
        )
      }
      collections.set(name, { files })
    } else {
      const folder = normalPath(configString(collection, 'folder', place))
      const extension = typeof collection.extension === 'string' ? collection.extension : 'md'
      collections.set(name, { folder, extension })
    }
  }
  return {
    baseBranch: typeof backend.branch === 'string' ? backend.branch : 'master',
    mediaFolder: normalPath(configString(config, 'media_folder', 'config')),
    collections,
  }
}

/**
 * `raw` as a path relative to the repository, in one spelling: a string of segments joined by `/`,
 * none empty, `.`, `..` or hidden (a leading dot: `.git`, `.github`, `.env`), no backslash, no NUL,
 * not absolute. Anything else is refused before any allowlist is asked.
 */
export function normalPath(raw: unknown, field = 'path'): string {
  if (typeof raw !== 'string' || raw === '') throw new ProtocolError(422, `${field} must be a non-empty string`)
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new ProtocolError(403, `${field} '${raw}' is absolute; paths are relative to the repository`)
  if (/[\\\0]/.test(raw)) throw new ProtocolError(403, `${field} '${raw}' holds a backslash or NUL`)
  const segments = raw.split('/')
  if (segments.some((segment) => segment === '' || segment.startsWith('.')))
    throw new ProtocolError(403, `${field} '${raw}' has an empty, '.', '..' or hidden segment`)
  return segments.join('/')
}

const parentOf = (file: string) => file.slice(0, Math.max(0, file.lastIndexOf('/')))

const refused = (field: string, file: string, what: string) =>
  new ProtocolError(
    403,
    `${field} '${file}' is not ${what}: the local editor reads and writes only the collections' files and the media folder of admin/config.yml`,
  )

/** Whether `file` (a normal path) is an entry of a collection: a file collection's file or a file of a folder collection. */
function isEntryPath(policy: PathPolicy, file: string): boolean {
  for (const collection of policy.collections.values()) {
    if ('files' in collection) {
      if ([...collection.files.values()].includes(file)) return true
    } else if (
      parentOf(file) === collection.folder &&
      file.endsWith(`.${collection.extension}`) &&
      !file.endsWith(`/.${collection.extension}`)
    )
      return true
  }
  return false
}

/** Whether `file` (a normal path) is a picture under the media folder: one the media library lists. */
export const isPicture = (policy: PathPolicy, file: string) =>
  file.startsWith(`${policy.mediaFolder}/`) && PICTURE_NAME.test(file.slice(file.lastIndexOf('/') + 1))

/** A content file the forms edit, or a refusal naming the field. */
export function entryPath(policy: PathPolicy, raw: unknown, field = 'path'): string {
  const file = normalPath(raw, field)
  if (!isEntryPath(policy, file)) throw refused(field, file, 'an entry of a collection')
  return file
}

/** A picture under the media folder (its extension one of PICTURE_NAME's, lower case), or a refusal naming the field. */
export function picturePath(policy: PathPolicy, raw: unknown, field = 'path'): string {
  const file = normalPath(raw, field)
  if (!isPicture(policy, file))
    throw refused(
      field,
      file,
      `a picture (.png, .jpg, .jpeg, .webp, .avif, .gif or .svg, in lower case) under ${policy.mediaFolder}`,
    )
  return file
}

/** An entry or a picture: what a delete may remove. */
export function editablePath(policy: PathPolicy, raw: unknown, field = 'path'): string {
  const file = normalPath(raw, field)
  if (!isEntryPath(policy, file) && !isPicture(policy, file)) throw refused(field, file, 'an entry or a picture')
  return file
}

/** The folder collection listed by `folder` with `extension`, or a refusal: the folder must be one the config names. */
export function collectionFolder(policy: PathPolicy, folder: unknown, extension: unknown): FolderCollection {
  const normal = normalPath(folder, 'params.folder')
  for (const collection of policy.collections.values())
    if ('folder' in collection && collection.folder === normal && collection.extension === extension) return collection
  throw refused('params.folder', `${normal} (${String(extension)})`, "a collection's folder with its extension")
}

/** Whether `file` (a normal path) may be listed in `collection`'s folder. */
export const inCollection = (policy: PathPolicy, collection: FolderCollection, file: string) =>
  parentOf(file) === collection.folder && isEntryPath(policy, file)

/** The media folder or a folder inside it (a picture field's own: public/images/pages), or a refusal. */
export function mediaFolder(policy: PathPolicy, folder: unknown): string {
  const normal = normalPath(folder, 'params.mediaFolder')
  if (normal !== policy.mediaFolder && !normal.startsWith(`${policy.mediaFolder}/`))
    throw refused('params.mediaFolder', normal, 'the media folder or a folder inside it')
  return normal
}
