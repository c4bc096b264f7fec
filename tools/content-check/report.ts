import { errorsAmong, isWarning, shownField, type Problem } from '../../checker/errors.ts'
import { byFile, formatReport } from '../../checker/report.ts'

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** GitHub Actions workflow command, so the problem shows on the pull request's diff. */
export function githubAnnotation(p: Problem): string {
  const title = escapeProperty(`${p.name}${p.field ? ' ' + shownField(p.field) : ''}`)
  const text = escapeData(p.hint ? `${p.message} (hint: ${p.hint})` : p.message)
  return `::${isWarning(p) ? 'warning' : 'error'} file=${escapeProperty(p.file)},line=${p.line},col=${p.column},title=${title}::${text}`
}

/**
 * The check's report as `npm run content:check` prints it: the problems by file (changed files
 * first) and a last line that counts them; `ok` when none of them is an error.
 */
export function checkVerdict(problems: readonly Problem[], changed?: ReadonlySet<string>): { ok: boolean; text: string } {
  const errors = errorsAmong(problems)
  const warnings = problems.length - errors.length
  const files = new Set(errors.map((p) => p.file)).size
  const last =
    errors.length > 0
      ? `${errors.length} error(s) in ${files} file(s)${warnings ? `, and ${warnings} warning(s)` : ''}. Content check failed.`
      : `${warnings} warning(s), no errors.`
  return { ok: errors.length === 0, text: `${formatReport([...problems], changed)}\n\n${last}` }
}

/** GitHub shows at most this many error annotations of a step, and as many warnings; it drops the rest. */
const ANNOTATION_CAP = 10

/**
 * The annotations of a run: the changed files' problems first (byFile). Past the cap, the last
 * annotation of its kind shown also says how many more the job summary lists.
 */
export function githubAnnotations(found: readonly Problem[], changed?: ReadonlySet<string>, cap = ANNOTATION_CAP): string[] {
  const ordered = byFile(found, changed).flatMap((group) => group.problems)
  return [errorsAmong(ordered), ordered.filter(isWarning)].flatMap((kind) => {
    if (kind.length <= cap) return kind.map(githubAnnotation)
    const more = kind.length - cap
    const last = kind[cap - 1]
    const note = `${more} more ${isWarning(last) ? 'warning' : 'problem'}${more === 1 ? ' is' : 's are'} listed in the job summary`
    return [...kind.slice(0, cap - 1), { ...last, message: `${last.message} (and ${note})` }].map(githubAnnotation)
  })
}

/**
 * Any text from content or git (an editor's words, a file name, a route) as plain text in GitHub
 * Markdown: a table cell, a heading, a line of its own, or inside <code>…</code>. Every ASCII
 * punctuation character that Markdown or GitHub gives a meaning is backslash-escaped, so no link,
 * image, emphasis, code span, HTML tag, entity, table bar, list or heading can start, and `\:` and
 * `\.` stop GitHub's autolinking of `https://…` and `www.…`. GitHub finds @mentions and #issue
 * references in the rendered text, where a backslash is already gone, so a zero-width space
 * follows each `@` and `#`. Line breaks become spaces: the text stays on its one line.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s*[\r\n\u2028\u2029]\s*/g, ' ')
    .replace(/[!#$&()*+\-.:<=>@[\\\]^_`{|}~]/g, '\\$&')
    .replace(/[@#]/g, '$&&#8203;')
}

const counted = (n: number, thing: string) => `${n} ${thing}${n === 1 ? '' : 's'}`

/**
 * The whole report in Markdown for the job summary ($GITHUB_STEP_SUMMARY): one table per file, the
 * changed files first, each problem with its line, field, what is wrong and what to do.
 */
export function markdownSummary(found: readonly Problem[], changed?: ReadonlySet<string>): string {
  const errors = errorsAmong(found).length
  const warnings = found.length - errors
  if (found.length === 0) return '## Content check\n\nNo problems: every content file passed.\n'
  const groups = byFile(found, changed)
  const counts = [errors && counted(errors, 'error'), warnings && counted(warnings, 'warning')].filter(Boolean)
  const lines = [`## Content check: ${counts.join(' and ')} in ${counted(groups.length, 'file')}`, '']
  for (const group of groups) {
    lines.push(`### ${markdownText(group.file)}${group.changed ? ' (changed)' : ''}`, '')
    lines.push('| line | field | what is wrong | what to do |', '| ---: | --- | --- | --- |')
    for (const p of group.problems) {
      const what = `${isWarning(p) ? '⚠️ warning: ' : ''}${p.message} (${p.name})`
      lines.push(`| ${p.line} | ${markdownText(shownField(p.field))} | ${markdownText(what)} | ${markdownText(p.hint ?? '')} |`)
    }
    lines.push('')
  }
  return lines.join('\n')
}
