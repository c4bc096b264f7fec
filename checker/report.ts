/**
 * The check's problems as people read them in a terminal: one line each with its place, field and
 * message, the hint below; grouped by file, the changed files first.
 */
import { errorsAmong, isWarning, shownField, type Problem } from './errors.ts'

/** One problem as editors read it: `content/pages/x.yaml:42:5  services 4 › title  message`, hint below; a warning says so. */
export function formatProblem(p: Problem): string {
  const head = `${p.file}:${p.line}:${p.column}  ${p.field ? shownField(p.field) + '  ' : ''}${isWarning(p) ? 'warning: ' : ''}${p.message}  [${p.name}]`
  return p.hint ? `${head}\n    hint: ${p.hint}` : head
}

/** One file's problems: its errors, then its warnings, each by place. */
interface FileProblems {
  file: string
  changed: boolean
  problems: Problem[]
}

const byPlace = (a: Problem, b: Problem) => a.line - b.line || a.column - b.column

/**
 * Problems grouped by file: the files `changed` names first, then files with errors before files
 * with warnings only, each group in name order.
 */
export function byFile(found: readonly Problem[], changed: ReadonlySet<string> = new Set()): FileProblems[] {
  const files = new Map<string, Problem[]>()
  for (const p of found) files.set(p.file, [...(files.get(p.file) ?? []), p])
  const groups = [...files].map(([file, problems]) => ({
    file,
    changed: changed.has(file),
    problems: [...errorsAmong(problems).sort(byPlace), ...problems.filter(isWarning).sort(byPlace)],
  }))
  const rank = (g: FileProblems) => (g.changed ? 0 : 2) + (errorsAmong(g.problems).length > 0 ? 0 : 1)
  return groups.sort((a, b) => rank(a) - rank(b) || a.file.localeCompare(b.file))
}

/** Every problem as editors read it, grouped by file (byFile): the changed files first, errors before warnings. */
export function formatReport(found: Problem[], changed?: ReadonlySet<string>): string {
  return byFile(found, changed)
    .flatMap((group) => group.problems.map(formatProblem))
    .join('\n')
}
