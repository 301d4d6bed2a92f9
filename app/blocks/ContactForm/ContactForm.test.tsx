// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ContactResult } from '../../contact/contact-schema'
import { ContactPostContext, contactPostHolder } from '../../contact/form-post'
import { renderInRouter } from '../../../tests/support/render-blocks'
import { ContactForm } from './ContactForm'

// The server function, answered by each test (no server in a unit test).
const submitContact = vi.hoisted(() => vi.fn<(options: { data: Record<string, unknown> }) => Promise<ContactResult>>())
vi.mock('../../contact/contact.functions', () => ({ submitContact }))
// No captcha widget: it would load and verify itself, which jsdom cannot (the payload is then empty).
// Its mounts are counted: a new mount is a new challenge solved; an unmount drops a solved one.
const captchaMounts = vi.hoisted(() => ({ count: 0, unmounts: 0 }))
vi.mock('./AltchaWidget', async (importOriginal) => {
  const { useEffect } = await import('react')
  return {
    ...(await importOriginal<typeof import('./AltchaWidget')>()),
    AltchaWidget: () => {
      useEffect(() => {
        captchaMounts.count += 1
        return () => {
          captchaMounts.unmounts += 1
        }
      }, [])
      return null
    },
  }
})

// The captcha starts when its place is seen: each test says when (jsdom has no IntersectionObserver).
const observed = vi.hoisted(() => new Set<(entries: Array<{ isIntersecting: boolean }>) => void>())
vi.stubGlobal(
  'IntersectionObserver',
  class {
    constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
    observe() {
      observed.add(this.callback)
    }
    disconnect() {
      observed.delete(this.callback)
    }
  },
)
function scrollToCaptcha() {
  act(() => {
    for (const callback of observed) callback([{ isIntersecting: true }])
  })
}

afterEach(() => {
  cleanup()
  submitContact.mockReset()
  observed.clear()
})

const block = { id: 'c', title: 'Contact', showTitle: true, intro: null }

function fill() {
  fireEvent.change(screen.getByLabelText('Voornaam'), { target: { value: 'Zoë' } })
  fireEvent.change(screen.getByLabelText('Achternaam'), { target: { value: 'de Vries' } })
  fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'zoe@example.com' } })
  fireEvent.change(screen.getByLabelText('Uw bericht'), { target: { value: 'Graag een offerte.' } })
}

