/**
 * The file pass of a large cold build on every core: worker threads (checker-thread.ts) and this
 * one check the files no earlier build kept, and judge them by the site rules that judge each file
 * by context. loadContent then finds all of it in memory and in the verdict stores.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import {
  checkerThread,
  rulesByContext,
  type CheckAnswer,
  type CheckerRequest,
  type CheckJob,
  type RuleContexts,
  type VerdictsAnswer,
} from './checker-thread.ts'
import { bytesProblem, CONTENT_DIRS, toPosix, yamlFilesIn } from './content-files.ts'
import { compileContentFile, compileKey, contentChecks, isKnown, rememberChecked } from './file-results.ts'
import type { ContentKind } from './schemas.ts'
import { createSiteIndex, type CheckedSiteIndex } from './site-index.ts'
import type { ContractTerms } from './terms.ts'
import { keepVerdicts, verdictStore } from './verdict-store.ts'
import type { TsWorker } from './worker.ts'

/** Files a thread checks between two looks for more work. */
const CHECK_BATCH = 25

/** Below this many files to check, starting worker threads costs more than it saves. */
const PARALLEL_FROM = 200

/** The pages and posts no earlier build kept (`jobs`), and those it did (`known`). */
function planJobs(root: string, index: CheckedSiteIndex, terms: ContractTerms | undefined) {
  const jobs: CheckJob[] = []
  const known: CheckJob[] = []
  for (const [dir, kind] of [
    [CONTENT_DIRS.pages, 'page'],
    [CONTENT_DIRS.blogs, 'blog'],
  ] as const) {
    for (const file of yamlFilesIn(root, dir)) {
      const bytes = readFileSync(file)
      if (bytesProblem(file, bytes)) continue
      const job = { relativeFile: toPosix(path.relative(root, file)), text: bytes.toString('utf8'), kind }
      if (isKnown(compileKey(job.relativeFile, job.text, kind, index, terms), index)) known.push(job)
      else jobs.push(job)
    }
  }
  return { jobs, known }
}

const ofKinds = (jobs: readonly CheckJob[], kinds: readonly ContentKind[]) => jobs.filter((job) => kinds.includes(job.kind))

/**
 * The contexts of the rules judged by context, read from the files' text at once, so the threads
 * judge each file while they check it. If the checked files say otherwise, they judge again.
 */
function guessContexts(site: Record<string, unknown> | undefined, jobs: readonly CheckJob[]): RuleContexts {
  const contexts: RuleContexts = {}
  for (const rule of rulesByContext) {
    const files = ofKinds(jobs, rule.kinds).map((job) => ({ file: job.relativeFile, text: job.text }))
    const context = rule.byContext!.contextFromText(site, files)
    if (context) contexts[rule.name] = context
  }
  return contexts
}

/**
 * Hands batches to whichever thread is free: this one joins once `joinWhen` settles (the bundles),
 * and no thread waits on another's share. Returns every answer.
 */
async function checkBatches(
  jobs: readonly CheckJob[],
  workers: readonly TsWorker[],
  local: ReturnType<typeof checkerThread>,
  request: (batch: CheckJob[]) => CheckerRequest,
  joinWhen: Promise<unknown>,
): Promise<CheckAnswer> {
  const batches = Array.from({ length: Math.ceil(jobs.length / CHECK_BATCH) }, (_, i) =>
    jobs.slice(i * CHECK_BATCH, (i + 1) * CHECK_BATCH),
  )
  const texts = new Map(jobs.map((job) => [job.relativeFile, job.text]))
  const answers: CheckAnswer = []
  const inWorker = async (worker: TsWorker) => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let answered: CheckAnswer
      try {
        answered = await worker.request<CheckAnswer>(request(batch))
      } catch {
        // A worker that fails (or never starts) gives its batch back, and this thread checks it.
        batches.push(batch)
        return
      }
      for (const answer of answered) {
        rememberChecked(answer.key, answer.stored, texts.get(answer.stored.file)!)
        answers.push(answer)
      }
      contentChecks.count += batch.length
    }
  }
  const here = async () => {
    await joinWhen.catch(() => undefined)
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      answers.push(...(local(request(batch)) as CheckAnswer))
      // Lets the workers' answers in, and their next batches out, between two of this thread's.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  // Two requests in flight per worker: its next batch is already waiting when it answers one,
  // so it never idles while this thread is busy checking a batch of its own.
  await Promise.all([...workers.flatMap((w) => [inWorker(w), inWorker(w)]), here()])
  // Batches a failed worker gave back after this thread's last look.
  await here()
  return answers
}

