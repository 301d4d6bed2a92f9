import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { ResultOf } from 'gql.tada'
import type { ChangeEvent, ReactNode } from 'react'
import { contactLimits, fieldError, type ContactErrorCode, type ContactFields } from '../../contact/contact-schema'
import { RichText } from '../../components/RichText'
import { useOptionalSiteData } from '../../components/site-data'
import { useCurrentLocale } from '../../i18n/use-locale'
import { BlockSection } from '../BlockSection'
import { AltchaWidget } from './AltchaWidget'
import { Field } from './Field'
import type { ContactFormBlockFragment } from './fragment'
import { TurnstileWidget } from './TurnstileWidget'
import { useContactSubmission } from './useContactSubmission'
import { currentPageOnly } from '../../components/current-page'

const rootRoute = getRouteApi('__root__')

/** Which captcha to show (root loader's public config; ALTCHA when absent, e.g. in unit tests). */
function useRouteContextCaptcha() {
  return rootRoute.useLoaderData({ select: (data) => ('captcha' in data ? data.captcha : undefined) })
}

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
 * The contact form: fields checked with the shared valibot rules (on change,
 * shown once left or after a submit, errors announced and the first invalid
 * field focused), a honeypot, a captcha, and one server function
 * (useContactSubmission). On failure nothing typed is lost.
 */
export function ContactForm({ block }: { block: ResultOf<typeof ContactFormBlockFragment> }) {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const siteName = useOptionalSiteData()?.site.title ?? ''
  const captcha = useRouteContextCaptcha()
  const errorText = useErrorText()
  const { form, status, pending, submitAttempted, onSubmit } = useContactSubmission(locale)

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

  /** Binds one field to the form: its value and handlers, and its error once it is to be shown. */
  const field = (name: keyof ContactFields, render: (bound: BoundField) => ReactNode) => (
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
        return render({
          id: `${block.id}-${name}`,
          error: api.state.meta.isBlurred || submitAttempted ? errorText(code) : undefined,
          control: {
            name,
            value: api.state.value,
            required: true,
            onBlur: api.handleBlur,
            onChange: (event) => api.handleChange(event.target.value),
          },
        })
      }}
    </form.Field>
  )

  return (
    <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
      {block.intro ? <RichText html={block.intro} className="block__intro" /> : null}
      {/* method="post": a submit before the page has hydrated must not put the message in the URL. */}
      <form className="contact-form" method="post" noValidate onSubmit={onSubmit}>
        <div className="contact-form__row">
          {field('firstName', ({ id, error, control }) => (
            <Field
              id={id}
              label={t`Voornaam`}
              error={error}
              input={{ ...control, type: 'text', autoComplete: 'given-name', maxLength: contactLimits.nameMax }}
            />
          ))}
          {field('surName', ({ id, error, control }) => (
            <Field
              id={id}
              label={t`Achternaam`}
              error={error}
              input={{ ...control, type: 'text', autoComplete: 'family-name', maxLength: contactLimits.nameMax }}
            />
          ))}
        </div>
        {field('email', ({ id, error, control }) => (
          <Field
            id={id}
            label={t`E-mailadres`}
            error={error}
            input={{ ...control, type: 'email', autoComplete: 'email', maxLength: contactLimits.emailMax }}
          />
        ))}
        {field('message', ({ id, error, control }) => (
          <Field
            id={id}
            label={t`Uw bericht`}
            hint={t`Maximaal ${contactLimits.messageMax} tekens.`}
            error={error}
            textarea={{ ...control, rows: 6, maxLength: contactLimits.messageMax }}
          />
        ))}

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
            <Link activeOptions={currentPageOnly} to="/$locale/~privacy" params={{ locale }}>
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

/** A field as the form holds it, for Field to render. */
interface BoundField {
  id: string
  error: string | undefined
  control: {
    name: string
    value: string
    required: true
    onBlur: () => void
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
  }
}
