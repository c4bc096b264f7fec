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
 * What the checker keeps in memory, one store per process even when its modules are loaded twice:
 * Vite bundles its config file with everything it imports, so the content plugin runs a second copy
 * of this code, which must find the results the build's own copy made (and count its checks with
 * them). Two module graphs share nothing but globalThis; a build could hand the plugin its results
 * instead (as it hands over page data, build-content.ts), and this would then be module state.
 */
const MEMORY = Symbol.for('site-content.compiled')
const shared = globalThis as typeof globalThis & {
  [MEMORY]?: { compiled: Map<string, Compiled>; verdicts: Map<string, VerdictStore>; checks: { count: number } }
}

export const memory = (shared[MEMORY] ??= { compiled: new Map(), verdicts: new Map(), checks: { count: 0 } })
