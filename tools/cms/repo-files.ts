/**
 * Files of the working copy, reached only by paths the policy allowed (normal relative paths) and
 * never through a symbolic link: each folder on the way must be a real folder inside the repository
 * and the file itself a regular file, opened with O_NOFOLLOW, so a link planted in content/ or the
 * media folder cannot lead a read or a write out of them.
 */
import { constants } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { lstat, mkdir, open, readdir, realpath, rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { ProtocolError } from './path-policy.ts'

/** A `.catch` that turns a missing file into undefined and passes any other error on. */
const unlessMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : Promise.reject(error as Error)

/**
 * Writes `name` in `dir` whole beside it, then renames it over: a reader (the dev server's watcher,
 * the check) never sees half a file. A symbolic link in its place is refused, not replaced.
 */
async function writeWhole(dir: string, name: string, file: string, data: Buffer | string) {
  const target = path.join(dir, name)
  const present = await lstat(target).catch(unlessMissing)
  if (present?.isSymbolicLink()) throw new ProtocolError(403, `'${file}' is a symbolic link; the editor follows none`)
  if (present?.isDirectory()) throw new ProtocolError(409, `'${file}' is a folder, not a file`)
  const temp = path.join(dir, `.${name}.${process.pid}.${randomUUID()}.tmp`)
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
  try {
    await handle.writeFile(data)
  } finally {
    await handle.close()
  }
  await rename(temp, target)
}

export interface RepoFiles {
  /** The file's bytes, or undefined when there is no such file. */
  read(file: string): Promise<Buffer | undefined>
  /** Writes the file, making its missing folders. */
  write(file: string, data: Buffer | string): Promise<void>
  /** Removes the file if it is there. */
  remove(file: string): Promise<void>
  /** The regular files directly in `folder` (normal paths), none when it is missing. */
  list(folder: string): Promise<string[]>
}

/** The files of the working copy at `repo`. */
export async function repoFiles(repo: string): Promise<RepoFiles> {
  const root = await realpath(repo)

  /** The absolute folder of `folder`'s segments, each checked to be a real folder; undefined when one is missing (made when `make`). */
  async function folderOf(folder: string, make: boolean): Promise<string | undefined> {
    let at = root
    for (const segment of folder === '' ? [] : folder.split('/')) {
      at = path.join(at, segment)
      const stat = await lstat(at).catch(unlessMissing)
      if (!stat) {
        if (!make) return undefined
        await mkdir(at)
        continue
      }
      if (stat.isSymbolicLink()) throw new ProtocolError(403, `'${folder}' goes through a symbolic link; the editor follows none`)
      if (!stat.isDirectory()) throw new ProtocolError(409, `'${path.relative(root, at)}' is a file, not a folder`)
    }
    return at
  }

  const split = (file: string) => ({
    folder: path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file),
    name: path.posix.basename(file),
  })

  /** Opens `file` for reading with O_NOFOLLOW: a symbolic link in its place is refused, not followed. */
  async function openForReading(file: string) {
    const { folder, name } = split(file)
    const dir = await folderOf(folder, false)
    if (!dir) return undefined
    try {
      return await open(path.join(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return undefined
      if (code === 'ELOOP') throw new ProtocolError(403, `'${file}' is a symbolic link; the editor follows none`)
      if (code === 'EISDIR') throw new ProtocolError(409, `'${file}' is a folder, not a file`)
      throw error
    }
  }

  return {
    async read(file) {
      const handle = await openForReading(file)
      if (!handle) return undefined
      try {
        if (!(await handle.stat()).isFile()) throw new ProtocolError(409, `'${file}' is not a regular file`)
        return await handle.readFile()
      } finally {
        await handle.close()
      }
    },
    async write(file, data) {
      const { folder, name } = split(file)
      await writeWhole((await folderOf(folder, true))!, name, file, data)
    },
    async remove(file) {
      const { folder, name } = split(file)
      const dir = await folderOf(folder, false)
      if (dir) await unlink(path.join(dir, name)).catch(unlessMissing)
    },
    async list(folder) {
      const dir = await folderOf(folder, false)
      if (!dir) return []
      const entries = await readdir(dir, { withFileTypes: true })
      return entries.filter((entry) => entry.isFile()).map((entry) => `${folder}/${entry.name}`)
    },
  }
}
