/**
 * The git mode of the local backend: Decap's editorial workflow on the repository itself. Entries
 * are read from the last commit of the config's branch (main); a save is a commit on the branch
 * cms/<collection>/<entry>, whose tree is main's with the entry's files; its status (draft, in
 * review, ready) is the branch's description, as decap-server kept it; Publish merges the branch
 * into main and deletes it. Commits are made with git's plumbing on an index of their own, so no
 * branch is ever checked out; only a commit to the branch that is checked out (Publish, a picture
 * uploaded from the media library, a delete) also updates those files of the working copy, and is
 * refused while they hold changes not committed.
 */
import path from 'node:path'
import { realpath } from 'node:fs/promises'
import { GitRepository, type GitError, type TreeChange } from './git.ts'
import { editablePath, entryPath, ProtocolError, type PathPolicy } from './path-policy.ts'
import {
  deleteActions,
  entryWrites,
  mediaFileOf,
  objectParam,
  objectsParam,
  pictureWrite,
  readingActions,
  readPicture,
  stringParam,
  type Actions,
  type FileSource,
  type Params,
  type Write,
} from './protocol.ts'
import { repoFiles, type RepoFiles } from './repo-files.ts'

const CMS_PREFIX = 'cms/'
const DEFAULT_LABEL_PREFIX = 'decap-cms/'
/** Decap's workflow columns. */
const STATUSES = ['draft', 'pending_review', 'pending_publish']
const MERGE_MESSAGE = 'Automatically generated. Merged on Decap CMS.'
/** An entry's name as it may appear in a branch name: no slash, no leading dot or dash, no `..`. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/

/** Runs each call after the one before has finished: one git operation at a time. */
function oneAtATime(actions: Actions): Actions {
  let last: Promise<unknown> = Promise.resolve()
  return Object.fromEntries(
    Object.entries(actions).map(([name, handler]) => [
      name,
      (params: Params) => {
        // `last` never rejects: a failed call does not stop the next.
        const run = last.then(() => handler(params))
        last = run.catch(() => undefined)
        return run
      },
    ]),
  )
}

/** The workflow's actions over one repository; each public method is the action of its name. */
class GitWorkflow {
  constructor(
    private readonly policy: PathPolicy,
    private readonly git: GitRepository,
    private readonly files: RepoFiles,
  ) {}

  /** The tip of the base branch, which params.branch must name. */
  async baseTip(params: Params): Promise<string> {
    const branch = stringParam(params, 'branch')
    if (branch !== this.policy.baseBranch)
      throw new ProtocolError(422, `params.branch must be '${this.policy.baseBranch}', the branch admin/config.yml names`)
    const tip = await this.git.tip(branch)
    if (!tip) throw new ProtocolError(422, `the repository has no branch '${branch}'`)
    return tip
  }

  /** The workflow branch of an entry: cms/<collection>/<slug>, each checked. */
  workflowBranch(
    collection: unknown,
    slug: unknown,
    fields = ['params.collection', 'params.slug'],
  ): { branch: string; collection: string; slug: string } {
    if (typeof collection !== 'string' || !this.policy.collections.has(collection))
      throw new ProtocolError(422, `${fields[0]} must name a collection of admin/config.yml`)
    if (typeof slug !== 'string' || !SLUG.test(slug) || slug.endsWith('.lock'))
      throw new ProtocolError(422, `${fields[1]} must be an entry name (letters, digits, -, _ and .)`)
    return { branch: `${CMS_PREFIX}${collection}/${slug}`, collection, slug }
  }

  entryBranch(params: Params) {
    return this.workflowBranch(params.collection, params.slug).branch
  }

  /** The tip of an existing workflow branch, or a 404 Decap reads as "not under the workflow". */
  async workflowTip(branch: string): Promise<string> {
    const tip = await this.git.tip(branch)
    if (!tip) throw new ProtocolError(404, `no unpublished entry on branch ${branch}`)
    return tip
  }

  /** The status label of params.status or params.newStatus, with params.cmsLabelPrefix. */
  statusLabel(params: Params, status: unknown, field: string): string {
    if (typeof status !== 'string' || !STATUSES.includes(status))
      throw new ProtocolError(422, `${field} must be one of ${STATUSES.join(', ')}`)
    const prefix = params.cmsLabelPrefix ?? ''
    if (typeof prefix !== 'string' || !/^[A-Za-z0-9_./-]*$/.test(prefix))
      throw new ProtocolError(422, 'params.cmsLabelPrefix must be letters, digits, _ . / or -')
    return `${prefix || DEFAULT_LABEL_PREFIX}${status}`
  }

