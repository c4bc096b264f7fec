/**
 * Decap's local-backend protocol (what decap-cms-backend-proxy sends): a POST of {action, params}
 * as JSON, answered with JSON, an error as {error} with its status. This module reads a request's
 * body, naming the field a malformed one lacks, and holds what both modes answer the same way: the
 * shapes of entries and media files, and the reading actions over a source of files (the working
 * copy in fs mode, a branch's tree in git mode).
 */
import { problemsOfPublicFile } from '../../checker/rules/public-files.ts'
import { createHash } from 'node:crypto'
import path from 'node:path'
import {
  collectionFolder,
  editablePath,
  entryPath,
  inCollection,
  isPicture,
  isRecord,
  mediaFolder,
  picturePath,
  ProtocolError,
  type PathPolicy,
} from './path-policy.ts'

export type Params = Record<string, unknown>

/** A mode's actions by name, each answering from its params. */
export type Actions = Record<string, (params: Params) => Promise<unknown>>

/** The action and params of a request's body, or a 422 naming what is wrong with it. */
export function readRequest(body: unknown): { action: string; params: Params } {
  if (!isRecord(body)) throw new ProtocolError(422, 'the body must be a JSON object {"action": "…", "params": {…}}')
  if (typeof body.action !== 'string' || body.action === '') throw new ProtocolError(422, 'action must be a non-empty string')
  if (body.params !== undefined && !isRecord(body.params)) throw new ProtocolError(422, 'params must be an object')
  return { action: body.action, params: body.params ?? {} }
}

/** Runs `action` of `actions`, or a 422 naming the actions this mode knows. */
export async function runAction(actions: Actions, action: string, params: Params): Promise<unknown> {
  if (!Object.hasOwn(actions, action))
    throw new ProtocolError(422, `unknown action '${action}'; this mode answers ${Object.keys(actions).join(', ')}`)
  return actions[action](params)
}

/** params[key] as a non-empty string, or a 422 naming it. */
export function stringParam(params: Params, key: string, where = 'params'): string {
  const value = params[key]
  if (typeof value !== 'string' || value === '') throw new ProtocolError(422, `${where}.${key} must be a non-empty string`)
  return value
}

/** params[key] as an array of objects, or a 422 naming it. */
export function objectsParam(params: Params, key: string, where = 'params'): Params[] {
  const value = params[key]
  if (!Array.isArray(value) || !value.every(isRecord)) throw new ProtocolError(422, `${where}.${key} must be an array of objects`)
  return value
}

