// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInRouter } from '../../tests/support/render-blocks'
import { chooseConsent, consentStore } from '../client-runtime/consent'
import { ConsentBanner } from './ConsentBanner'
import { CookieSettings, CookieSettingsMenuItem } from './CookieSettings'

afterEach(cleanup)

const gtm = { id: 'GTM-TEST1', scriptUrl: 'https://gtm.example/gtm.js' }

/** The footer's list with its "Cookie settings" item, the banner, and the cookie policy's settings. */
function Page({ analytics }: { analytics: boolean }) {
  return (
    <>
      <ul aria-label="Voettekstmenu">
        <CookieSettingsMenuItem />
      </ul>
      <CookieSettings />
      <ConsentBanner enabled={analytics} />
    </>
  )
}

const banner = () => screen.queryByRole('region', { name: 'Cookies op deze website' })

describe('cookie settings', () => {
  it('without analytics configured: no banner, no footer control, and the policy says none are used', async () => {
    await renderInRouter(<Page analytics={false} />)
    expect(banner()).toBeNull()
    expect(within(screen.getByRole('list', { name: 'Voettekstmenu' })).queryByRole('button')).toBeNull()
    expect(screen.getByRole('region', { name: 'Uw cookie-instellingen' }).textContent).toContain('geen analytische cookies')
  })

  it('the footer control reopens the banner with the current choice; Escape closes it and gives the focus back', async () => {
    act(() => chooseConsent('denied'))
    await renderInRouter(<Page analytics />, 'nl', [], '/', { gtm })
    expect(banner()).toBeNull()
    const control = within(screen.getByRole('list', { name: 'Voettekstmenu' })).getByRole('button', { name: 'Cookie-instellingen' })
    control.focus()
    fireEvent.click(control)
    const reopened = banner()
    expect(reopened).not.toBeNull()
    expect(reopened?.textContent).toContain('Uw huidige keuze: analytische cookies geweigerd.')
    expect(document.activeElement).toBe(within(reopened ?? document.body).getByRole('heading'))

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(banner()).toBeNull()
    expect(document.activeElement).toBe(control)
    expect(consentStore.getSnapshot().choice).toBe('denied')
  })

  it('a choice in the reopened banner applies at once and shows in the cookie policy’s settings', async () => {
    await renderInRouter(<Page analytics />, 'nl', [], '/', { gtm })
    const settings = screen.getByRole('region', { name: 'Uw cookie-instellingen' })
    expect(within(settings).getByRole('status').textContent).toBe('Uw huidige keuze: analytische cookies geweigerd.')
    const control = within(screen.getByRole('list', { name: 'Voettekstmenu' })).getByRole('button', { name: 'Cookie-instellingen' })
    fireEvent.click(control)
    fireEvent.click(within(banner() ?? document.body).getByRole('button', { name: 'Accepteren' }))
    expect(banner()).toBeNull()
    expect(document.activeElement).toBe(control)
    expect(within(settings).getByRole('status').textContent).toBe('Uw huidige keuze: analytische cookies toegestaan.')
    expect(document.cookie).toContain('consent=granted')

    // And back, from the cookie policy's own buttons.
    fireEvent.click(within(settings).getByRole('button', { name: 'Weigeren' }))
    expect(within(settings).getByRole('status').textContent).toBe('Uw huidige keuze: analytische cookies geweigerd.')
  })

  it('the close button of a reopened banner keeps the choice', async () => {
    await renderInRouter(<Page analytics />, 'nl', [], '/', { gtm })
    fireEvent.click(within(screen.getByRole('list', { name: 'Voettekstmenu' })).getByRole('button', { name: 'Cookie-instellingen' }))
    fireEvent.click(within(banner() ?? document.body).getByRole('button', { name: 'Sluiten zonder te wijzigen' }))
    expect(banner()).toBeNull()
    expect(consentStore.getSnapshot().choice).toBe('denied')
  })
})
