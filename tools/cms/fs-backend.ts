/**
 * The fs mode of the local backend: a save writes the working copy's files at once, as Decap's
 * simple publish mode expects (no branches, no workflow). Every path is one the policy allows.
 */
import path from 'node:path'
import type { PathPolicy } from './path-policy.ts'
import {
  deleteActions,
  entryWrites,
  objectParam,
  pictureWrite,
  readingActions,
  readPicture,
  type Actions,
  type Write,
} from './protocol.ts'
import { repoFiles } from './repo-files.ts'

/** Decap's actions in fs mode over the working copy at `repo`. */
export async function fsActions(repo: string, policy: PathPolicy): Promise<Actions> {
  const files = await repoFiles(repo)
  const apply = async (writes: Write[]) => {
    for (const { path: file, data } of writes) await (data ? files.write(file, data) : files.remove(file))
  }
  return {
    info: async () => ({ repo: path.basename(repo), publish_modes: ['simple'], type: 'local_fs' }),
    ...readingActions(policy, async () => files),
    async persistEntry(params) {
      await apply(entryWrites(policy, params))
      return { message: 'entry persisted' }
    },
    async persistMedia(params) {
      const write = pictureWrite(policy, objectParam(params, 'asset'), 'params.asset')
      await apply([write])
      return readPicture(files, policy, write.path, 'params.asset.path')
    },
    ...deleteActions(policy, (_params, removals) => apply(removals)),
  }
}