  sourceAt(commit: string): FileSource {
    return { read: (file) => this.git.read(commit, file), list: (folder) => this.git.list(commit, folder) }
  }

  asChanges(writes: Write[]): Promise<TreeChange[]> {
    return Promise.all(
      writes.map(async (write) => ({
        path: write.path,
        mode: '100644',
        sha: write.data ? await this.git.hashBlob(write.data) : null,
      })),
    )
  }

  /**
   * Commits `tree` on `branch` (expected at `expected`). When the branch is checked out, the files
   * it changes must have no uncommitted changes, and the working copy gets the new versions.
   */
  async commitOn(
    branch: string,
    expected: string | undefined,
    tree: string,
    parents: string[],
    message: string,
    changes: TreeChange[],
  ) {
    const checkedOut = (await this.git.checkedOut()) === branch
    const paths = changes.map((change) => change.path)
    if (checkedOut) {
      const local = await this.git.localChanges(paths)
      if (local.length > 0)
        throw new ProtocolError(
          409,
          `${local.join(', ')} ha${local.length > 1 ? 've' : 's'} changes not committed in the working copy of ${branch}: commit or stash them, then try again`,
        )
    }
    const commit = await this.git.commitTree(tree, parents, message)
    await this.git.updateBranch(branch, commit, expected, `cms: ${message}`).catch((error: GitError) => {
      throw new ProtocolError(409, `${branch} moved while saving (${error.message}); try again`)
    })
    if (!checkedOut) return
    const removed = changes.filter((change) => change.sha === null).map((change) => change.path)
    await this.git.syncWorkingCopy(
      paths.filter((file) => !removed.includes(file)),
      removed,
    )
    for (const file of removed) await this.files.remove(file)
  }

  /** Commits `writes` on the base branch (a picture from the media library, a delete, a save without the workflow). */
  async commitOnBase(params: Params, writes: Write[], message: string) {
    const base = await this.baseTip(params)
    const changes = await this.asChanges(writes)
    await this.commitOn(this.policy.baseBranch, base, await this.git.writeTree(base, changes), [base], message, changes)
  }

  commitMessage(params: Params) {
    return stringParam(objectParam(params, 'options'), 'commitMessage', 'params.options')
  }

  async unpublishedEntries(params: Params) {
    await this.baseTip(params)
    return (await this.git.branches(CMS_PREFIX))
      .map((branch) => branch.slice(CMS_PREFIX.length))
      .filter((key) => key.includes('/'))
  }

