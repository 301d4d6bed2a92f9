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

/**
 * The tabs of a language (`English (en)`, its field's label) within `scope`: named as they read,
 * by the code they show, then the language (`EN – English`, form-script.ts).
 */
export function languageTab(scope: Page | Locator, language: string): Locator {
  const [, name = language, code = ''] = /^(.*?)\s*\((\w+)\)$/.exec(language) ?? []
  return scope.getByRole('tab', { name: `${code.toUpperCase()} – ${name}`, exact: true })
}

/** Shows `language` (`English (en)`) in every per-language field of the form, by the tab above one of them. */
export async function editIn(scope: Page | Locator, language: string): Promise<void> {
  await languageTab(scope, language).first().click()
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

/** Decap's words the journeys click and wait for, in the admin's languages they use (decap-cms-locales). */
const decapWords = {
  en: { save: 'Save', ready: 'Ready', publish: 'Publish', publishNow: 'Publish now', saved: 'Entry saved', published: 'Entry published' },
  nl: {
    save: 'Opslaan',
    ready: 'Klaar',
    publish: 'Publiceer',
    publishNow: 'Publiceer nu',
    saved: 'Item opgeslagen',
    published: 'Item gepubliceerd',
  },
  de: {
    save: 'Speichern',
    ready: 'Abgeschlossen',
    publish: 'Veröffentlichen',
    publishNow: 'Jetzt veröffentlichen',
    saved: 'Beitrag gespeichert',
    published: 'Beitrag veröffentlicht',
  },
} as const
type AdminLanguage = keyof typeof decapWords

/** Decap's notice of a save (it stays a few seconds: the next save waits for it to go). */
export const savedNotice = (page: Page, language: AdminLanguage = 'en') =>
  // A publish shows both, "saved" (the draft) and "published".
  page.getByText(new RegExp(`^(?:${decapWords[language].saved}|${decapWords[language].published})$`)).first()

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
export async function saveDraft(page: Page, language: AdminLanguage = 'en'): Promise<boolean> {
  await expect(savedNotice(page, language)).toHaveCount(0, { timeout: 20_000 })
  const answer = answerTo(page, 'persistEntry')
  await page.getByRole('button', { name: decapWords[language].save, exact: true }).click()
  return (await answer).ok()
}

/**
 * The saved draft's status set to Ready, then Publish → Publish now (the confirmation is
 * accepted by the page's dialog handler); does not wait for the outcome.
 */
export async function askToPublish(page: Page, language: AdminLanguage = 'en'): Promise<void> {
  const words = decapWords[language]
  await expect(savedNotice(page, language)).toHaveCount(0, { timeout: 20_000 })
  await page.getByRole('button', { name: /^Status: / }).click()
  await page
    .getByRole('button', { name: new RegExp(`^${words.ready}$`) })
    .or(page.getByText(words.ready, { exact: true }))
    .first()
    .click()
  await expect(page.getByRole('button', { name: `Status: ${words.ready}` })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: words.publish, exact: true }).click()
  await page.getByText(words.publishNow, { exact: true }).click()
}

/**
 * Publishes the open entry's changes as an editor does with the editorial workflow: Save (a
 * draft), status Ready, Publish → Publish now, waiting for "Entry published". Stops after a
 * refused save (the admin shows why).
 */
export async function publishEntry(page: Page, language: AdminLanguage = 'en'): Promise<void> {
  const save = page.getByRole('button', { name: decapWords[language].save, exact: true })
  // Without a draft yet there is a change to save: Save is enabled once Decap has taken it in
  // (read at once, it can still be disabled). With a draft, Save is enabled by a change since.
  if (!(await page.getByRole('button', { name: /^Status: / }).isVisible())) await expect(save).toBeEnabled({ timeout: 20_000 })
  if (await save.isEnabled()) {
    if (!(await saveDraft(page, language))) return
  }
  await askToPublish(page, language)
  await expect(page.getByText(decapWords[language].published, { exact: true })).toBeVisible({ timeout: 20_000 })
}
