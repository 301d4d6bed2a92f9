import type { TestDetails } from '@playwright/test'

/**
 * Test tiers (ADR 037). `npm test` runs the `site` project: every test but those tagged @full.
 * `npm run test:full` (CI runs it after `npm test`) runs the `full` project: only those, the
 * rest of each sweep whose sample `npm test` runs, and the long load and soak runs.
 */
export const full: TestDetails = { tag: '@full' }

/** A sweep's test in `npm test` when it is in the sample, else in test:full. */
export function tier(inSample: boolean): TestDetails {
  return inSample ? {} : full
}
