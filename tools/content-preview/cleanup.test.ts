import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanupSettings, removeBranchDeployments, type CleanupSettings } from './cleanup.ts'

/**
 * A Cloudflare API on 127.0.0.1, as far as the clean-up uses it: the deployment list, 25 a page,
 * and deletion, which refuses an aliased deployment unless forced.
 */
const deployments = new Map<string, { branch: string; aliased: boolean }>()
const requests: string[] = []
let settings: CleanupSettings
const server = createServer((request: IncomingMessage, response) => {
  const url = new URL(request.url!, 'http://x')
  requests.push(`${request.method} ${url.pathname}${url.search}`)
  const answer = (status: number, body: object) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  if (request.headers.authorization !== 'Bearer token')
    return answer(403, { success: false, errors: [{ message: 'Authentication error' }] })
  const list = /^\/accounts\/acc\/pages\/projects\/corvane-preview\/deployments$/.exec(url.pathname)
  if (request.method === 'GET' && list) {
    const page = Number(url.searchParams.get('page'))
    const perPage = Number(url.searchParams.get('per_page'))
    const all = [...deployments.entries()].map(([id, d]) => ({ id, deployment_trigger: { metadata: { branch: d.branch } } }))
    return answer(200, {
      success: true,
      result: all.slice((page - 1) * perPage, page * perPage),
      result_info: { page, per_page: perPage, total_count: all.length, total_pages: Math.ceil(all.length / perPage) },
    })
  }
  const one = /^\/accounts\/acc\/pages\/projects\/corvane-preview\/deployments\/([\w-]+)$/.exec(url.pathname)
  if (request.method === 'DELETE' && one && deployments.has(one[1])) {
    if (deployments.get(one[1])!.aliased && url.searchParams.get('force') !== 'true')
      return answer(400, { success: false, errors: [{ message: 'Cannot delete an aliased deployment without ?force=true.' }] })
    deployments.delete(one[1])
    return answer(200, { success: true, result: null })
  }
  return answer(404, { success: false, errors: [{ message: 'not found' }] })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const made = cleanupSettings({
    CLOUDFLARE_API_TOKEN: 'token',
    CLOUDFLARE_ACCOUNT_ID: 'acc',
    PR_NUMBER: '12',
    CLOUDFLARE_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  })
  if ('skipped' in made) throw new Error(made.skipped)
  settings = made
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('npm run preview:cleanup', () => {
  it("deletes every deploy of the pull request's branch, over several pages, the aliased one too, and nothing else", async () => {
    for (let i = 0; i < 30; i++) deployments.set(`other-${i}`, { branch: i % 2 ? 'pr-7' : 'main', aliased: i === 0 })
    for (let i = 0; i < 4; i++) deployments.set(`mine-${i}`, { branch: 'pr-12', aliased: i === 3 })
    expect(await removeBranchDeployments(settings)).toBe(4)
    expect([...deployments.keys()].filter((id) => id.startsWith('mine'))).toEqual([])
    expect(deployments.size).toBe(30)
    expect(requests.filter((r) => r.startsWith('GET'))).toEqual([
      'GET /accounts/acc/pages/projects/corvane-preview/deployments?env=preview&page=1&per_page=25',
      'GET /accounts/acc/pages/projects/corvane-preview/deployments?env=preview&page=2&per_page=25',
    ])
  })

  it("names the API's error when it refuses", async () => {
    await expect(removeBranchDeployments({ ...settings, token: 'wrong' })).rejects.toThrow(
      'Cloudflare API GET /accounts/acc/pages/projects/corvane-preview/deployments: Authentication error',
    )
  })

  it('removes nothing, and says so, without the secrets', () => {
    expect(cleanupSettings({ PR_NUMBER: '12' })).toEqual({ skipped: expect.stringContaining('no preview was deployed') })
  })
})
