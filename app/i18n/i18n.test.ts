import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { activateLocale, preloadLocale } from './i18n'

describe('preloadLocale', () => {
  it('loads a catalog but leaves the active language alone', async () => {
    // In a variable: a literal id here would be extracted into the catalogs as a use of it.
    const serverErrorTitle = 'error.500.title'
    const i18n = setupI18n()
    await activateLocale(i18n, 'en')
    await preloadLocale(i18n, 'de')
    expect(i18n.locale).toBe('en')
    expect(i18n._(serverErrorTitle)).toBe('Server error')
    // Loaded: activating it later needs no import.
    i18n.activate('de')
    expect(i18n._(serverErrorTitle)).toBe('Serverfehler')
  })
})
