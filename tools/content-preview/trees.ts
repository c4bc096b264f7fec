/**
 * Copies of the project to build from, beside the checkout: the base's content with this branch's
 * code (the "before" of every picture), or the working tree with some files as the base has them.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { archiveAtBase, textAtBase, workingFiles } from './git-base.ts'

/** What content is made of: the base's copy of these replaces the branch's for the "before" build. */
const CONTENT_ROOTS = ['content', 'schema', 'public']

const under = (file: string, dirs: string[]) => dirs.some((dir) => file === dir || file.startsWith(`${dir}/`))

/** A new folder holding the project's files (but those under `except`), sharing node_modules. */
function copyProject(root: string, except: string[], label: string): string {
  const into = mkdtempSync(path.join(tmpdir(), `content-preview-${label}-`))
  for (const file of workingFiles(root)) {
    // A checkout whose node_modules is a symlink lists it as a file; it is linked below instead.
    if (file === 'node_modules' || under(file, except) || !existsSync(path.join(root, file))) continue
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true })
    cpSync(path.join(root, file), path.join(into, file))
  }
  symlinkSync(path.resolve(root, 'node_modules'), path.join(into, 'node_modules'))
  return into
}

/** This branch's code with the base commit's content, schemas and public files. */
export function baseTree(root: string, commit: string): string {
  const into = copyProject(root, CONTENT_ROOTS, 'base')
  const archive = archiveAtBase(root, commit, CONTENT_ROOTS)
  if (archive.length > 0) execFileSync('tar', ['-x', '-C', into], { input: archive, stdio: ['pipe', 'ignore', 'pipe'] })
  return into
}

/** The working tree with `files` as the base commit has them, or without them where it has none. */
export function treeWithBaseFiles(root: string, commit: string, files: string[]): string {
  const into = copyProject(root, [], 'fixed')
  for (const file of files) {
    const text = textAtBase(root, commit, file)
    const target = path.join(into, file)
    if (text === undefined) rmSync(target, { force: true })
    else {
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, text)
    }
  }
  return into
}

/** Removes a copy made here; the checkout itself is never removed. */
export function removeTree(root: string, tree: string) {
  if (path.resolve(tree) !== path.resolve(root)) rmSync(tree, { recursive: true, force: true })
}
