import type { Problem } from './errors.ts'
import type { YamlSource } from './yaml-source.ts'

/** A file's result as the checker keeps it: its source as checked, and its key (what it is made from). */
export interface Compiled {
  source: YamlSource
  problems: Problem[]
  data?: Record<string, unknown>
  /** What the site rules keep of it, by rule name. */
  kept?: Record<string, unknown>
  key?: string
}

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
