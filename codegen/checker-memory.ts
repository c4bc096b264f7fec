import type { Problem } from '../checker/errors.ts'
import type { Compiled } from '../checker/checker.ts'

/**
 * What the checker keeps in memory for this process (or worker thread). A build hands Vite its
 * plugins inline (scripts/build.ts), so they share these modules and find the results the build made.
 */
export const memory = {
  compiled: new Map<string, Compiled>(),
  /** The site rules' verdicts, by file, rule and context (site-checks.ts). */
  verdicts: new Map<string, Problem[]>(),
  checks: { count: 0 },
}
