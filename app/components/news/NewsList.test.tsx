// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInRouter } from '../../../tests/support/render-blocks'
import { withDateLabel } from '../../news/news-paths'
import { NewsList } from './NewsList'

afterEach(cleanup)

// The date label comes with the data, made by the news server functions.
const item = withDateLabel({ id: 'a', slug: 'open-dag', title: 'Open dag', date: '2026-11-12', summary: 'Kom langs.', image: null }, 'nl')

describe('NewsList', () => {
  it('shows the empty state when a language has no news', async () => {
    await renderInRouter(<NewsList locale="nl" items={[]} page={1} pageCount={1} />)
    expect(screen.getByText('Er zijn op dit moment geen nieuwsberichten.')).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lists items with a localized date and a read-more link to the detail', async () => {
    await renderInRouter(<NewsList locale="nl" items={[item]} page={1} pageCount={1} />)
    expect(screen.getByText('12 november 2026')).toBeTruthy()
    const more = screen.getByRole('link', { name: 'Lees meer: Open dag' })
    expect(more.getAttribute('href')).toBe('/nieuws/open-dag')
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('paginates with ?page links, the first page without the parameter', async () => {
    await renderInRouter(<NewsList locale="en" items={[item]} page={2} pageCount={2} />, 'en')
    const nav = screen.getByRole('navigation')
    const links = nav.querySelectorAll('a')
    expect(links[0]?.getAttribute('href')).toBe('/en/news')
    expect(links[1]?.getAttribute('href')).toBe('/en/news?page=2')
    expect(links[1]?.getAttribute('aria-current')).toBe('page')
  })

  it('links to at most seven pages of many: the first, the last, the current and its neighbours', async () => {
    await renderInRouter(<NewsList locale="nl" items={[item]} page={100} pageCount={334} />)
    const links = [...screen.getByRole('navigation').querySelectorAll('a')]
    expect(links.map((link) => link.textContent)).toEqual(['1', '99', '100', '101', '334'])
    expect(links[2]?.getAttribute('aria-current')).toBe('page')
    expect(links[4]?.getAttribute('href')).toBe('/nieuws?page=334')
    expect(screen.getByRole('navigation').querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2)
  })
})
