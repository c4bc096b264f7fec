import { parentPort } from 'node:worker_threads'
import { setBuildContent } from '../codegen/build-content.ts'
import { renderRoutes, type PrerenderOptions } from './prerender.ts'

/** A worker thread of prerender: renders its share of the routes and writes their HTML. */
parentPort!.on(
  'message',
  async (message: { options: PrerenderOptions & { render: object }; pageData: Record<string, unknown> }) => {
    setBuildContent({ pageData: (file) => message.pageData[file], pageDataVersion: message.options.pageDataVersion })
    parentPort!.postMessage(await renderRoutes(message.options as Parameters<typeof renderRoutes>[0]))
  },
)
