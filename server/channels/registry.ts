import type { ChannelModule, LeadChannel } from './channel.ts'
import { email } from './email.ts'
import { slack } from './slack.ts'
import { webhook } from './webhook.ts'

/** Every lead channel the server knows, in the order a lead's deliveries are queued. A new channel is one line here. */
export const CHANNELS = [webhook, email, slack] as const

/** A channel the environment configured: its name and its settings, as the configuration holds them. */
export interface ConfiguredChannel {
  name: (typeof CHANNELS)[number]['name']
  settings: unknown
}

/** The configured channels, ready to send. */
export function openChannels(configured: readonly ConfiguredChannel[]): LeadChannel[] {
  return configured.map(({ name, settings }) => ({
    ...(CHANNELS.find((c) => c.name === name) as ChannelModule<unknown>).open(settings),
    name,
  }))
}
