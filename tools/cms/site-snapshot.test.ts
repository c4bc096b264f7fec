import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { SITE_SNAPSHOT_PATH, type SiteSnapshot } from '../../checker/site-snapshot.ts'
import { registerSiteSnapshot } from './site-snapshot.ts'

describe('the working copy snapshot of npm run cms', () => {
  it('answers every content file and picture of the working copy, uncached', async () => {
    const app = Fastify()
    registerSiteSnapshot(app, process.cwd())
    const answer = await app.inject({ method: 'GET', url: SITE_SNAPSHOT_PATH })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const snapshot = answer.json<SiteSnapshot>()
    expect(Object.keys(snapshot.texts)).toContain('content/pages/Ai-Development.yaml')
    expect(snapshot.texts['content/pages/Ai-Development.yaml']).toContain(
      /^metaTitle: .*$/m.exec(readFileSync('content/pages/Ai-Development.yaml', 'utf8'))![0],
    )
    expect(snapshot.images['/images/pages/adaptive-ai.svg']).toMatchObject({ width: expect.any(Number) })
    await app.close()
  })
})
