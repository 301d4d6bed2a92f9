import { test as base } from '@playwright/test'

/**
 * `test` for checks that only ask the server (`request`) and open no page. fixtures.ts's `test`
 * guards the console of a browser page in every test, so it opens one even where no page is
 * used: about a second per test on the 2-core machine, for nothing to guard.
 */
export const httpTest = base

export { expect } from '@playwright/test'
