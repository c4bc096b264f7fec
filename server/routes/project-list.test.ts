import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { testContent } from '../../tests/support/content.ts'
import { loadConfig } from '../config.ts'
import { createServer } from '../create-server.ts'

let running: FastifyInstance[] = []
afterEach(async () => {
  for (const app of running) await app.close()
  running = []
})

describe('GET /api/projects/project', () => {
  it('serves the projects under "project"', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'routes-')), 'leads.sqlite'),
    })
    const { app } = await createServer({ config, content: testContent({ projects: [{ id: 1, name: 'P' }] }), site: false })
    running.push(app)
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    expect(await (await fetch(`${url}/api/projects/project`)).json()).toEqual({ project: [{ id: 1, name: 'P' }] })
  })
})
