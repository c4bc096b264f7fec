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

/** The verdicts of a site rule by file key, under one context; kept in memory and in one file on disk. */
export interface VerdictStore {
  byFile: Map<string, Problem[]>
  /** Whether it holds results the disk does not. */
  changed: boolean
  file?: string
}

/**
 * What the checker keeps in memory for this process (or worker thread). A build hands Vite its
 * plugins inline (scripts/build.ts), so they share these modules and find the results the build made.
 */
export const memory = {
  compiled: new Map<string, Compiled>(),
  verdicts: new Map<string, VerdictStore>(),
  checks: { count: 0 },
}
