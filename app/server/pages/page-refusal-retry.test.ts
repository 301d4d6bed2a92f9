import { describe, expect, it, vi } from 'vitest'

// The catalog load fails once (as under EMFILE), then works.
const activateLocale = vi.hoisted(() => vi.fn())
vi.mock('../../i18n/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../i18n/i18n')>()
  activateLocale.mockImplementation(original.activateLocale)
  return { ...original, activateLocale }
})

describe('pageRefusal after a failed catalog load', () => {
  it('tries the catalog again instead of failing every later refusal', async () => {
    const { pageRefusal } = await import('./page-refusal.server')
    activateLocale.mockRejectedValueOnce(new Error('EMFILE: too many open files'))
    const url = new URL('http://127.0.0.1:3000/fr/contact')
    await expect(pageRefusal(503, url)).rejects.toThrow('EMFILE')
    const response = await pageRefusal(503, url)
    expect(await response.text()).toMatch(/^Temporairement indisponible\n/)
  })
})
