/**
 * The site's snapshot for the form's check (codegen/site-snapshot.ts), read from the working copy on
 * each request: what the editor has saved in this session is in the next entry's check.
 */
import type { FastifyInstance } from 'fastify'
import { readSite } from '../../codegen/read-site.ts'
import { SITE_SNAPSHOT_PATH, snapshotOf } from '../../checker/site-snapshot.ts'

/** GET SITE_SNAPSHOT_PATH: the snapshot of the working copy at `repo`, never cached. */
export function registerSiteSnapshot(app: FastifyInstance, repo: string) {
  app.get(SITE_SNAPSHOT_PATH, (_request, reply) => {
    reply.header('cache-control', 'no-store')
    reply.header('x-robots-tag', 'noindex, nofollow')
    return reply.type('application/json').send(JSON.stringify(snapshotOf(readSite(repo))))
  })
}
