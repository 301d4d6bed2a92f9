import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import type { ResultOf } from 'gql.tada'
import { useRef, useState, type ReactNode } from 'react'
import { contactLimits, fieldError, type ContactErrorCode, type ContactFields } from '../contact/contact-schema'
import { submitContact } from '../contact/contact.functions'
import { RichText } from '../components/RichText'
import { useSiteData } from '../components/site-data'
import { useCurrentLocale } from '../i18n/use-locale'
import { BlockSection } from './BlockSection'
import type { ContactFormBlockFragment } from './ContactForm.fragment'
import { AltchaWidget, captchaPayload } from './contact/AltchaWidget'

type Status = { kind: 'idle' } | { kind: 'sent'; firstName: string } | { kind: 'failed'; reason: 'rateLimited' | 'error' }

const emptyFields: ContactFields = { firstName: '', surName: '', email: '', message: '' }

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
  const { site } = useSiteData()
  const errorText = useErrorText()
  const formRef = useRef<HTMLFormElement>(null)
  const idempotencyKey = useRef<string | null>(null)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  const form = useForm({
    defaultValues: emptyFields,
    onSubmitInvalid: () => {
      // Move focus to the first field with an error, so keyboard and screen reader users land on it.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    },
    onSubmit: async ({ value }) => {
      const element = formRef.current
      if (!element) return
      // One key per filled-in form: a double click or a retry stores once.
      idempotencyKey.current ??= crypto.randomUUID()
      const website = new FormData(element).get('website')
      try {
        const result = await submitContact({
          data: {
            ...value,
            locale,
            website: typeof website === 'string' ? website : '',
            captcha: captchaPayload(element),
            idempotencyKey: idempotencyKey.current,
          },
        })
        if (result.ok) {
          setStatus({ kind: 'sent', firstName: result.firstName })
          return
        }
        setStatus({ kind: 'failed', reason: result.reason === 'rateLimited' ? 'rateLimited' : 'error' })
      } catch {
        setStatus({ kind: 'failed', reason: 'error' })
      }
    },
  })

  if (status.kind === 'sent') {
    const { firstName } = status
    const siteName = site.title
    return (
      <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
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
        onBlur: ({ value }) => fieldError(name, value),
        onSubmit: ({ value }) => fieldError(name, value),
      }}
    >
      {(api) => {
        const code = api.state.meta.errors.find((e): e is ContactErrorCode => typeof e === 'string')
        const message = errorText(code)
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
      <form
        ref={formRef}
        className="contact-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void form.handleSubmit()
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

        <AltchaWidget locale={locale} />

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

        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(submitting) => (
            <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
              {submitting ? t`Bezig met versturen…` : t`Versturen`}
            </button>
          )}
        </form.Subscribe>
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
