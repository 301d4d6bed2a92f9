import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { localeCodes } from '../../app.config'
import { activateLocale } from '../i18n/i18n'
import { errorTexts } from './error-texts'

const statuses = [400, 401, 403, 404, 405, 408, 410, 413, 429, 500, 503]

describe('errorTexts', () => {
  it('has its own title and explanation for each status the site answers with', () => {
    for (const status of statuses) {
      expect(errorTexts(status).title.id).toBe(`error.${status}.title`)
      expect(errorTexts(status).description.id).toBe(`error.${status}.description`)
    }
  })

  it('falls back to generic texts for any other status', () => {
    expect(errorTexts(418).title.id).toBe('error.generic.title')
    expect(errorTexts(502).description.id).toBe('error.generic.description')
  })

  it('is translated in every language: a different title for each status', async () => {
    for (const locale of localeCodes) {
      const i18n = setupI18n()
      await activateLocale(i18n, locale)
      const titles = statuses.map((status) => i18n._(errorTexts(status).title))
      for (const [index, title] of titles.entries()) expect(title, `${locale} ${statuses[index]}`).not.toMatch(/^error\./)
      expect(new Set(titles).size, locale).toBe(statuses.length)
      expect(i18n._(errorTexts(418).title), locale).not.toMatch(/^error\./)
    }
  })
})