  async unpublishedEntry(params: Params) {
    const base = await this.baseTip(params)
    // Decap names the entry by its key ("pages/Ai-Development") or by collection and slug.
    const key = typeof params.id === 'string' ? params.id : ''
    const { branch, collection, slug } = key.includes('/')
      ? this.workflowBranch(key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1), ['params.id', 'params.id'])
      : this.workflowBranch(params.collection, params.slug)
    const tip = await this.workflowTip(branch)
    const changes = await this.git.changes(await this.git.mergeBase(base, tip), tip)
    const label = await this.git.configGet(`branch.${branch}.description`)
    const prefix =
      typeof params.cmsLabelPrefix === 'string' && params.cmsLabelPrefix ? params.cmsLabelPrefix : DEFAULT_LABEL_PREFIX
    return {
      collection,
      slug,
      status: label.startsWith(prefix) ? label.slice(prefix.length) : label,
      diffs: changes.map((change) => ({
        path: change.path,
        id: change.path,
        newFile: change.status === 'A',
        status: change.status,
      })),
      updatedAt: await this.git.commitDate(tip),
    }
  }

  async unpublishedEntryDataFile(params: Params) {
    const file = entryPath(this.policy, params.path, 'params.path')
    const data = await this.git.read(await this.workflowTip(this.entryBranch(params)), file)
    return { data: data ? data.toString('utf8') : null }
  }

  async unpublishedEntryMediaFile(params: Params) {
    return readPicture(this.sourceAt(await this.workflowTip(this.entryBranch(params))), this.policy, params.path)
  }

  async deleteUnpublishedEntry(params: Params) {
    const branch = this.entryBranch(params)
    await this.workflowTip(branch)
    await this.git.deleteBranch(branch).catch((error: GitError) => {
      throw new ProtocolError(409, error.message)
    })
    return { message: `deleted branch: ${branch}` }
  }

  async persistEntry(params: Params) {
    const writes = entryWrites(this.policy, params)
    const options = objectParam(params, 'options')
    const message = stringParam(options, 'commitMessage', 'params.options')
    if (options.useWorkflow !== true) {
      await this.commitOnBase(params, writes, message)
      return { message: 'entry persisted' }
    }
    const dataFiles = params.dataFiles === undefined ? [objectParam(params, 'entry')] : objectsParam(params, 'dataFiles')
    const { branch } = this.workflowBranch(options.collectionName, dataFiles[0]?.slug, [
      'params.options.collectionName',
      'params.dataFiles[0].slug',
    ])
    const label = this.statusLabel(params, options.status, 'params.options.status')
    const base = await this.baseTip(params)
    const tip = await this.git.tip(branch)
    const changes = await this.asChanges(writes)
    // The branch is main's tree with this save's files, so it never undoes what main gained since.
    const parents = !tip ? [base] : (await this.git.isAncestor(base, tip)) ? [tip] : [tip, base]
    await this.commitOn(branch, tip, await this.git.writeTree(base, changes), parents, message, changes)
    if (!tip) await this.git.configSet(`branch.${branch}.description`, label)
    return { message: 'entry persisted' }
  }

  async updateUnpublishedEntryStatus(params: Params) {
    const branch = this.entryBranch(params)
    const label = this.statusLabel(params, params.newStatus, 'params.newStatus')
    await this.workflowTip(branch)
    await this.git.configSet(`branch.${branch}.description`, label)
    return { message: `${branch} description was updated to ${label}` }
  }

  async publishUnpublishedEntry(params: Params) {
    const base = await this.baseTip(params)
    const branch = this.entryBranch(params)
    const tip = await this.workflowTip(branch)
    const changes = await this.git.changes(await this.git.mergeBase(base, tip), tip)
    for (const change of changes) editablePath(this.policy, change.path, `${branch}: ${change.path}`)
    const tree = await this.git.writeTree(base, changes)
    await this.commitOn(this.policy.baseBranch, base, tree, [base, tip], MERGE_MESSAGE, changes)
    await this.git.deleteBranch(branch)
    return { message: `branch ${branch} merged to ${this.policy.baseBranch}` }
  }

  async persistMedia(params: Params) {
    const write = pictureWrite(this.policy, objectParam(params, 'asset'), 'params.asset')
    await this.commitOnBase(params, [write], this.commitMessage(params))
    return mediaFileOf(write.path, write.data!)
  }
}

/** The actions GitWorkflow answers (besides the reading ones and info). */
const WORKFLOW_ACTIONS = [
  'unpublishedEntries',
  'unpublishedEntry',
  'unpublishedEntryDataFile',
  'unpublishedEntryMediaFile',
  'deleteUnpublishedEntry',
  'persistEntry',
  'updateUnpublishedEntryStatus',
  'publishUnpublishedEntry',
  'persistMedia',
] as const

/** Decap's actions in git mode over the repository at `repo`; a start-up error when it is not a working copy's top folder. */
export async function gitActions(repo: string, policy: PathPolicy): Promise<Actions> {
  const git = new GitRepository(repo)
  const top = await git.topLevel().catch(() => '')
  if (top === '' || (await realpath(top)) !== (await realpath(repo)))
    throw new Error(`${repo} is not the top folder of a git working copy`)
  const workflow = new GitWorkflow(policy, git, await repoFiles(repo))
  return oneAtATime({
    info: async () => ({ repo: path.basename(repo), publish_modes: ['simple', 'editorial_workflow'], type: 'local_git' }),
    ...readingActions(policy, async (params) => workflow.sourceAt(await workflow.baseTip(params))),
    ...Object.fromEntries(WORKFLOW_ACTIONS.map((name) => [name, (params: Params) => workflow[name](params)])),
    ...deleteActions(policy, (params, removals) => workflow.commitOnBase(params, removals, workflow.commitMessage(params))),
  })
}
