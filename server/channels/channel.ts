import { oneLine } from '../../src/core/lead.ts'
import type { StoredLead } from '../store/rows.ts'

/** A place leads are sent to, named by its module; `send` resolves once the receiver has accepted the lead. */
export interface LeadChannel {
  name: string
  /** `signal` ends the attempt early: the server is stopping, or the attempt ran out of time. */
  send(lead: StoredLead, signal: AbortSignal, timeoutMs: number): Promise<void>
  close?(): void
}

/** One environment variable of a channel, as env-schema checks it: text, perhaps a pattern or a least length. */
interface ChannelVariable {
  type: 'string'
  pattern?: string
  minLength?: number
}

/**
 * A lead channel, whole: its variables (checked with the rest of the environment at start), which
 * are secret, what a bad one means, its settings, and the channel that sends.
 */
export interface ChannelModule<Settings> {
  name: string
  variables: Record<string, ChannelVariable>
  /** Variables that carry credentials: named in errors, never shown, and kept out of every message. */
  secrets: readonly string[]
  /** What a variable that fails its pattern should look like, in the words an operator reads. */
  hints?: Record<string, string>
  /**
   * Its settings from its variables: undefined when the channel is not configured. `given` holds
   * what was set, `valid` what also passed the schema; every problem is pushed as one line.
   */
  settings(variables: { given: Record<string, string>; valid: Record<string, string> }, problems: string[]): Settings | undefined
  open(settings: Settings): Omit<LeadChannel, 'name'>
}

/** A channel module with its settings' type inferred from `settings`. */
export const defineChannel = <Settings>(module: ChannelModule<Settings>) => module

/** Where the visitor is, as one line: "Austin, Texas, US", or '' when unknown. */
const leadPlace = (lead: StoredLead) =>
  lead.location ? [lead.location.city, lead.location.region, lead.location.country].filter(Boolean).join(', ') : ''

/**
 * Every field of a lead on its own line, as the sales team reads it. Each value is flattened to one
 * line here, for every text channel: a line break in a value cannot start a line that looks like a field.
 */
export function leadLines(lead: StoredLead): string[] {
  const fields: [string, string][] = [
    ['Name', lead.name],
    ['Email', lead.email],
    ['Phone', lead.phone],
    ['Website', lead.website || '(none)'],
    ['Form', lead.formName || '(none)'],
    ['Location', leadPlace(lead) || '(unknown)'],
  ]
  return fields.map(([label, value]) => `${`${label}:`.padEnd(10)}${oneLine(value)}`)
}

/** Whatever a text reader takes to end a line. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/

/** The visitor's message under its label, every line quoted ("> "), so none can pass for a field. */
export function messageLines(lead: StoredLead): string[] {
  return ['Message:', ...lead.message.split(LINE_BREAK).map((line) => `> ${oneLine(line)}`.trimEnd())]
}