/** params[key] as an object, or a 422 naming it. */
export function objectParam(params: Params, key: string, where = 'params'): Params {
  const value = params[key]
  if (!isRecord(value)) throw new ProtocolError(422, `${where}.${key} must be an object`)
  return value
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** An entry as Decap reads it: its text, or null when the file is not there. */
const entryOf = (file: string, data: Buffer | undefined, label?: unknown) => ({
  data: data ? data.toString('utf8') : null,
  file: { path: file, ...(typeof label === 'string' ? { label } : {}), id: data ? sha256(data) : null },
})

/** A media file as Decap reads it: its bytes in base64. */
export const mediaFileOf = (file: string, data: Buffer) => ({
  id: sha256(data),
  content: data.toString('base64'),
  encoding: 'base64',
  path: file,
  name: path.posix.basename(file),
})

/** A file a save writes: its path (checked) and bytes. */
export interface Write {
  path: string
  data: Buffer | null
}

/**
 * What a persistEntry writes: its data files' text (at newPath when an entry moves, the old path
 * then removed) and its pictures, each path checked against the policy.
 */
export function entryWrites(policy: PathPolicy, params: Params): Write[] {
  const dataFiles = params.dataFiles === undefined && isRecord(params.entry) ? [params.entry] : objectsParam(params, 'dataFiles')
  const writes: Write[] = []
  for (const [index, dataFile] of dataFiles.entries()) {
    const where = `params.dataFiles[${index}]`
    const at = entryPath(policy, dataFile.path, `${where}.path`)
    if (typeof dataFile.raw !== 'string') throw new ProtocolError(422, `${where}.raw must be a string`)
    if (dataFile.newPath !== undefined && dataFile.newPath !== at) {
      writes.push({ path: entryPath(policy, dataFile.newPath, `${where}.newPath`), data: Buffer.from(dataFile.raw) })
      writes.push({ path: at, data: null })
    } else writes.push({ path: at, data: Buffer.from(dataFile.raw) })
  }
  const assets = params.assets === undefined ? [] : objectsParam(params, 'assets')
  for (const [index, asset] of assets.entries()) writes.push(pictureWrite(policy, asset, `params.assets[${index}]`))
  return writes
}

/** A picture to write from its {path, content, encoding: 'base64'}, checked. */
export function pictureWrite(policy: PathPolicy, asset: Params, where: string): Write {
  const at = picturePath(policy, asset.path, `${where}.path`)
  if (asset.encoding !== 'base64') throw new ProtocolError(422, `${where}.encoding must be 'base64'`)
  const data = Buffer.from(stringParam(asset, 'content', where), 'base64')
  // What the content check would refuse under public/ (a script, a document, an SVG that runs code) is not written.
  const [refused] = problemsOfPublicFile(at, data)
  if (refused) throw new ProtocolError(422, `${where}: ${at} ${refused.message}. ${refused.hint ?? ''}`.trim())
  return { path: at, data }
}

/** What a deleteFile (params.path) or deleteFiles (params.paths) removes: entries or pictures, checked. */
function deletions(policy: PathPolicy, params: Params): Write[] {
  if (params.paths === undefined) return [{ path: editablePath(policy, params.path, 'params.path'), data: null }]
  if (!Array.isArray(params.paths) || params.paths.length === 0)
    throw new ProtocolError(422, 'params.paths must be a non-empty array of paths')
  return params.paths.map((file, index) => ({ path: editablePath(policy, file, `params.paths[${index}]`), data: null }))
}

/** The actions deleteFile and deleteFiles of a mode whose `remove` carries out the checked removals. */
export function deleteActions(policy: PathPolicy, remove: (params: Params, removals: Write[]) => Promise<void>): Actions {
  return {
    async deleteFile(params) {
      const removals = deletions(policy, params)
      await remove(params, removals)
      return { message: `deleted file ${removals[0].path}` }
    },
    async deleteFiles(params) {
      const removals = deletions(policy, params)
      await remove(params, removals)
      return { message: `deleted files ${removals.map((removal) => removal.path).join(', ')}` }
    },
  }
}

/** Where the reading actions read: the working copy, or a branch's tree. */
export interface FileSource {
  read(file: string): Promise<Buffer | undefined>
  /** The regular files directly in `folder`. */
  list(folder: string): Promise<string[]>
}

/** A picture the media library asked for, or a 404 naming it. */
export async function readPicture(source: FileSource, policy: PathPolicy, raw: unknown, field = 'params.path') {
  const file = picturePath(policy, raw, field)
  const data = await source.read(file)
  if (!data) throw new ProtocolError(404, `${field} '${file}' does not exist`)
  return mediaFileOf(file, data)
}

/** The actions that read entries and pictures, the same in both modes over their source. */
export function readingActions(policy: PathPolicy, sourceOf: (params: Params) => Promise<FileSource>): Actions {
  return {
    async entriesByFolder(params) {
      const collection = collectionFolder(policy, params.folder, params.extension)
      const source = await sourceOf(params)
      const files = (await source.list(collection.folder)).filter((file) => inCollection(policy, collection, file)).sort()
      return Promise.all(files.map(async (file) => entryOf(file, await source.read(file))))
    },
    async entriesByFiles(params) {
      const files = objectsParam(params, 'files')
      const paths = files.map((file, index) => entryPath(policy, file.path, `params.files[${index}].path`))
      const source = await sourceOf(params)
      return Promise.all(paths.map(async (file, index) => entryOf(file, await source.read(file), files[index].label)))
    },
    async getEntry(params) {
      const file = entryPath(policy, params.path, 'params.path')
      return entryOf(file, await (await sourceOf(params)).read(file))
    },
    async getMedia(params) {
      const folder = mediaFolder(policy, params.mediaFolder)
      const source = await sourceOf(params)
      const files = (await source.list(folder)).filter((file) => isPicture(policy, file)).sort()
      const read = await Promise.all(files.map(async (file) => ({ file, data: await source.read(file) })))
      return read.flatMap(({ file, data }) => (data ? [mediaFileOf(file, data)] : []))
    },
    async getMediaFile(params) {
      return readPicture(await sourceOf(params), policy, params.path)
    },
    getDeployPreview: async () => null,
  }
}
