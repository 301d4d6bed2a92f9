import { useForm } from '@tanstack/react-form'
import { useRef, useState, type FormEvent } from 'react'
import type { Locale } from '../../../app.config'
import { fieldError, type ContactFields } from '../../contact/contact-schema'
import { submitContact } from '../../contact/contact.functions'
import { captchaPayload } from './AltchaWidget'

/** Where a submission stands: nothing sent yet, thanked, or refused (nothing typed is lost then). */
export type ContactStatus = { kind: 'idle' } | { kind: 'sent'; firstName: string } | { kind: 'failed'; reason: 'rateLimited' | 'error' }

const emptyFields: ContactFields = { firstName: '', surName: '', email: '', message: '' }
const fieldNames = ['firstName', 'surName', 'email', 'message'] as const

/**
 * The contact form's state and its submit: TanStack Form holds the values,
 * checked with the same rules the server applies; the submit validates every
 * field, focuses the first invalid one, else sends once. It goes around the
 * form library's submit gate, so a corrected form can always be sent again.
 */
export function useContactSubmission(locale: Locale) {
  const form = useForm({ defaultValues: emptyFields })
  const [status, setStatus] = useState<ContactStatus>({ kind: 'idle' })
  /** A request is under way (the button says so). */
  const [pending, setPending] = useState(false)
  /** Errors show on every field after a submit, not only on the fields already left. */
  const [submitAttempted, setSubmitAttempted] = useState(false)
  // One key per filled-in form: a double click or a retry stores once.
  const idempotencyKey = useRef<string | null>(null)
  // The double-submit guard. A ref, not state: a second click in the same frame does not see state set by the first yet.
  const submitting = useRef(false)

  const submit = async (element: HTMLFormElement) => {
    setSubmitAttempted(true)
    // Show every field's state, untouched ones included (the library skips untouched fields).
    for (const name of fieldNames) form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, isBlurred: true }))
    await form.validateAllFields('change')
    const values = form.state.values
    const invalid = fieldNames.some((name) => fieldError(name, values[name]) !== undefined)
    if (invalid) {
      // Keyboard and screen reader users land on the first problem.
      requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setPending(true)
    idempotencyKey.current ??= crypto.randomUUID()
    const website = new FormData(element).get('website')
    try {
      const result = await submitContact({
        data: {
          ...form.state.values,
          locale,
          website: typeof website === 'string' ? website : '',
          captcha: captchaPayload(element),
          idempotencyKey: idempotencyKey.current,
        },
      })
      if (result.ok) setStatus({ kind: 'sent', firstName: result.firstName })
      else setStatus({ kind: 'failed', reason: result.reason === 'rateLimited' ? 'rateLimited' : 'error' })
    } catch {
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

  return { form, status, pending, submitAttempted, onSubmit }
}
