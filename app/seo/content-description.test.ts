import { describe, expect, it } from 'vitest'
import { descriptionFromContent, plainText } from './content-description'
import { shortened } from './meta'

describe('a description from the page’s own text', () => {
  it('takes the text fields of the page and its blocks in order, as plain text', () => {
    const page = {
      title: 'Missie',
      intro: '<p>Zestig jaar &amp; meer.</p>',
      elementalArea: {
        elements: [{ title: 'Blok', content: '<p>Eén&nbsp;dak</p><p>Twee</p>' }, { items: [{ title: 'x', text: 'Drie.' }] }],
      },
    }
    expect(descriptionFromContent(page)).toBe('Zestig jaar & meer. Eén dak Twee Drie.')
  })

  it('is cut at a word within what search results show', () => {
    const long = 'woord '.repeat(60)
    const description = descriptionFromContent({ content: `<p>${long}</p>` }) ?? ''
    expect(description.length).toBeLessThanOrEqual(155)
    expect(description).toMatch(/ woord…$/)
    expect(shortened('kort', 155)).toBe('kort')
  })

  it('is null for a page without text', () => {
    expect(descriptionFromContent({ title: 'Leeg', elementalArea: { elements: [{ image: { url: '/a.webp' } }] } })).toBeNull()
    expect(plainText('<p> </p>')).toBe('')
  })

  it('leaves out what a script or style element holds (code an editor pasted, never shown)', () => {
    const content = '<p>Welkom</p><script>alert("x")</script><style>p { color: red }</style><p>bij ons</p>'
    expect(descriptionFromContent({ content })).toBe('Welkom bij ons')
    expect(plainText('<p>Tekst</p><SCRIPT type="module">steal()')).toBe('Tekst')
  })
})
