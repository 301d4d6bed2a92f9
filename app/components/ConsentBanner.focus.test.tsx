// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInRouter } from '../../tests/support/render-blocks'

afterEach(cleanup)

// A first visit each time: no cookie and a fresh consent store (the store is module state).
beforeEach(() => {
  document.cookie = 'consent=; Max-Age=0; Path=/'
  vi.resetModules()
})

const gtm = { id: 'GTM-TEST1', scriptUrl: 'https://gtm.example/gtm.js' }

async function renderVisit() {
  const { ConsentBanner } = await import('./ConsentBanner')
  await renderInRouter(
    <>
      <a href="/nl/contact">Contact</a>
      <main id="main" tabIndex={-1}>
        Inhoud
      </main>
      <ConsentBanner enabled />
    </>,
    'nl',
    [],
    '/',
    { gtm },
  )
}

const banner = () => screen.queryByRole('region', { name: 'Cookies op deze website' })

describe('first-visit consent banner', () => {
  it.each(['Weigeren', 'Accepteren'])('after "%s" the focus goes back to where it came from, not to <body>', async (answer) => {
    await renderVisit()
    const link = screen.getByRole('link', { name: 'Contact' })
    const button = within(banner() ?? document.body).getByRole('button', { name: answer })
    // Tab from the page into the banner.
    link.focus()
    act(() => button.focus())
    fireEvent.click(button)
    expect(banner()).toBeNull()
    expect(document.activeElement).toBe(link)
  })

  it('without a place it came from (a click straight on the button), the main content takes the focus', async () => {
    await renderVisit()
    fireEvent.click(within(banner() ?? document.body).getByRole('button', { name: 'Weigeren' }))
    expect(banner()).toBeNull()
    expect(document.activeElement).toBe(document.getElementById('main'))
  })
})
