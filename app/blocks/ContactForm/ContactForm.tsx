import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ResultOf } from 'gql.tada'
import { useRef, useState, type ReactNode } from 'react'
import { contactLimits, fieldError, type ContactErrorCode, type ContactFields } from '../../contact/contact-schema'
import { submitContact } from '../../contact/contact.functions'
import { RichText } from '../../components/RichText'
import { useOptionalSiteData } from '../../components/site-data'
import { useCurrentLocale } from '../../i18n/use-locale'
import { BlockSection } from '../BlockSection'
import type { ContactFormBlockFragment } from './fragment'
import { AltchaWidget, captchaPayload } from './AltchaWidget'
import { TurnstileWidget } from './TurnstileWidget'

const rootRoute = getRouteApi('__root__')

/** Which captcha to show (root loader's public config; ALTCHA when absent, e.g. in unit tests). */
function useRouteContextCaptcha() {
  return rootRoute.useLoaderData({ select: (data) => ('captcha' in data ? data.captcha : undefined) })
}

type Status = { kind: 'idle' } | { kind: 'sent'; firstName: string } | { kind: 'failed'; reason: 'rateLimited' | 'error' }

const emptyFields: ContactFields = { firstName: '', surName: '', email: '', message: '' }
const fieldNames = ['firstName', 'surName', 'email', 'message'] as const

function useErrorText() {
  const { t } = useLingui()
  return (code: ContactErrorCode | undefined): string | undefined => {
    switch (code) {
      case 'required':
        return t`Dit veld is verplicht.`
      case 'tooLong':
        return t`Dit veld is te lang.`
      case 'invalidEmail':
        return t`Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.`
      case 'invalidCharacters':
        return t`Dit veld bevat tekens die niet zijn toegestaan.`
      case undefined:
        return undefined
    }
  }
}

/**
 * The contact form: TanStack Form with the shared valibot rules (checked on
 * blur and on submit, errors announced and the first invalid field focused),
 * a honeypot, ALTCHA, and one server function. On failure nothing typed is lost.
 */
