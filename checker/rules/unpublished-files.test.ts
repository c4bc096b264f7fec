import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadContent } from '../../codegen/content.ts'
import { readSite } from '../../codegen/read-site.ts'
import { unpublishedFileProblems } from './unpublished-files.ts'

const page = readFileSync('content/pages/Ai-Development.yaml', 'utf8')

/** A project whose content/ holds `files` besides its own, each a copy of a real page. */
function contentWith(...files: string[]) {
  const root = mkdtempSync(path.join(tmpdir(), 'unpublished-'))
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), page)
  }
  return root
}

describe('files under content/ that the check and the build never read', () => {
  // [file, why, the hint's naming rule, what to rename it to]
  it.each([
    [
      'content/pages/x.yml',
      'its extension is .yml, not .yaml',
      'pages are content/pages/<Route-Name>.yaml',
      'Rename it to content/pages/x.yaml',
    ],
    [
      'content/pages/UPPER.YAML',
      'its extension is .YAML, not .yaml',
      'pages are content/pages/<Route-Name>.yaml',
      'Rename it to content/pages/UPPER.yaml',
    ],
    [
      'content/pages/sub/Page.yaml',
      'it is in a subfolder of content/pages',
      'pages are content/pages/<Route-Name>.yaml',
      'Rename it to content/pages/Page.yaml',
    ],
    [
      'content/pages/a/b/Deep.yml',
      'it is in a subfolder of content/pages',
      'pages are content/pages/<Route-Name>.yaml',
      'Rename it to content/pages/Deep.yaml',
    ],
    [
      'content/pages/Page',
      'its name does not end in .yaml',
      'pages are content/pages/<Route-Name>.yaml',
      'Move it out of content/',
    ],
    [
      'content/pages/notes.md',
      'its extension is .md, not .yaml',
      'pages are content/pages/<Route-Name>.yaml',
      'Move it out of content/',
    ],
    [
      'content/blogs/post.yml',
      'its extension is .yml, not .yaml',
      'blog posts are content/blogs/<post-address>.yaml',
      'Rename it to content/blogs/post.yaml',
    ],
    [
      'content/site.yml',
      'content/ has no place for it',
      'content/ holds site.yaml, projects.yaml, redirects.yaml',
      'Move the file where it belongs',
    ],
  ])('%s: %s', (file, why, named, todo) => {
    expect(unpublishedFileProblems(readSite(contentWith(file)).contentNames)).toEqual([
      {
        name: 'UnpublishedFile',
        file,
        line: 1,
        column: 1,
        field: '',
        message: `this file is not published: ${why}, so the check and the build never read it`,
        hint: expect.stringMatching(new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*${todo}`)),
      },
    ])
  })

  it('reads nothing into what it reads, and leaves hidden files alone', () => {
    const root = contentWith(
      'content/site.yaml',
      'content/projects.yaml',
      'content/redirects.yaml',
      'content/pages/Ai-Development.yaml',
      'content/blogs/a-post.yaml',
      'content/blogs/.gitkeep',
      'content/pages/.DS_Store',
    )
    expect(unpublishedFileProblems(readSite(root).contentNames)).toEqual([])
  })

  it('fails the content check, which said "content ok" before', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'unpublished-check-'))
    for (const dir of ['content', 'schema', 'public']) cpSync(dir, path.join(root, dir), { recursive: true })
    for (const file of ['content/pages/x.yml', 'content/pages/UPPER.YAML', 'content/pages/sub/Page.yaml']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), page)
    }
    expect(loadContent(root).problems.map((p) => [p.name, p.file])).toEqual([
      ['UnpublishedFile', 'content/pages/sub/Page.yaml'],
      ['UnpublishedFile', 'content/pages/UPPER.YAML'],
      ['UnpublishedFile', 'content/pages/x.yml'],
    ])
  })
})
