// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CmsLink } from '../components/CmsLink'
import { renderInRouter } from '../../tests/support/render-blocks'

afterEach(cleanup)

function link(name: string) {
  return screen.getByRole('link', { name })
}

describe('CmsLink', () => {
  it.each([
    // public path (as the CMS sends it) → internal router path after navigation
    ['/', '/nl'],
    ['/over-ons/historie', '/nl/over-ons/historie'],
    ['/en', '/en'],
    ['/en/about-us', '/en/about-us'],
    // a fixed page: reached through the splat target, matched by the router by path
    ['/fr/actualites/nouveau-modele', '/fr/~news/nouveau-modele'],
    ['/nieuws', '/nl/~news'],
  ])('internal %s: a router link (public href, client-side navigation to %s)', async (url, internal) => {
    const { router } = await renderInRouter(
      <CmsLink link={{ url, external: false }} className="button">
        Ga
      </CmsLink>,
    )
    const anchor = link('Ga')
    expect(anchor.getAttribute('href')).toBe(url)
    expect(anchor.classList.contains('button')).toBe(true)
    expect(anchor.hasAttribute('rel')).toBe(false)
    expect(anchor.hasAttribute('target')).toBe(false)
    // A router link handles the click itself (default prevented) and navigates in-app.
    expect(fireEvent.click(anchor)).toBe(false)
    await waitFor(() => expect(router.state.location.pathname).toBe(internal))
  })

  it('keeps query and hash out of the router params (path only)', async () => {
    await renderInRouter(<CmsLink link={{ url: '/en/about-us?x=1#team', external: false }}>Team</CmsLink>)
    expect(link('Team').getAttribute('href')).toBe('/en/about-us')
  })

  it('external: a plain anchor with rel="noopener noreferrer", no target, no client-side navigation', async () => {
    const { router } = await renderInRouter(<CmsLink link={{ url: 'https://www.example.com/lease', external: true }}>Lease</CmsLink>)
    const anchor = link('Lease')
    expect(anchor.getAttribute('href')).toBe('https://www.example.com/lease')
    expect(anchor.getAttribute('rel')).toBe('noopener noreferrer')
    expect(anchor.hasAttribute('target')).toBe(false)
    // jsdom does not navigate; the point is that the router did not intercept the click.
    expect(fireEvent.click(anchor)).toBe(true)
    expect(router.state.location.pathname).toBe('/nl')
  })

  it('an absolute URL marked internal stays a plain anchor (never a router link to another origin)', async () => {
    await renderInRouter(<CmsLink link={{ url: 'https://elders.example/x', external: false }}>Elders</CmsLink>)
    const anchor = link('Elders')
    expect(anchor.getAttribute('href')).toBe('https://elders.example/x')
    expect(fireEvent.click(anchor)).toBe(true)
  })
})
