// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CmsPageData } from '../cms/load-page'
import { html, renderInRouter } from '../../tests/support/render-blocks'
import { CmsPage } from './CmsPage'

afterEach(cleanup)

vi.mock(import('@tanstack/react-start'), async (importOriginal) => ({
  ...(await importOriginal()),
  Hydrate: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}))

const base = {
  __typename: 'Page' as const,
  id: 'over-ons',
  link: '/over-ons',
  urlSegment: 'over-ons',
  title: 'Over ons',
  menuTitle: 'Over ons',
  metaTitle: null,
  metaDescription: null,
  locale: 'nl_NL',
  lastEdited: '2026-11-29T08:00:00Z',
  translations: [],
  breadcrumbs: [],
  parent: null,
  children: [],
}
const hero = {
  __typename: 'Hero' as const,
  id: 'h',
  title: 'Welkom',
  showTitle: true,
  subtitle: null,
  image: { url: '/media/hero.webp', alt: 'Auto', width: 1600, height: 900, variants: [], focus: null },
  cta: null,
}
const link = {
  __typename: 'Link' as const,
  id: 'l',
  title: 'Meer',
  showTitle: true,
  text: null,
  link: { title: 'Geschiedenis', url: '/over-ons/historie', external: false },
}

function pageWith(elements: Array<typeof hero | typeof link>): CmsPageData {
  const page: CmsPageData = { ...base, content: html('<p>Een familiebedrijf sinds 1965.</p>'), elementalArea: { elements } }
  return page
}

describe('a CMS page shows its own rich text (Content)', () => {
  it('under the title when the page has no hero', async () => {
    const { container } = await renderInRouter(<CmsPage page={pageWith([link])} breadcrumbs={[]} />)
    const text = screen.getByText('Een familiebedrijf sinds 1965.')
    const heading = screen.getByRole('heading', { level: 1, name: 'Over ons' })
    expect(heading.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(text.compareDocumentPosition(screen.getByRole('link', { name: 'Geschiedenis' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(container.querySelectorAll('.cms-page__content')).toHaveLength(1)
  })

  it('after the hero when the page starts with one', async () => {
    await renderInRouter(<CmsPage page={pageWith([hero, link])} breadcrumbs={[]} />)
    const text = screen.getByText('Een familiebedrijf sinds 1965.')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welkom' }).compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(text.compareDocumentPosition(screen.getByRole('link', { name: 'Geschiedenis' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
