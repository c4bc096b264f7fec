/**
 * The content check inside the form: above the live preview, every problem the pull request's check
 * would report for the entry being edited, by the form's name of its field, in the check's words,
 * with its fix. `npm run cms` checks the entry as it would be saved against the whole working copy
 * (tools/draft-check.ts), a moment after the editor stops typing; where no such check answers (the
 * GitHub sign-in), the panel says the pull request will.
 */
import { useEffect, useState } from 'react'
import { DRAFT_CHECK_PATH } from './names.ts'

/** One problem of the entry, as the check endpoint answers it. */
export interface DraftProblem {
  field: string
  label: string
  line: number
  message: string
  hint?: string
  warning?: true
}

/** The entry as a save would write it. */
export interface DraftRequest {
  collection: string
  slug: string
  text: string
}

type CheckState =
  | { status: 'checking' }
  | { status: 'done'; problems: DraftProblem[] }
  | { status: 'unavailable' }
  | { status: 'failed'; message: string }

/** How long after the last keystroke the entry is checked: a check reads the whole site (about a second). */
const QUIET_MS = 700

/** Asks the check endpoint about `entry`; `unavailable` where the admin has no such endpoint. */
async function requestCheck(entry: DraftRequest, signal: AbortSignal): Promise<CheckState> {
  const answer = await fetch(DRAFT_CHECK_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(entry),
    credentials: 'same-origin',
    signal,
  })
  if (answer.status === 404) return { status: 'unavailable' }
  const body = (await answer.json().catch(() => ({}))) as { problems?: DraftProblem[]; error?: string }
  if (!answer.ok || !Array.isArray(body.problems)) return { status: 'failed', message: body.error ?? `answer ${answer.status}` }
  return { status: 'done', problems: body.problems }
}

const PANEL_STYLE = {
  font: '14px/1.5 system-ui, sans-serif',
  color: '#1f2430',
  background: '#fff8e1',
  border: '1px solid #e0c36a',
  borderRadius: '6px',
  padding: '12px 16px',
  // Clear of the preview's floating buttons on its right.
  margin: '12px 56px 12px 12px',
}
const CLEAN_STYLE = { ...PANEL_STYLE, background: '#eaf7ee', border: '1px solid #8cc7a0' }

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function ProblemItem({ problem }: { problem: DraftProblem }) {
  return (
    <li className={problem.warning ? 'draft-check__item draft-check__item--warning' : 'draft-check__item'}>
      <strong>{problem.label}</strong>
      {problem.warning ? ' (warning)' : ''}: {problem.message}.{problem.hint ? <span> {problem.hint}</span> : null}
    </li>
  )
}

/** A new page's address, shown before it is saved: it is made from the menu label and kept once saved. */
function AddressNote({ address }: { address: string }) {
  return (
    <p style={{ margin: '0 0 8px' }}>
      This new page will be at <strong>{address}</strong>, made from its menu label; the address stays once the page is saved.
    </p>
  )
}

/** The panel: what the check found in the entry, or that it found nothing; `address` of a page not saved yet. */
export function DraftCheck({ entry, address }: { entry: DraftRequest; address?: string }) {
  const [state, setState] = useState<CheckState>({ status: 'checking' })
  const { collection, slug, text } = entry
  useEffect(() => {
    const aborted = new AbortController()
    const timer = setTimeout(() => {
      setState({ status: 'checking' })
      requestCheck({ collection, slug, text }, aborted.signal)
        .then(setState)
        .catch((error: Error) => {
          if (!aborted.signal.aborted) setState({ status: 'failed', message: error.message })
        })
    }, QUIET_MS)
    return () => {
      clearTimeout(timer)
      aborted.abort()
    }
  }, [collection, slug, text])

  if (state.status === 'unavailable')
    return (
      <aside className="draft-check" style={PANEL_STYLE}>
        The content check runs on the pull request once you save.
      </aside>
    )
  if (state.status === 'checking')
    return (
      <aside className="draft-check" style={PANEL_STYLE} aria-busy="true">
        Checking this page…
      </aside>
    )
  if (state.status === 'failed')
    return (
      <aside className="draft-check" style={PANEL_STYLE}>
        The content check could not run ({state.message}); the pull request will run it.
      </aside>
    )
  const errors = state.problems.filter((p) => !p.warning)
  const warnings = state.problems.length - errors.length
  const summary =
    state.problems.length === 0
      ? 'Content check: no problems. The pull request will find none in this page.'
      : `Content check: ${count(errors.length, 'problem')} to fix${warnings ? ` and ${count(warnings, 'warning')}` : ''}, as the pull request will report them.`
  return (
    <aside
      className="draft-check"
      style={state.problems.length === 0 ? CLEAN_STYLE : PANEL_STYLE}
      role="status"
      aria-live="polite"
      data-problems={state.problems.length}
    >
      {address ? <AddressNote address={address} /> : null}
      <p className="draft-check__summary" style={{ margin: 0, fontWeight: 600 }}>
        {summary}
      </p>
      {state.problems.length > 0 ? (
        <ul style={{ margin: '8px 0 0', paddingLeft: '20px' }}>
          {state.problems.map((problem, i) => (
            <ProblemItem key={`${problem.field}-${i}`} problem={problem} />
          ))}
        </ul>
      ) : null}
    </aside>
  )
}
