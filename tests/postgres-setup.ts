import type { TestProject } from 'vitest/node'
import { startPostgres } from '../tools/postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

/**
 * One real PostgreSQL server for the whole run (tests make their own databases on it). CI may start
 * one beforehand and pass its URL in POSTGRES_TEST_URL.
 */
export default async function setup(project: TestProject) {
  if (process.env.POSTGRES_TEST_URL) {
    project.provide('postgresUrl', process.env.POSTGRES_TEST_URL)
    return
  }
  const server = await startPostgres()
  project.provide('postgresUrl', server.url)
  return () => server.stop()
}
