/**
 * `npm run preview:cleanup`: when a pull request closes, deletes every Cloudflare Pages deploy of its
 * branch `pr-<number>` through the Cloudflare API, the latest (which carries the branch's alias)
 * included, so no preview outlives its pull request.
 *
 * Reads CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_PAGES_PROJECT and PR_NUMBER, and
 * CLOUDFLARE_API_URL (default https://api.cloudflare.com/client/v4) for the API's address.
 */
import { DEFAULT_PROJECT, type DeployEnv } from './deploy.ts'

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4'
/** Deploys asked for per page of the list. */
const PER_PAGE = 25
/** A list longer than this many pages is not read further: a safety stop, not a limit met in use. */
const MAX_PAGES = 200

interface Deployment {
  id: string
  deployment_trigger?: { metadata?: { branch?: string } }
}

interface ApiAnswer<T> {
  success: boolean
  errors?: { message: string }[]
  result: T
  result_info?: { page: number; total_pages?: number; total_count?: number }
}

export interface CleanupSettings {
  apiUrl: string
  token: string
  accountId: string
  project: string
  branch: string
}

export function cleanupSettings(env: DeployEnv & { CLOUDFLARE_API_URL?: string }): CleanupSettings | { skipped: string } {
  if (!env.CLOUDFLARE_API_TOKEN || !env.CLOUDFLARE_ACCOUNT_ID)
    return { skipped: 'No CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID: no preview was deployed, so none is removed.' }
  if (!/^\d+$/.test(env.PR_NUMBER ?? ''))
    return { skipped: 'PR_NUMBER is not set: which pull request’s previews to remove is unknown.' }
  return {
    apiUrl: (env.CLOUDFLARE_API_URL || CLOUDFLARE_API).replace(/\/+$/, ''),
    token: env.CLOUDFLARE_API_TOKEN,
    accountId: env.CLOUDFLARE_ACCOUNT_ID,
    project: env.CLOUDFLARE_PAGES_PROJECT || DEFAULT_PROJECT,
    branch: `pr-${env.PR_NUMBER}`,
  }
}

async function call<T>(settings: CleanupSettings, method: 'GET' | 'DELETE', pathAndQuery: string): Promise<ApiAnswer<T>> {
  const response = await fetch(`${settings.apiUrl}${pathAndQuery}`, {
    method,
    headers: { authorization: `Bearer ${settings.token}` },
  })
  const answer = (await response.json().catch(() => undefined)) as ApiAnswer<T> | undefined
  if (!response.ok || !answer?.success) {
    const why = answer?.errors?.map((e) => e.message).join('; ') || `HTTP ${response.status}`
    throw new Error(`Cloudflare API ${method} ${pathAndQuery.split('?')[0]}: ${why}`)
  }
  return answer
}

/** Every preview deploy of the settings' branch, read page by page. */
export async function branchDeployments(settings: CleanupSettings): Promise<string[]> {
  const base = `/accounts/${encodeURIComponent(settings.accountId)}/pages/projects/${encodeURIComponent(settings.project)}/deployments`
  const ids: string[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await call<Deployment[]>(settings, 'GET', `${base}?env=preview&page=${page}&per_page=${PER_PAGE}`)
    for (const d of answer.result) if (d.deployment_trigger?.metadata?.branch === settings.branch) ids.push(d.id)
    const pages = answer.result_info?.total_pages ?? Math.ceil((answer.result_info?.total_count ?? 0) / PER_PAGE)
    if (answer.result.length === 0 || page >= pages) break
  }
  return ids
}

/** Deletes the branch's deploys, `force` the one its alias points at too; returns how many went. */
export async function removeBranchDeployments(settings: CleanupSettings): Promise<number> {
  const ids = await branchDeployments(settings)
  const base = `/accounts/${encodeURIComponent(settings.accountId)}/pages/projects/${encodeURIComponent(settings.project)}/deployments`
  for (const id of ids) await call(settings, 'DELETE', `${base}/${encodeURIComponent(id)}?force=true`)
  return ids.length
}

async function main() {
  const settings = cleanupSettings(process.env)
  if ('skipped' in settings) {
    console.log(settings.skipped)
    return
  }
  const removed = await removeBranchDeployments(settings)
  console.log(`Removed ${removed} preview deploy(s) of ${settings.branch} from Cloudflare Pages project ${settings.project}.`)
}

if (import.meta.url === `file://${process.argv[1]}`)
  await main().catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
