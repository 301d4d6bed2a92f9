import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { entryText } from './save-check.server'

const now = new Date('2026-11-29T12:00:00Z')
const about = readFileSync('content/pages/about.yaml', 'utf8')
const home = readFileSync('content/pages/home.yaml', 'utf8')

describe('a text typed and then cleared in the admin', () => {
  it('is left out: an optional per-language text with nothing in it, a language left empty', () => {
    const data = parse(about)
    data.menuTitle = { nl: '', en: '', de: '', fr: '', da: '' }
    data.metaTitle = { nl: 'Over ons', en: '' }
    const saved = parse(entryText('content/pages/about.yaml', about, JSON.stringify(data), now))
    expect(saved).not.toHaveProperty('menuTitle')
    expect(saved.metaTitle).toEqual({ nl: 'Over ons' })
  })

  it('stays where an empty text means something: the home page’s URL segment', () => {
    const saved = parse(entryText('content/pages/home.yaml', home, JSON.stringify(parse(home)), now))
    expect(saved.urlSegment).toEqual(parse(home).urlSegment)
    expect(Object.values(saved.urlSegment)).toContain('')
  })

  it('of a required text is still refused by the check (the field is kept, without the language)', () => {
    const data = parse(about)
    data.title = { ...data.title, nl: '' }
    const saved = parse(entryText('content/pages/about.yaml', about, JSON.stringify(data), now))
    expect(saved.title).not.toHaveProperty('nl')
    expect(saved).toHaveProperty('title')
  })

  it('leaves an optional plain field out, such as a location’s e-mail address', () => {
    const location = readFileSync('content/locations/utrecht-dealer.yaml', 'utf8')
    const data = parse(location)
    data.email = ''
    const saved = parse(entryText('content/locations/utrecht-dealer.yaml', location, JSON.stringify(data), now))
    expect(saved).not.toHaveProperty('email')
    expect(saved.phone).toBe(data.phone)
  })
})

describe('an image replaced in the admin', () => {
  it('loses the width and height of the image it replaced (a start measures the new one); others keep theirs', () => {
    const news = readFileSync('content/news/jubileum.yaml', 'utf8')
    const data = parse(news)
    expect(data.image).toMatchObject({ width: 800, height: 533 })
    const same = parse(entryText('content/news/jubileum.yaml', news, JSON.stringify(data), now))
    expect(same.image).toMatchObject({ width: 800, height: 533 })
    data.image.src = '/media/lease-keys.webp'
    const replaced = parse(entryText('content/news/jubileum.yaml', news, JSON.stringify(data), now))
    expect(replaced.image.src).toBe('/media/lease-keys.webp')
    expect(replaced.image).not.toHaveProperty('width')
    expect(replaced.image).not.toHaveProperty('height')
  })
})
