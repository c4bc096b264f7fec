/**
 * What `npm ci` installs runs on every Node the project supports: package.json's engines name the
 * oldest, and no package in the lockfile may ask for a newer one (npm only warns, and the package
 * may fail there).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>

describe('dependencies', () => {
  it('ask for no newer Node than the oldest package.json supports', () => {
    const supported = (read('package.json').engines as { node: string }).node
    const oldest = semver.minVersion(supported)!.version
    const packages = read('package-lock.json').packages as Record<string, { version?: string; engines?: unknown }>
    const refusing = Object.entries(packages)
      .map(([place, { version, engines }]) => ({ place, version, node: (engines as { node?: string } | undefined)?.node }))
      .filter(({ node }) => typeof node === 'string' && !semver.satisfies(oldest, node))
    expect(refusing).toEqual([])
  })

  it("keep fastify's inject sending cookies, which the tests' requests use", async () => {
    // light-my-request writes inject's cookies with the cookie package, held to a version Node 20 runs.
    const app = Fastify()
    app.get('/', (request) => ({ cookie: request.headers.cookie }))
    const answer = await app.inject({ url: '/', cookies: { state: 'a b/c', theme: 'dark' } })
    expect(answer.json()).toEqual({ cookie: 'state=a%20b%2Fc; theme=dark' })
    await app.close()
  })
})
