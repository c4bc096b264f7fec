import type { Problem } from '../checker/errors.ts'
import type { Compiled } from '../checker/checker.ts'

/** What the checker keeps in memory for this thread; the build's inline Vite plugins share it. */
export const memory = {
  compiled: new Map<string, Compiled>(),
  /** The site rules' verdicts, by file, rule and context (site-checks.ts). */
  verdicts: new Map<string, Problem[]>(),
  checks: { count: 0 },
}
