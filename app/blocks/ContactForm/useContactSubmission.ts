import { useForm } from '@tanstack/react-form'
import { useRef, useState, type FormEvent } from 'react'
import type { Locale } from '../../../app.config'
import { contactFieldNames, fieldError, type ContactFieldErrors, type ContactRefusal } from '../../contact/contact-schema'
import { submitContact } from '../../contact/contact.functions'
import type { ContactPostState, ContactValues } from '../../contact/form-post'
import { captchaPayload } from './AltchaWidget'

/** Where a submission stands: nothing sent yet, thanked, or refused (nothing typed is lost then). */
export type ContactStatus =
  { kind: 'idle' } | { kind: 'sent'; firstName: string } | { kind: 'failed'; reason: 'rateLimited' | 'captcha' | 'error' }

const emptyFields: ContactValues = { firstName: '', surName: '', email: '', phone: '', subject: '', location: '', message: '' }

/** The server's field errors and the values they were given for: an error shows until its field is changed. */
export interface ServerFieldErrors {
  values: ContactValues
  fields: ContactFieldErrors
}

/** What a key stands for: the fields as sent. */
function textOf(values: ContactValues): string {
  return JSON.stringify(contactFieldNames.map((name) => values[name]))
}

/**
 * The contact form's state and its submit: TanStack Form holds the values,
 * checked with the same rules the server applies; the submit validates every
 * field, focuses the first invalid one, else sends once. It goes around the
 * form library's submit gate, so a corrected form can always be sent again.
 *
 * `posted` is what a plain form post left (contact/form-post.ts): the form starts with its
 * values, errors, reason and idempotency key; `location` preselects a location (`?location=`).
 */
export function useContactSubmission(locale: Locale, posted: ContactPostState | undefined, location: string | undefined) {
  const refused = posted?.kind === 'refused' ? posted : undefined
  const form = useForm({ defaultValues: refused ? refused.values : { ...emptyFields, location: location ?? '' } })
  const [status, setStatus] = useState<ContactStatus>(
    posted?.kind === 'sent' ? { kind: 'sent', firstName: posted.firstName } : { kind: 'idle' },
  )
  /** Why the plain form post was not sent (shown above the form until the next try). */
  const [postedReason, setPostedReason] = useState<ContactRefusal | undefined>(
    // Invalid without a field to point at (the honeypot) says no more than any error.
    refused && (refused.reason === 'invalid' && Object.keys(refused.fields).length === 0 ? 'error' : refused.reason),
  )
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors | undefined>(
    refused && { values: refused.values, fields: refused.fields },
  )
  /** A request is under way (the button says so). */
  const [pending, setPending] = useState(false)
  /** Errors show on every field after a submit, not only on the fields already left. */
  const [submitAttempted, setSubmitAttempted] = useState(refused !== undefined)
  // One key per filled-in form: a double click or a retry stores once; the key a refused plain
  // post handed back (its captcha counted with it) goes with the next send.
  const idempotencyKey = useRef<string | null>(refused?.idempotencyKey ?? null)
  // The text first sent with the key when an answer did not say whether it was stored (lost, or
  // a server error), kept until the key is replaced. An edit then gets a new key: a key stands
  // for what it was first stored with, so the edited text would be acknowledged and dropped.
  const unsettledText = useRef<string | null>(refused?.reason === 'error' ? textOf(refused.values) : null)
  // Bumped to make the captcha solve a new challenge: one the server refused (expired, or used
  // with the key that was replaced) is never good again.
  const [captchaRound, setCaptchaRound] = useState(0)
  // The double-submit guard. A ref, not state: a second click in the same frame does not see state set by the first yet.
  const submitting = useRef(false)

  const focusFirstInvalid = (element: HTMLFormElement) =>
    // Keyboard and screen reader users land on the first problem.
    requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())

  const submit = async (element: HTMLFormElement) => {
    setSubmitAttempted(true)
    setPostedReason(undefined)
    // Show every field's state, untouched ones included (the library skips untouched fields).
    for (const name of contactFieldNames) form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, isBlurred: true }))
    await form.validateAllFields('change')
    const values = form.state.values
    const invalid = contactFieldNames.some((name) => fieldError(name, values[name]) !== undefined)
    if (invalid) {
      focusFirstInvalid(element)
      return
    }
    setPending(true)
    const text = textOf(values)
    if (unsettledText.current !== null && unsettledText.current !== text) {
      idempotencyKey.current = null
      unsettledText.current = null
    }
    const key = (idempotencyKey.current ??= crypto.randomUUID())
    const website = new FormData(element).get('website')
    try {
      const result = await submitContact({
        data: {
          ...values,
          locale,
          website: typeof website === 'string' ? website : '',
          captcha: captchaPayload(element),
          idempotencyKey: key,
        },
      })
      if (result.ok) {
        setStatus({ kind: 'sent', firstName: result.firstName })
      } else if (result.reason === 'invalid' && result.fields?.location === 'invalidOption') {
        // The one check only the server can make: the location is gone since the page was loaded.
        // (Any other field error means a request the form did not send as it was: the general alert.)
        setServerErrors({ values, fields: { location: 'invalidOption' } })
        setStatus({ kind: 'idle' })
        focusFirstInvalid(element)
      } else if (result.reason === 'captcha') {
        setCaptchaRound((round) => round + 1)
        setStatus({ kind: 'failed', reason: 'captcha' })
      } else {
        if (result.reason === 'error') unsettledText.current ??= text
        setStatus({ kind: 'failed', reason: result.reason === 'rateLimited' ? 'rateLimited' : 'error' })
      }
    } catch {
      unsettledText.current ??= text
      setStatus({ kind: 'failed', reason: 'error' })
    } finally {
      setPending(false)
    }
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // A double click must not start a second submission (nor a second validation) while the first is on its way.
    if (submitting.current) return
    submitting.current = true
    void submit(event.currentTarget).finally(() => {
      submitting.current = false
    })
  }

  return {
    form,
    status,
    pending,
    submitAttempted,
    postedReason,
    serverErrors,
    idempotencyKey: refused?.idempotencyKey ?? '',
    captchaRound,
    onSubmit,
  }
}
