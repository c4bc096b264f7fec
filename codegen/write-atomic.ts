import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { threadId } from 'node:worker_threads'

/**
 * Writes through a temporary file and a rename, so no reader sees half a file; unchanged content is not
 * rewritten, so watchers do not reload for nothing. Returns whether the file changed.
 */
export function writeFileAtomic(file: string, text: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false
  mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${threadId}.tmp`
  writeFileSync(temp, text)
  renameSync(temp, file)
  return true
}
