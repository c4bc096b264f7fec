import type { StoredLead } from '../store/rows.ts'
import { defineChannel, leadLines, messageLines } from './channel.ts'
import { httpPoster } from './http-post.ts'

/**
 * Text as Slack shows it and nothing more: Slack reads `<…>` as a link or a mention (`<!channel>`,
 * `<@U123>`, `<https://…|words>`) and `&` as the start of an escape, so these three are escaped.
 */
export const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The lead as one Slack message: every field in plain text on its own line, the message last, quoted. */
export function slackMessage(lead: StoredLead): { text: string } {
  const lines = [`New lead #${lead.id} from the website (${lead.createdAt})`, ...leadLines(lead), ...messageLines(lead)]
  return { text: slackEscape(lines.join('\n')) }
}

/**
 * SLACK_WEBHOOK_URL: posts each lead to a Slack incoming webhook, whose URL is the credential. An error
 * answer's short code (no_service, channel_is_archived…) goes into the delivery record.
 */
export const slack = defineChannel({
  name: 'slack',
  variables: { SLACK_WEBHOOK_URL: { type: 'string', pattern: '^https?://[^/]' } },
  secrets: ['SLACK_WEBHOOK_URL'],
  hints: { SLACK_WEBHOOK_URL: 'expected the https://hooks.slack.com/services/… URL of a Slack incoming webhook' },
  settings({ valid }, problems) {
    if (!valid.SLACK_WEBHOOK_URL) return undefined
    if (!URL.canParse(valid.SLACK_WEBHOOK_URL))
      problems.push('SLACK_WEBHOOK_URL: expected the https://hooks.slack.com/services/… URL of a Slack incoming webhook')
    return { url: valid.SLACK_WEBHOOK_URL }
  },
  open({ url }) {
    const post = httpPoster(url, { receiver: 'Slack', variable: 'SLACK_WEBHOOK_URL', readDetail: true })
    return {
      send: (lead, signal, timeoutMs) =>
        post(JSON.stringify(slackMessage(lead)), { 'content-type': 'application/json' }, signal, timeoutMs),
    }
  },
})
