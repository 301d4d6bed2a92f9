import { describe, expect, it } from 'vitest'
import { formatNewsDate, withDateLabel, newsAlternates, newsListPath, newsListTranslations, newsPath } from './news-paths'

describe('news paths', () => {
  it('builds localized list and item paths', () => {
    expect(newsPath('nl')).toBe('/nieuws')
    expect(newsPath('fr', 'x')).toBe('/fr/actualites/x')
    expect(newsPath('de', 'y')).toBe('/de/nachricht/y')
  })

  it('points the switcher to translations, else to the news list', () => {
    const alternates = newsAlternates('nl', 'private-lease', [
      { locale: 'en_US', slug: 'private-lease-en' },
      { locale: 'de_DE', slug: 'privatleasing' },
    ])
    expect(alternates).toEqual({
      nl: '/nieuws/private-lease',
      en: '/en/news/private-lease-en',
      de: '/de/nachricht/privatleasing',
      fr: '/fr/actualites',
      da: '/da/nyheder',
    })
  })

  it('a page of the news list has that page in the other languages as alternates, where they have it', () => {
    expect(newsListPath('en', 1)).toBe('/en/news')
    expect(newsListPath('en', 2)).toBe('/en/news?page=2')
    expect(newsListTranslations(2, { nl: 2, en: 2, de: 1, fr: 3 })).toEqual({
      nl: '/nieuws?page=2',
      en: '/en/news?page=2',
      fr: '/fr/actualites?page=2',
    })
    expect(newsListTranslations(1, { nl: 1, da: 1 })).toEqual({ nl: '/nieuws', da: '/da/nyheder' })
  })

  it('formats dates per language, the same day everywhere', () => {
    expect(formatNewsDate('2026-11-12', 'nl')).toBe('12 november 2026')
    expect(formatNewsDate('2026-11-12', 'en')).toBe('November 12, 2026')
    expect(formatNewsDate('2026-11-12', 'de')).toBe('12. November 2026')
  })

  it('gives a news item its printed date, the rest of the item unchanged', () => {
    const item = { slug: 'open-dag', date: '2026-11-12' }
    expect(withDateLabel(item, 'fr')).toEqual({ slug: 'open-dag', date: '2026-11-12', dateLabel: '12 novembre 2026' })
    expect(item).toEqual({ slug: 'open-dag', date: '2026-11-12' })
  })
})
