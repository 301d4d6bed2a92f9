import { expect, type Locator, type Page } from '@playwright/test'

// Finding Decap CMS's form controls as an editor reads them, for the admin journeys.

/**
 * The control of a field by its label ("(optional)", or in Dutch "(optioneel)", aside), within `scope`: the block whose top
 * bar holds the first such label (the label's grandparent; found from the labels, not by testing
 * every div of Decap's large form).
 */
export function field(scope: Page | Locator, label: string): Locator {
  const name = new RegExp(`^${label.replace(/[()]/g, '\\$&')}(?: \\((?:optional|optioneel)\\))?$`, 'i')
  return scope.locator('label').filter({ hasText: name }).first().locator('xpath=parent::div/parent::div')
}

/** The text input of a per-language field (`Title` → `Nederlands (nl)`). */
export function textIn(scope: Page | Locator, label: string, language: string): Locator {
  return field(field(scope, label), language).locator('input, textarea, [contenteditable="true"]').first()
}

/** Decap's notice of a save (it stays a few seconds: the next save waits for it to go). */
export const savedNotice = (page: Page) => page.getByText(/^Entry (?:saved|published)$/)

/** The answer of the admin's API to the next call of `action` (Decap's proxy backend). */
const answerTo = (page: Page, action: string) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/admin/api/v1') && (response.request().postData() ?? '').includes(`"action":"${action}"`),
    {
      timeout: 60_000,
    },
  )

/**
 * Saves the open entry as a draft (Decap's editorial workflow: the live site is unchanged).
 * Resolves with whether the server took it (a refusal is shown by the admin).
 */
export async function saveDraft(page: Page): Promise<boolean> {
  await expect(savedNotice(page)).toHaveCount(0, { timeout: 20_000 })
  const answer = answerTo(page, 'persistEntry')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  return (await answer).ok()
}

/**
 * Publishes the open entry's changes as an editor does with the editorial workflow: Save (a
 * draft), status Ready, Publish → Publish now (the confirmation is accepted by the page's
 * dialog handler), waiting for "Entry published". Stops after a refused save (the admin shows why).
 */
export async function publishEntry(page: Page): Promise<void> {
  const save = page.getByRole('button', { name: 'Save', exact: true })
  if ((await save.count()) > 0 && (await save.isEnabled())) {
    if (!(await saveDraft(page))) return
  }
  await expect(savedNotice(page)).toHaveCount(0, { timeout: 20_000 })
  await page.getByRole('button', { name: /^Status: / }).click()
  await page
    .getByRole('button', { name: /^Ready$/ })
    .or(page.getByText('Ready', { exact: true }))
    .first()
    .click()
  await expect(page.getByRole('button', { name: 'Status: Ready' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByText('Publish now', { exact: true }).click()
  await expect(page.getByText('Entry published', { exact: true })).toBeVisible({ timeout: 20_000 })
}