export function ContactForm({ block }: { block: ResultOf<typeof ContactFormBlockFragment> }) {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const siteName = useOptionalSiteData()?.site.title ?? ''
  const captcha = useRouteContextCaptcha()
  const errorText = useErrorText()
  const formRef = useRef<HTMLFormElement>(null)
  const idempotencyKey = useRef<string | null>(null)
  const submitting = useRef(false)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  const [pending, setPending] = useState(false)
  const [submitAttempted, setSubmitAttempted] = useState(false)
  const form = useForm({ defaultValues: emptyFields })

  /**
   * Validates every field (the same rules the server applies), focuses the
   * first invalid one, else sends. Handled here rather than through the form
   * library's submit gate, so a corrected form can always be sent again.
   */
  const submit = async () => {
    const element = formRef.current
    if (!element || pending) return
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
    // One key per filled-in form: a double click or a retry stores once.
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

  if (status.kind === 'sent') {
    const { firstName } = status
    return (
      <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
        {/* A live region holding paragraphs (not a calculation result, which is what <output> is for). */}
        {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
        <div className="contact-form__thanks" role="status" tabIndex={-1} ref={(el) => el?.focus()}>
          <p className="contact-form__greeting">{t`Beste ${firstName},`}</p>
          <p>{t`Bedankt voor uw bericht. We nemen zo snel mogelijk contact met u op.`}</p>
          <p>
            {t`Met vriendelijke groet,`}
            <br />
            {siteName}
          </p>
        </div>
      </BlockSection>
    )
  }

  const field = (name: keyof ContactFields, label: string, input: (props: FieldInputProps) => ReactNode, hint?: string) => (
    <form.Field
      name={name}
      validators={{
        // One source of truth that always reflects the current value (so an error clears the moment
        // the field is right, with no layout jump on blur); it shows once the field was left or a submit tried.
        onChange: ({ value }) => fieldError(name, value),
      }}
    >
      {(api) => {
        const code = api.state.meta.errors.find((e): e is ContactErrorCode => typeof e === 'string')
        const message = api.state.meta.isBlurred || submitAttempted ? errorText(code) : undefined
        const id = `${block.id}-${name}`
        return (
          <div className="form-field">
            <label htmlFor={id}>{label}</label>
            {hint ? (
              <p className="form-field__hint" id={`${id}-hint`}>
                {hint}
              </p>
            ) : null}
            {input({
              id,
              name,
              value: api.state.value,
              onBlur: api.handleBlur,
              onChange: (value: string) => api.handleChange(value),
              'aria-invalid': message ? true : undefined,
              'aria-describedby': [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
            })}
            {message ? (
              <p className="form-field__error" id={`${id}-error`}>
                {message}
              </p>
            ) : null}
          </div>
        )
      }}
    </form.Field>
  )

  return (
    <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      {/* method="post": a submit before the page has hydrated must not put the message in the URL. */}
      <form
        ref={formRef}
        className="contact-form"
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          // A double click must not start a second submission while the first is on its way.
          if (submitting.current) return
          submitting.current = true
          void submit().finally(() => {
            submitting.current = false
          })
        }}
      >
        <div className="contact-form__row">
          {field('firstName', t`Voornaam`, (p) => (
            <TextInput {...p} autoComplete="given-name" maxLength={contactLimits.nameMax} />
          ))}
          {field('surName', t`Achternaam`, (p) => (
            <TextInput {...p} autoComplete="family-name" maxLength={contactLimits.nameMax} />
          ))}
        </div>
        {field('email', t`E-mailadres`, (p) => (
          <TextInput {...p} type="email" autoComplete="email" maxLength={contactLimits.emailMax} />
        ))}
        {field(
          'message',
          t`Uw bericht`,
          (p) => (
            <textarea
              id={p.id}
              name={p.name}
              value={p.value}
              rows={6}
              maxLength={contactLimits.messageMax}
              onBlur={p.onBlur}
              onChange={(event) => p.onChange(event.target.value)}
              aria-invalid={p['aria-invalid']}
              aria-describedby={p['aria-describedby']}
              required
            />
          ),
          t`Maximaal ${contactLimits.messageMax} tekens.`,
        )}

        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={`${block.id}-website`}>Website</label>
          <input id={`${block.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>

        {captcha?.provider === 'turnstile' ? (
          <TurnstileWidget locale={locale} siteKey={captcha.siteKey} scriptUrl={captcha.scriptUrl} />
        ) : (
          <AltchaWidget locale={locale} />
        )}

        <p className="contact-form__consent">
          <Trans>
            Door dit formulier te versturen gaat u akkoord met onze{' '}
            <Link to="/$locale/~privacy" params={{ locale }}>
              privacyverklaring
            </Link>
            . Telefoongesprekken kunnen worden opgenomen voor kwaliteitsverbetering.
          </Trans>
        </p>

        <div aria-live="assertive" className="contact-form__alert-region">
          {status.kind === 'failed' ? (
            <p className="contact-form__alert" role="alert">
              {status.reason === 'rateLimited'
                ? t`U heeft te veel berichten kort na elkaar verstuurd. Probeer het over enkele minuten opnieuw.`
                : t`Er is een fout opgetreden. Probeer het later opnieuw.`}
            </p>
          ) : null}
        </div>

        <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t`Bezig met versturen…` : t`Versturen`}
        </button>
        <noscript>
          <p>{t`Zet JavaScript aan om dit formulier te versturen, of bel of mail ons.`}</p>
        </noscript>
      </form>
    </BlockSection>
  )
}

interface FieldInputProps {
  id: string
  name: string
  value: string
  onBlur: () => void
  onChange: (value: string) => void
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

function TextInput({
  onChange,
  type = 'text',
  ...props
}: FieldInputProps & { type?: 'text' | 'email'; autoComplete: string; maxLength: number }) {
  return <input {...props} type={type} required onChange={(event) => onChange(event.target.value)} />
}
