/**
 * The admin's own scripts speak each of the site's languages (ADR 110): every table of their
 * words has every language, each with the keys the others have and a text for each.
 */
import { describe, expect, it } from 'vitest'
import { localeCodes } from '../../../app.config'
import { onlyRole, roleNames, scriptWords } from './admin-words'

const tables: Array<[string, Record<string, Record<string, string>>]> = [...Object.entries(scriptWords), ['roleNames', roleNames]]

describe("the admin scripts' words", () => {
  it.each(tables)('%s: every language, every key, a text for each', (_name, table) => {
    expect(Object.keys(table).sort()).toEqual([...localeCodes].sort())
    const keys = new Set(Object.values(table).flatMap((words) => Object.keys(words)))
    for (const code of localeCodes) {
      const words = table[code] ?? {}
      const missing = [...keys].filter((key) => (words[key] ?? '').trim() === '')
      expect(missing, code).toEqual([])
    }
  })

  it('a language that is not English is not left in English', () => {
    for (const [name, table] of tables) {
      const english = table.en ?? {}
      for (const code of localeCodes.filter((code) => code !== 'en')) {
        // A word may be the same in two languages ("Link"), not a whole table.
        const same = Object.entries(table[code] ?? {}).filter(([key, text]) => english[key] === text)
        expect(same.length, `${name} ${code}`).toBeLessThan(Object.keys(english).length)
      }
    }
  })

  it('a refusal for want of a role names it in the language asked', () => {
    expect(Object.keys(onlyRole).sort()).toEqual([...localeCodes].sort())
    expect(onlyRole.de(roleNames.de.publisher, 'deleteFile')).toBe('Nur ein Herausgeber darf das (deleteFile)')
    expect(onlyRole.nl(roleNames.nl.publisher, 'deleteFile')).toBe('Alleen een publicist mag dit (deleteFile)')
  })
})