/**
 * Keeps the threads' verdicts where the checked files confirm the guessed context; where they do
 * not, every thread judges its files again under the real one. A worker that fails leaves its
 * files' verdicts to loadContent, which judges any file without one.
 */
async function settleVerdicts(
  checked: { site?: Record<string, unknown>; files: readonly CheckJob[]; guessed: RuleContexts; answers: CheckAnswer },
  index: CheckedSiteIndex,
  terms: ContractTerms | undefined,
  threads: { workers: readonly TsWorker[]; local: ReturnType<typeof checkerThread> },
) {
  const again: RuleContexts = {}
  for (const rule of rulesByContext) {
    const sources = ofKinds(checked.files, rule.kinds).map(
      (job) => compileContentFile(job.relativeFile, job.text, job.kind, index, terms).source,
    )
    const context = rule.byContext!.context(checked.site, sources)
    if (!context) continue
    if (context.key !== checked.guessed[rule.name]?.key) again[rule.name] = context
    else
      keepVerdicts(
        verdictStore(rule.name, context, index.cacheDir),
        checked.answers.flatMap(({ key, verdicts }) => (verdicts[rule.name] ? [[key, verdicts[rule.name]] as const] : [])),
      )
  }
  if (Object.keys(again).length === 0) return
  const answers = Promise.all(threads.workers.map((w) => w.request<VerdictsAnswer>({ verdicts: again }).catch(() => [])))
  for (const { rule, key, problems } of [...(threads.local({ verdicts: again }) as VerdictsAnswer), ...(await answers).flat()])
    keepVerdicts(verdictStore(rule, again[rule], index.cacheDir), [[key, problems]])
}

/**
 * Checks the files no earlier build kept on every core, then judges them by the rules that judge
 * each file by context. Checking one real page takes some 4 ms, so this nearly halves a cold build
 * of a large site on two cores.
 */
export async function checkInParallel(
  root: string,
  {
    workers: startWorkers,
    from = PARALLEL_FROM,
    joinWhen = Promise.resolve() as Promise<unknown>,
  }: {
    /** Worker threads that answer checkerThread's requests, started when first asked for; the caller closes them. */
    workers: () => TsWorker[]
    from?: number
    joinWhen?: Promise<unknown>
  },
): Promise<{ checked: number; written: Promise<void> }> {
  const none = { checked: 0, written: Promise.resolve() }
  const index = createSiteIndex(root)
  const siteFile = path.join(root, CONTENT_DIRS.site)
  if (!existsSync(siteFile)) return none
  const site = compileContentFile(CONTENT_DIRS.site, readFileSync(siteFile, 'utf8'), 'site', index).data
  const terms = site?.terms as ContractTerms | undefined
  const { jobs, known } = planJobs(root, index, terms)
  if (jobs.length < from) return none
  const workers = startWorkers()
  if (workers.length === 0) return none
  const local = checkerThread()
  const guessed = guessContexts(site, [...jobs, ...known])
  try {
    const request = (batch: CheckJob[]) => ({ check: { root, jobs: batch, terms, contexts: guessed } })
    const answers = await checkBatches(jobs, workers, local, request, joinWhen)
    await settleVerdicts({ site, files: [...jobs, ...known], guessed, answers }, index, terms, { workers, local })
  } catch (error) {
    // What the workers hold is not written: the build stops.
    await Promise.all(workers.map((w) => w.close()))
    throw error
  }
  // Each thread writes its results to the disk cache in one transaction, the workers while this
  // thread goes on; a thread that fails to only costs the next build its head start.
  const written = Promise.all([
    local({ flush: true }),
    ...workers.map((w) => w.request({ flush: true }).catch(() => undefined)),
  ]).then(() => undefined)
  return { checked: jobs.length, written }
}
