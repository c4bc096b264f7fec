/**
 * The content check inside the form, above the live preview: every problem the pull request's check
 * would report for the entry as it would be saved, by the form's field names, checked in this browser
 * against the site's snapshot a moment after the editor stops typing. Without a snapshot it says the
 * pull request will check.
 */
import { useEffect, useState } from 'react'
import { SITE_SNAPSHOT_PATH, type SiteSnapshot } from '../checker/site-snapshot.ts'
import type { DraftProblem, DraftRequest } from './entry-check.ts'

export type { DraftRequest } from './entry-check.ts'

type CheckState =
  | { status: 'checking' }
  | { status: 'done'; problems: DraftProblem[] }
  | { status: 'unavailable' }
  | { status: 'failed'; message: string }

/** How long after the last keystroke the entry is checked: the first check of an entry reads the whole site (about two seconds). */
const QUIET_MS = 700

type Checker = (entry: DraftRequest) => { problems: DraftProblem[] }

/**
 * The checker of the open entry: the check's code (loaded with the first check, not with the form) and
 * the site's snapshot as it is when the entry is opened; `undefined` where the admin has no snapshot.
 */
let open: { entry: string; checker: Promise<Checker | undefined> } | undefined

function checkerFor({ collection, slug }: DraftRequest): Promise<Checker | undefined> {
  const entry = `${collection}/${slug}`
  if (open?.entry !== entry) {
    const checker = Promise.all([
      import('./entry-check.ts'),
      fetch(SITE_SNAPSHOT_PATH, { credentials: 'same-origin', cache: 'no-cache' }).then(async (answer) => {
        if (answer.status === 404) return undefined
        if (!answer.ok) throw new Error(`the site's snapshot answered ${answer.status}`)
        return (await answer.json()) as SiteSnapshot
      }),
    ]).then(([{ entryChecker }, snapshot]) => snapshot && entryChecker(snapshot))
    // A failed load is tried again by the next check.
    checker.catch(() => {
      if (open?.checker === checker) open = undefined
    })
    open = { entry, checker }
  }
  return open.checker
}

/** Checks `entry` in this browser against the site; `unavailable` where the admin has no snapshot of it. */
async function runCheck(entry: DraftRequest): Promise<CheckState> {
  const check = await checkerFor(entry)
  return check ? { status: 'done', problems: check(entry).problems } : { status: 'unavailable' }
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

/** A new page's address, shown before it is saved; null until the address field holds one. */
function AddressNote({ address }: { address: string | null }) {
  return (
    <p style={{ margin: '0 0 8px' }}>
      {address ? (
        <>
          This new page will be at <strong>{address}</strong>, from its page address field; the address stays once the page is
          saved.
        </>
      ) : (
        <>This new page has no address yet: type one in its page address field, at the top of the form.</>
      )}
    </p>
  )
}

/** The panel: what the check found in the entry, or that it found nothing; `address` of a page not saved yet. */
export function DraftCheck({ entry, address }: { entry: DraftRequest; address?: string | null }) {
  const [state, setState] = useState<CheckState>({ status: 'checking' })
  const { collection, slug, text, isNew } = entry
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      setState({ status: 'checking' })
      runCheck({ collection, slug, text, isNew })
        .then((state) => current && setState(state))
        .catch((error: Error) => current && setState({ status: 'failed', message: error.message }))
    }, QUIET_MS)
    return () => {
      clearTimeout(timer)
      current = false
    }
  }, [collection, slug, text, isNew])

  if (state.status !== 'done')
    return (
      <aside className="draft-check" style={PANEL_STYLE} aria-busy={state.status === 'checking' ? 'true' : undefined}>
        {state.status === 'failed'
          ? `The content check could not run (${state.message}); the pull request will run it.`
          : state.status === 'checking'
            ? 'Checking this page…'
            : 'The content check runs on the pull request once you save.'}
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
      {address !== undefined ? <AddressNote address={address} /> : null}
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
