import { reporter, type Problem, type Explained } from '../errors.ts'
import { fileNameOf } from '../site-index.ts'
import { CONTENT_DIRS } from '../content-files.ts'
import { defineSiteRule } from './types.ts'

/** How each content folder's files are named, for the hint. */
const NAMED: Record<string, string> = {
  [CONTENT_DIRS.pages]: `pages are ${CONTENT_DIRS.pages}/<Route-Name>.yaml`,
  [CONTENT_DIRS.blogs]: `blog posts are ${CONTENT_DIRS.blogs}/<post-address>.yaml`,
}

/** The files content/ holds besides its folders. */
const SINGLE_FILES: readonly string[] = [CONTENT_DIRS.site, CONTENT_DIRS.projects, CONTENT_DIRS.redirects]

const messages = {
  UnpublishedFile: (why: string, folder?: string, renamed?: string): Explained => ({
    message: `this file is not published: ${why}, so the check and the build never read it`,
    hint: folder
      ? `${NAMED[folder]}: directly in ${folder}, no subfolders, the extension .yaml in lower case. ${renamed ? `Rename it to ${renamed}` : 'Move it out of content/'}, or delete it.`
      : `content/ holds ${SINGLE_FILES.map((f) => fileNameOf(f)).join(', ')} and the folders pages/ and blogs/. Move the file where it belongs, or delete it.`,
  }),
}

const problem = reporter(messages)

/** Why the file at `file` (under content/) is read by nothing; undefined when it is read. */
function unreadFile(file: string): { why: string; folder?: string; renamed?: string } | undefined {
  if (SINGLE_FILES.includes(file)) return undefined
  const folder = Object.keys(NAMED).find((dir) => file.startsWith(`${dir}/`))
  if (!folder) return { why: 'content/ has no place for it' }
  const inFolder = file.slice(folder.length + 1)
  const name = fileNameOf(inFolder)
  // A YAML file, as its name says in any spelling: the same name, written .yaml, in the folder itself.
  const renamed = /\.ya?ml$/i.test(name) ? `${folder}/${name.replace(/\.ya?ml$/i, '.yaml')}` : undefined
  if (inFolder.includes('/')) return { why: `it is in a subfolder of ${folder}`, folder, renamed }
  if (name.endsWith('.yaml')) return undefined
  const extension = /\.[^.]*$/.exec(name)?.[0]
  return { why: extension ? `its extension is ${extension}, not .yaml` : 'its name does not end in .yaml', folder, renamed }
}

/**
 * Every file under content/ that nothing reads: a page or post is read only as a .yaml file
 * (lower case) directly in its folder, so `x.yml`, `UPPER.YAML` or `pages/sub/Page.yaml` would
 * silently never reach the site. Names starting with a dot (.gitkeep, .DS_Store) are left alone.
 */
export function unpublishedFileProblems(contentNames: readonly string[]): Problem[] {
  return contentNames.flatMap((file) => {
    const unread = unreadFile(file)
    const at = { file, line: 1, column: 1, field: '' }
    return unread ? [problem('UnpublishedFile', at, unread.why, unread.folder, unread.renamed)] : []
  })
}

/** Files under content/ the check and the build never read, which editors would expect on the site. */
export const unpublishedFiles = defineSiteRule({
  name: 'unpublished-files',
  // It reads the names under content/, not the YAML.
  kinds: [],
  messages,
  check: ({ contentNames }) => unpublishedFileProblems(contentNames),
  docs: {
    UnpublishedFile: {
      means:
        'A file under content/ is where the check and the build never look: a page or post whose extension is not .yaml in lower case (.yml, .YAML), one in a subfolder, or a file content/ has no place for. It would silently never reach the site.',
      example: ['its extension is .yml, not .yaml', CONTENT_DIRS.pages, `${CONTENT_DIRS.pages}/Ai-Development.yaml`],
    },
  },
})
