import { expect, type Locator, type Page } from '@playwright/test'

// Finding Decap CMS's form controls as an editor reads them, for the admin journeys.

/**
 * The control of a field by its label ("(optional)" aside, in English or Dutch), within `scope`:
 * the block whose top bar holds the first such label (the label's grandparent; found from the
 * labels, not by testing every div of Decap's large form).
 */
export function field(scope: Page | Locator, label: string): Locator {
  const name = new RegExp(`^${label.replace(/[()]/g, '\\$&')}(?: \\((?:optional|optioneel)\\))?$`, 'i')
  return scope.locator('label').filter({ hasText: name }).first().locator('xpath=parent::div/parent::div')
}

/**
 * The text input of a per-language field (`Title` → `Nederlands (nl)`). Only the language the
 * form shows is visible: `editIn` chooses it.
 */
export function textIn(scope: Page | Locator, label: string, language: string): Locator {
  return field(field(scope, label), language).locator('input, textarea, [contenteditable="true"]').first()
}

/** Shows `language` (`English (en)`) in every per-language field of the form, by the tab above one of them. */
export async function editIn(scope: Page | Locator, language: string): Promise<void> {
  await scope.getByRole('tab', { name: language, exact: true }).first().click()
}

/**
 * Opens a block of a page's list of blocks (`Elements`) by what its folded row says, the block's
 * Dutch title, and checks by its ID that it is the block meant: the item is the element with that
 * row as a child, opened by its top bar's first button (the chevron).
 */
export async function openBlock(page: Page, title: string | RegExp, id: string, list = 'Elements'): Promise<Locator> {
  const row = typeof title === 'string' ? new RegExp('^' + title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$') : title
  const item = field(page, list)
    .locator('div')
    .filter({ has: page.locator(':scope > div', { hasText: row }) })
    .last()
  const chevron = item.locator(':scope > div > button').first()
  const idInput = field(item, 'ID').locator('input')
  if (!(await idInput.isVisible())) await chevron.click({ timeout: 30_000 })
  await expect(idInput).toHaveValue(id, { timeout: 20_000 })
  return item
}

/** Decap's notice of a save (it stays a few seconds: the next save waits for it to go). */
export const savedNotice = (page: Page) => page.getByText(/^Entry (?:saved|published)$/)
