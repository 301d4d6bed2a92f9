import { describe, expect, it } from 'vitest'
import { notificationMail } from './outbox.server'

const message = {
  firstName: 'Zoë',
  surName: 'de Vries',
  email: 'zoe@example.com',
  message: 'Graag een afspraak.',
  locale: 'nl_NL',
  createdAt: '2026-11-23T10:00:00.000Z',
  phone: null,
  locationId: null,
  locationName: null,
  subject: null,
}

describe('notificationMail', () => {
  it('names the sender and quotes the message', () => {
    expect(notificationMail(message)).toEqual({
      subject: 'Contactformulier: Zoë de Vries',
      text: 'Zoë de Vries <zoe@example.com> (nl_NL, 2026-11-23T10:00:00.000Z):\n\nGraag een afspraak.\n',
    })
  })

  it('adds the optional fields the visitor gave, the subject in the staff’s words', () => {
    const mail = notificationMail({
      ...message,
      phone: '+31 6 1234 5678',
      subject: 'damage',
      locationId: 'utrecht-dealer',
      locationName: 'Horizon Utrecht',
    })
    expect(mail.subject).toBe('Contactformulier (Schade): Zoë de Vries')
    expect(mail.text).toBe(
      'Zoë de Vries <zoe@example.com> (nl_NL, 2026-11-23T10:00:00.000Z):\nTelefoon: +31 6 1234 5678\nOnderwerp: Schade\nVestiging: Horizon Utrecht (utrecht-dealer)\n\nGraag een afspraak.\n',
    )
    // A location no longer in the content keeps its id.
    expect(notificationMail({ ...message, locationId: 'closed-dealer' }).text).toContain('Vestiging: closed-dealer\n')
  })
})
