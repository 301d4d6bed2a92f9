import type { TestProject } from 'vitest/node'
import { servicesInstalled, startPostgres } from './services'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway PostgreSQL server ('' when it is not installed): tests/support/store-databases.ts. */
    postgresUrl: string
  }
}

/**
 * Vitest's global setup: one throwaway PostgreSQL server for the run, shared by the store tests
 * (each makes its own databases there), instead of one per test file.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!servicesInstalled) {
    if (process.env.CI) throw new Error('PostgreSQL is not installed: .ci/run installs it')
    project.provide('postgresUrl', '')
    return undefined
  }
  const postgres = await startPostgres()
  project.provide('postgresUrl', postgres.url)
  return () => postgres.stop()
}
