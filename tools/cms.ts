/**
 * `npm run cms`: the form editor on this machine, against the working copy. It builds /admin (kept
 * between runs, like the site's build) and serves it on 127.0.0.1 with the pictures of
 * public/images, answering Decap's local-backend protocol itself (tools/cms/): a save writes the
 * YAML file in content/ at once (`--workflow`: commits it on a branch cms/<collection>/<entry> of the
 * repository instead, as the editorial workflow does on GitHub); review it with `git diff` and
 * commit it as any other change. It reads and writes only the collections' files and the media
 * folder of admin/config.yml, and only for the tab opened with the one-time address it prints.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { storeEntry } from '../codegen/store.ts'
import { buildAdmin } from '../scripts/build-admin.ts'
import { codeKey } from '../scripts/build-state.ts'
import { freePort } from './server-process.ts'
import { fsActions } from './cms/fs-backend.ts'
import { gitActions } from './cms/git-backend.ts'
import { pathPolicy } from './cms/path-policy.ts'
import { cmsServer } from './cms/server.ts'

export interface CmsOptions {
  /** The project whose admin is built and served (its code and admin/config.yml). */
  root: string
  /** The repository the editor reads and writes; the project itself by default. */
  repo?: string
  mode?: 'fs' | 'git'
  /** 0: any free port. */
  port?: number
  /** Where the admin is built; the store's `cms` entry (codegen/store.ts) by default. */
  outDir?: string
  quiet?: boolean
}

/** Builds /admin and serves it with the local backend; signInUrl() makes a one-time address for a tab, close() stops it. */
export async function startCms({ root, repo = root, mode = 'fs', port = 4174, outDir, quiet = false }: CmsOptions) {
  const policy = pathPolicy(readFileSync(path.join(root, 'admin/config.yml'), 'utf8'))
  const actions = mode === 'git' ? await gitActions(repo, policy) : await fsActions(repo, policy)
  const out = outDir ?? storeEntry(root, 'cms') ?? mkdtempSync(path.join(tmpdir(), 'site-cms-'))
  await buildAdmin(root, out, { code: codeKey(root), quiet })
  // The port is fixed before listening: the guard checks the Host header against it.
  const listenPort = port === 0 ? await freePort() : port
  const { app, signInUrl } = await cmsServer({ adminDir: path.join(out, 'admin'), repo, policy, actions, port: listenPort })
  await app.listen({ port: listenPort, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${listenPort}`
  return { url, baseBranch: policy.baseBranch, signInUrl: () => signInUrl(url), close: () => app.close() }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const mode = process.argv.includes('--workflow') ? 'git' : 'fs'
  const port = Number(process.env.CMS_PORT ?? 4174)
  try {
    const cms = await startCms({ root: process.cwd(), mode, port, quiet: true })
    console.log(`Form editor: open ${cms.signInUrl()}`)
    console.log(
      mode === 'git'
        ? `Saves: commits on branches cms/<collection>/<entry> of this repository (Publish merges one into ${cms.baseBranch}).`
        : 'Saves: written to content/ and public/images/ of this working copy; review them with git diff.',
    )
    console.log('The address works once; Ctrl+C stops the editor.')
    const stop = () => void cms.close().then(() => process.exit(0))
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  } catch (error) {
    console.error(`npm run cms: ${(error as Error).message}`)
    process.exit(1)
  }
}
