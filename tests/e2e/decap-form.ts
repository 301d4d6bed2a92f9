import type { Locator, Page } from '@playwright/test'

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
