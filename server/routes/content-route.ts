import type { FastifyInstance } from 'fastify'
import type { SiteManifest } from '../../src/core/manifest.ts'

/**
 * An API route that serves built content: a Fastify plugin given the build's manifest (the same
 * object in production, in `npm run dev` and in tests). Registered under /api by content-routes.ts.
 */
export type ContentRoute = (app: FastifyInstance, options: { content: SiteManifest }) => Promise<void>