describe('ContactForm', () => {
  it('an empty submit sends nothing and marks every field, described by its error', async () => {
    await renderInRouter(<ContactForm block={block} />)
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await waitFor(() => expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(4))
    const message = screen.getByLabelText('Uw bericht')
    expect(message.getAttribute('aria-invalid')).toBe('true')
    expect(message.getAttribute('aria-describedby')).toBe('c-message-hint c-message-error')
    expect(submitContact).not.toHaveBeenCalled()
  })

  it('a double submit sends once, then thanks the visitor', async () => {
    let answer: (result: ContactResult) => void = () => {}
    submitContact.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    await renderInRouter(<ContactForm block={block} />)
    fill()
    const button = screen.getByRole('button', { name: 'Versturen' })
    fireEvent.submit(button)
    fireEvent.submit(button)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bezig met versturen…' })).toHaveProperty('disabled', true))
    fireEvent.submit(button)
    answer({ ok: true, firstName: 'Zoë' })
    await screen.findByText('Beste Zoë,')
    expect(submitContact).toHaveBeenCalledTimes(1)
  })

  it('after a failure the form keeps what was typed and can be sent again with the same key', async () => {
    submitContact.mockResolvedValueOnce({ ok: false, reason: 'error' }).mockResolvedValueOnce({ ok: true, firstName: 'Zoë' })
    await renderInRouter(<ContactForm block={block} />)
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Er is een fout opgetreden. Probeer het later opnieuw.')
    expect(screen.getByLabelText('Voornaam')).toHaveProperty('value', 'Zoë')
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Beste Zoë,')
    const [first, second] = submitContact.mock.calls.map(([options]) => options.data)
    expect(first?.idempotencyKey).toEqual(expect.any(String))
    expect(second).toEqual(first)
  })

  it('an edit after a failed send goes with a new key, so it is not taken for the first text', async () => {
    submitContact.mockResolvedValueOnce({ ok: false, reason: 'error' }).mockResolvedValueOnce({ ok: true, firstName: 'Zoë' })
    await renderInRouter(<ContactForm block={block} />)
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Er is een fout opgetreden. Probeer het later opnieuw.')
    fireEvent.change(screen.getByLabelText('Uw bericht'), { target: { value: 'Graag een offerte voor twee auto’s.' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Beste Zoë,')
    const [first, second] = submitContact.mock.calls.map(([options]) => options.data)
    expect(second?.message).toBe('Graag een offerte voor twee auto’s.')
    expect(second?.idempotencyKey).toEqual(expect.any(String))
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey)
  })

  it('a refusal after an unanswered send does not settle it: an edit then still gets a new key', async () => {
    submitContact
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce({ ok: false, reason: 'rateLimited' })
      .mockResolvedValueOnce({ ok: true, firstName: 'Zoë' })
    await renderInRouter(<ContactForm block={block} />)
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Er is een fout opgetreden. Probeer het later opnieuw.')
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('U heeft te veel berichten kort na elkaar verstuurd. Probeer het over enkele minuten opnieuw.')
    fireEvent.change(screen.getByLabelText('Uw bericht'), { target: { value: 'Toch liever een proefrit.' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Beste Zoë,')
    const [first, retry, edited] = submitContact.mock.calls.map(([options]) => options.data)
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey)
    expect(edited?.idempotencyKey).not.toBe(first?.idempotencyKey)
  })

  it('the captcha starts when a field is focused, not at load', async () => {
    const mounted = captchaMounts.count
    await renderInRouter(<ContactForm block={block} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(captchaMounts.count).toBe(mounted)
    fireEvent.focus(screen.getByLabelText('Voornaam'))
    await waitFor(() => expect(captchaMounts.count).toBe(mounted + 1))
    // Later focus changes start nothing more.
    fireEvent.focus(screen.getByLabelText('Achternaam'))
    scrollToCaptcha()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(captchaMounts.count).toBe(mounted + 1)
  })

  it('the captcha starts when its place is scrolled into view', async () => {
    const mounted = captchaMounts.count
    await renderInRouter(<ContactForm block={block} />)
    expect(captchaMounts.count).toBe(mounted)
    expect(observed.size).toBe(1)
    scrollToCaptcha()
    await waitFor(() => expect(captchaMounts.count).toBe(mounted + 1))
  })

  it('a refused captcha says so and solves a new challenge, the text kept', async () => {
    submitContact.mockResolvedValueOnce({ ok: false, reason: 'captcha' })
    await renderInRouter(<ContactForm block={block} />)
    fireEvent.focus(screen.getByLabelText('Voornaam'))
    await waitFor(() => expect(captchaMounts.count).toBeGreaterThan(0))
    const mounted = captchaMounts.count
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText(
      /de beveiligingscontrole was nog niet klaar.*Verstuur het formulier opnieuw zodra de controle hierboven klaar is\./,
    )
    // The message and the new round may land in different renders: wait for the remount.
    await waitFor(() => expect(captchaMounts.count).toBe(mounted + 1))
    expect(screen.getByLabelText('Uw bericht')).toHaveProperty('value', 'Graag een offerte.')
  })
})

const locationOptions: [ReadonlyArray<string>, unknown] = [
  ['cms', 'location-options', 'nl'],
  [
    { id: 'utrecht-dealer', name: 'Horizon Utrecht', address: { city: 'Utrecht', country: 'NL' } },
    { id: 'aarhus-dealer', name: 'Horizon Aarhus', address: { city: 'Aarhus', country: 'DK' } },
    { id: 'amsterdam-dealer', name: 'Horizon Amsterdam', address: { city: 'Amsterdam', country: 'NL' } },
  ],
]

describe('ContactForm: optional fields', () => {
  it('offers the locations by country, preselects the one in ?location= and sends the optional fields', async () => {
    submitContact.mockResolvedValue({ ok: true, firstName: 'Zoë' })
    await renderInRouter(<ContactForm block={block} />, 'nl', [locationOptions], '/?location=utrecht-dealer')
    const select = screen.getByLabelText('Voorkeursvestiging (optioneel)')
    expect(select).toHaveProperty('value', 'utrecht-dealer')
    const groups = [...select.querySelectorAll('optgroup')].map((group) => [
      group.label,
      [...group.querySelectorAll('option')].map((o) => o.textContent),
    ])
    expect(groups).toEqual([
      ['Nederland', ['Horizon Amsterdam', 'Horizon Utrecht']],
      ['Denemarken', ['Horizon Aarhus']],
    ])
    fill()
    fireEvent.change(screen.getByLabelText('Telefoonnummer (optioneel)'), { target: { value: '+31 6 1234 5678' } })
    fireEvent.change(screen.getByLabelText('Onderwerp (optioneel)'), { target: { value: 'damage' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Beste Zoë,')
    expect(submitContact.mock.calls[0]?.[0].data).toMatchObject({ phone: '+31 6 1234 5678', subject: 'damage', location: 'utrecht-dealer' })
  })

  it('preselects nothing for an unknown or malformed ?location=', async () => {
    for (const search of ['?location=nope', '?location=%3Cscript%3E', '?location=']) {
      await renderInRouter(<ContactForm block={block} />, 'nl', [locationOptions], `/${search}`)
      expect(screen.getByLabelText('Voorkeursvestiging (optioneel)'), search).toHaveProperty('value', '')
      cleanup()
    }
  })

  it('marks a wrong phone number and only the required fields as required', async () => {
    await renderInRouter(<ContactForm block={block} />)
    fireEvent.change(screen.getByLabelText('Telefoonnummer (optioneel)'), { target: { value: 'bel me' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Vul een geldig telefoonnummer in, bijvoorbeeld +31 30 123 45 67.')
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(4)
    expect(screen.getByLabelText('Onderwerp (optioneel)').getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByLabelText('Onderwerp (optioneel)')).toHaveProperty('required', false)
    expect(submitContact).not.toHaveBeenCalled()
  })

  it('shows a field error only the server can give (a location gone meanwhile) until the field changes', async () => {
    submitContact.mockResolvedValueOnce({ ok: false, reason: 'invalid', fields: { location: 'invalidOption' } })
    await renderInRouter(<ContactForm block={block} />, 'nl', [locationOptions], '/?location=utrecht-dealer')
    fill()
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Kies een van de mogelijkheden uit de lijst.')
    fireEvent.change(screen.getByLabelText('Voorkeursvestiging (optioneel)'), { target: { value: 'aarhus-dealer' } })
    await waitFor(() => expect(screen.queryByText('Kies een van de mogelijkheden uit de lijst.')).toBeNull())
  })
})

describe('ContactForm after a plain form post (no JavaScript yet)', () => {
  const values = {
    firstName: 'Zoë',
    surName: '',
    email: 'nope',
    phone: '',
    subject: 'service',
    location: 'utrecht-dealer',
    message: 'Hallo',
  }
  const key = crypto.randomUUID()
  /** The form as the server hands a refused post back: in a page whose post holder carries it. */
  const renderHandedBack = (posted: ReturnType<typeof contactPostHolder>) =>
    renderInRouter(
      <ContactPostContext value={posted}>
        <ContactForm block={block} />
      </ContactPostContext>,
      'nl',
      [locationOptions],
    )

  it('starts with everything that was posted, the server’s errors and a notice; the next send uses the same key', async () => {
    const posted = contactPostHolder({
      kind: 'refused',
      blockId: 'c',
      reason: 'invalid',
      values,
      fields: { surName: 'required', email: 'invalidEmail' },
      idempotencyKey: key,
    })
    submitContact.mockResolvedValue({ ok: true, firstName: 'Zoë' })
    await renderHandedBack(posted)
    expect(screen.getByRole('alert').textContent).toBe(
      'Uw bericht is nog niet verstuurd. Verbeter de gemarkeerde velden en verstuur het formulier opnieuw.',
    )
    expect(screen.getByLabelText('Voornaam')).toHaveProperty('value', 'Zoë')
    expect(screen.getByLabelText('Onderwerp (optioneel)')).toHaveProperty('value', 'service')
    expect(screen.getByLabelText('Voorkeursvestiging (optioneel)')).toHaveProperty('value', 'utrecht-dealer')
    expect(screen.getByLabelText('E-mailadres').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Dit veld is verplicht.')).toBeTruthy()
    expect(document.querySelector<HTMLInputElement>('input[name="idempotencyKey"]')?.value).toBe(key)
    // Taken once: a later form on the page (a client navigation back) starts fresh.
    expect(posted.current()).toBeUndefined()

    fireEvent.change(screen.getByLabelText('Achternaam'), { target: { value: 'de Vries' } })
    fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'zoe@example.com' } })
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await screen.findByText('Beste Zoë,')
    expect(submitContact.mock.calls[0]?.[0].data).toMatchObject({ idempotencyKey: key, subject: 'service', location: 'utrecht-dealer' })
  })

  it('a handed-back post keeps its captcha through the next send, with no field touched', async () => {
    const complete = { ...values, surName: 'de Vries', email: 'zoe@example.com' }
    const posted = contactPostHolder({
      kind: 'refused',
      blockId: 'c',
      reason: 'captcha',
      values: complete,
      fields: {},
      idempotencyKey: key,
    })
    submitContact.mockReturnValue(new Promise(() => {}))
    const mounted = captchaMounts.count
    const unmounted = captchaMounts.unmounts
    await renderHandedBack(posted)
    await waitFor(() => expect(captchaMounts.count).toBe(mounted + 1))
    // Sending clears the handed-back notice; the check solved for it must stay to be sent along.
    fireEvent.submit(screen.getByRole('button', { name: 'Versturen' }))
    await waitFor(() => expect(submitContact).toHaveBeenCalledTimes(1))
    expect(captchaMounts.unmounts).toBe(unmounted)
    expect(captchaMounts.count).toBe(mounted + 1)
  })

  it('says what is still needed when only the captcha was missing', async () => {
    const posted = contactPostHolder({ kind: 'refused', blockId: 'c', reason: 'captcha', values, fields: {}, idempotencyKey: key })
    const mounted = captchaMounts.count
    await renderInRouter(
      <ContactPostContext value={posted}>
        <ContactForm block={block} />
      </ContactPostContext>,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Uw bericht is nog niet verstuurd: de beveiligingscontrole was nog niet klaar. Alles wat u heeft ingevuld staat er nog. Verstuur het formulier opnieuw zodra de controle hieronder klaar is.',
    )
    // The check the notice points to starts at once, with no focus or scroll.
    await waitFor(() => expect(captchaMounts.count).toBe(mounted + 1))
  })

  it('thanks the visitor after the redirect', async () => {
    await renderInRouter(
      <ContactPostContext value={contactPostHolder({ kind: 'sent', blockId: 'c', firstName: 'Zoë' })}>
        <ContactForm block={block} />
      </ContactPostContext>,
    )
    expect(screen.getByRole('status').id).toBe('c-thanks')
    expect(screen.getByText('Beste Zoë,')).toBeTruthy()
  })

  it('ignores what another block was posted', async () => {
    await renderInRouter(
      <ContactPostContext value={contactPostHolder({ kind: 'sent', blockId: 'other', firstName: 'Zoë' })}>
        <ContactForm block={block} />
      </ContactPostContext>,
    )
    expect(screen.queryByText('Beste Zoë,')).toBeNull()
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeTruthy()
  })
})
