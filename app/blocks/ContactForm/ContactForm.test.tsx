// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ContactResult } from '../../contact/contact-schema'
import { renderInRouter } from '../test-utils'
import { ContactForm } from './ContactForm'

// The server function, answered by each test (no server in a unit test).
const submitContact = vi.hoisted(() => vi.fn<(options: { data: Record<string, unknown> }) => Promise<ContactResult>>())
vi.mock('../../contact/contact.functions', () => ({ submitContact }))
// No captcha widget: it would load and verify itself, which jsdom cannot (the payload is then empty).
vi.mock('./AltchaWidget', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./AltchaWidget')>()),
  AltchaWidget: () => null,
}))

afterEach(() => {
  cleanup()
  submitContact.mockReset()
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
})
