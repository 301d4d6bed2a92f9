import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useSearch } from '@tanstack/react-router'
import { useRef, useState, useSyncExternalStore, type ChangeEvent, type ReactNode } from 'react'
import {
  contactLimits,
  contactSubjects,
  fieldError,
  locationIdOf,
  requiredContactFields,
  type ContactErrorCode,
  type ContactField,
  type ContactRefusal,
  type ContactSubject,
} from '../../contact/contact-schema'
import { contactFormField, formAnchorOf, thanksAnchorOf, useContactPost } from '../../contact/form-post'
import { cmsQueries } from '../../cms/queries'
import { RichText } from '../../components/RichText'
import { useOptionalSiteData } from '../../components/site-data'
import { useSeen } from '../../components/use-seen'
import { useCurrentLocale } from '../../i18n/use-locale'
import { BlockSection } from '../BlockSection'
import { countryNames } from '../../locations/type-labels'
import { byName, countries, countryOf } from '../../locations/locations'
import { AltchaWidget } from './AltchaWidget'
import { Field } from './Field'
import type { BlockOf } from '../blocks.fragment'
import { TurnstileWidget } from './TurnstileWidget'
import { useContactSubmission } from './useContactSubmission'
import { currentPageOnly } from '../../components/current-page'

const rootRoute = getRouteApi('__root__')

/** Being hydrated never changes back: nothing to subscribe to. */
const noSubscription = () => () => {}

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
      case 'invalidPhone':
        return t({ id: 'contact.error.invalidPhone', message: 'Vul een geldig telefoonnummer in, bijvoorbeeld +31 30 123 45 67.' })
      case 'invalidOption':
        return t({ id: 'contact.error.invalidOption', message: 'Kies een van de mogelijkheden uit de lijst.' })
      case undefined:
        return undefined
    }
  }
}

function useSubjectNames(): Record<ContactSubject, string> {
  const { t } = useLingui()
  return {
    sales: t({
      id: 'contact.subject.sales',
      message: 'Verkoop',
      comment: 'A choice of the contact form subject select: what the message is about',
    }),
    service: t({
      id: 'contact.subject.service',
      message: 'Service en onderhoud',
      comment: 'A choice of the contact form subject select: what the message is about',
    }),
    damage: t({
      id: 'contact.subject.damage',
      message: 'Schade',
      comment: 'A choice of the contact form subject select: what the message is about',
    }),
    other: t({
      id: 'contact.subject.other',
      message: 'Anders',
      comment: 'A choice of the contact form subject select: what the message is about',
    }),
  }
}

/** The locations to choose from, by country (the map's order), by name within each. */
function LocationOptions({ locale }: { locale: ReturnType<typeof useCurrentLocale> }) {
  const { i18n } = useLingui()
  // Filled by the page's loader (prefetch.ts); without it (the CMS failed) the choice is just "no preference".
  const { data: locations = [] } = useQuery(cmsQueries.locationOptions(locale))
  return countries.map((country) => {
    const here = locations.filter((location) => countryOf(location.address.country) === country)
    if (here.length === 0) return null
    return (
      <optgroup key={country} label={i18n._(countryNames[country])}>
        {here
          .sort((a, b) => byName(a.name, b.name))
          .map((location) => (
            <option key={location.id} value={location.id}>
              {location.name}
            </option>
          ))}
      </optgroup>
    )
  })
}

/**
 * The contact form: fields checked with the shared valibot rules (on change,
 * shown once left or after a submit, errors announced and the first invalid
 * field focused), a honeypot, a captcha, and one server function
 * (useContactSubmission). On failure nothing typed is lost.
 *
 * Without JavaScript (not loaded yet, or failed) the browser posts the form to this page; the
 * server checks it the same way and renders the page again with what was typed and what is
 * still needed, or redirects to the thank-you (contact/form-post.ts).
 */
export function ContactForm({ block }: { block: BlockOf<'ContactForm'> }) {
  const { t } = useLingui()
  const locale = useCurrentLocale()
  const siteName = useOptionalSiteData()?.site.title ?? ''
  const captcha = useRouteContextCaptcha()
  const errorText = useErrorText()
  const refusalText = useRefusalText()
  const subjectNames = useSubjectNames()
  const posted = useContactPost(block.id)
  // `?location=<id>` from a location's page: preselected when it has an id's shape (an unknown one matches no option).
  const preselected = locationIdOf(useSearch({ strict: false, select: (search) => search.location }))
  const { form, status, pending, submitAttempted, postedReason, serverErrors, idempotencyKey, captchaRound, onSubmit } =
    useContactSubmission(locale, posted, preselected)
  // Until the browser has taken the form over, a submit is the browser's own post (tests wait for this).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
  // The captcha starts once the visitor is on the way to sending: a field focused, the captcha's
  // place scrolled into view, a post handed back (its notice asks to wait for the check), or a new
  // round. Its widget was the largest piece of work while the contact page loaded, paid by every
  // visitor who came for an address or a phone number (ADR 048). It solves in the time it takes to
  // type a message. Once started it stays: a send clears the handed-back post, and the check it
  // carries must still be there.
  const captchaPlace = useRef<HTMLDivElement>(null)
  const captchaSeen = useSeen(captchaPlace)
  const [engaged, setEngaged] = useState(postedReason !== undefined)
  const captchaWanted = engaged || captchaSeen || captchaRound > 0

  if (status.kind === 'sent') {
    const { firstName } = status
    return (
      <BlockSection id={block.id} type="contact-form" title={block.title} showTitle={block.showTitle}>
        {/* A live region holding paragraphs (not a calculation result, which is what <output> is for). */}
        {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
        <div className="contact-form__thanks" id={thanksAnchorOf(block.id)} role="status" tabIndex={-1} ref={(el) => el?.focus()}>
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
  const field = (name: ContactField, render: (bound: BoundField) => ReactNode) => (
    <form.Field
      name={name}
      validators={{
        // One source of truth that always reflects the current value (so an error clears the moment
        // the field is right, with no layout jump on blur); it shows once the field was left or a submit tried.
        onChange: ({ value }) => fieldError(name, value),
      }}
    >
      {(api) => {
        const value = api.state.value
        // The server's verdict on the value it was given holds until the field is changed.
        const fromServer = serverErrors && serverErrors.values[name] === value ? serverErrors.fields[name] : undefined
        const code = api.state.meta.errors.find((e): e is ContactErrorCode => typeof e === 'string') ?? fromServer
        return render({
          id: `${block.id}-${name}`,
          error: api.state.meta.isBlurred || submitAttempted ? errorText(code) : undefined,
          optional: requiredContactFields.has(name)
            ? undefined
            : t({ id: 'contact.optional', message: '(optioneel)', comment: 'After the label of a contact form field that may stay empty' }),
          control: {
            name,
            value,
            required: requiredContactFields.has(name),
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
      {/* method="post": a submit before the page has hydrated must not put the message in the URL; the
          server answers it (see above). The fragment brings the visitor back to the form, not the page top. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- notices focus moving into its fields; they are the controls */}
      <form
        className="contact-form"
        id={formAnchorOf(block.id)}
        action={`#${formAnchorOf(block.id)}`}
        method="post"
        acceptCharset="utf-8"
        noValidate
        onSubmit={onSubmit}
        onFocus={() => setEngaged(true)}
        data-hydrated={hydrated}
      >
        {postedReason ? <PostedNotice reason={postedReason} hydrated={hydrated} /> : null}
        <input type="hidden" name={contactFormField} value={block.id} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* Before anything is typed: sending needs JavaScript (the captcha below runs on it). */}
        <noscript>
          <p className="contact-form__noscript">{t`Zet JavaScript aan om dit formulier te versturen, of bel of mail ons.`}</p>
        </noscript>
        <div className="contact-form__row">
          {field('firstName', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t`Voornaam`}
              input={{ ...control, type: 'text', autoComplete: 'given-name', maxLength: contactLimits.nameMax }}
            />
          ))}
          {field('surName', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t`Achternaam`}
              input={{ ...control, type: 'text', autoComplete: 'family-name', maxLength: contactLimits.nameMax }}
            />
          ))}
        </div>
        <div className="contact-form__row">
          {field('email', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t`E-mailadres`}
              input={{ ...control, type: 'email', autoComplete: 'email', maxLength: contactLimits.emailMax }}
            />
          ))}
          {field('phone', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t({ id: 'contact.field.phone', message: 'Telefoonnummer' })}
              input={{ ...control, type: 'tel', autoComplete: 'tel', maxLength: contactLimits.phoneMax }}
            />
          ))}
        </div>
        <div className="contact-form__row">
          {field('subject', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t({ id: 'contact.field.subject', message: 'Onderwerp' })}
              select={control}
              options={
                <>
                  <option value="">
                    {t({
                      id: 'contact.subject.none',
                      message: 'Kies een onderwerp',
                      comment: 'First (empty) choice of the contact form subject select',
                    })}
                  </option>
                  {contactSubjects.map((subject) => (
                    <option key={subject} value={subject}>
                      {subjectNames[subject]}
                    </option>
                  ))}
                </>
              }
            />
          ))}
          {field('location', ({ control, ...bound }) => (
            <Field
              {...bound}
              label={t({
                id: 'contact.field.location',
                message: 'Voorkeursvestiging',
                comment: 'Contact form: the dealer or branch the visitor prefers to be helped by',
              })}
              select={control}
              options={
                <>
                  <option value="">
                    {t({
                      id: 'contact.location.none',
                      message: 'Geen voorkeur',
                      comment: 'First (empty) choice of the preferred location select: any location',
                    })}
                  </option>
                  <LocationOptions locale={locale} />
                </>
              }
            />
          ))}
        </div>
        {field('message', ({ control, ...bound }) => (
          <Field
            {...bound}
            label={t`Uw bericht`}
            hint={t`Maximaal ${contactLimits.messageMax} tekens.`}
            textarea={{ ...control, rows: 6, maxLength: contactLimits.messageMax }}
          />
        ))}

        {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor={`${block.id}-website`}>Website</label>
          <input id={`${block.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>

        {/* A new round mounts a new widget, which solves a new challenge. Its place keeps the widget's
            height meanwhile, so nothing below moves when it appears. */}
        <div ref={captchaPlace} className="contact-form__captcha">
          {!captchaWanted ? null : captcha?.provider === 'turnstile' ? (
            <TurnstileWidget key={captchaRound} locale={locale} siteKey={captcha.siteKey} scriptUrl={captcha.scriptUrl} />
          ) : (
            <AltchaWidget key={captchaRound} locale={locale} />
          )}
        </div>
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
              {refusalText(status.reason, 'above')}
            </p>
          ) : null}
        </div>

        <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t`Bezig met versturen…` : t`Versturen`}
        </button>
      </form>
    </BlockSection>
  )
}

/**
 * Why the form came back from a plain post: above the fields, where the visitor lands. Until the
 * page has JavaScript the captcha cannot run, and the notice says what to do instead.
 */
function PostedNotice({ reason, hydrated }: { reason: ContactRefusal; hydrated: boolean }) {
  const refusalText = useRefusalText()
  return (
    <p className="contact-form__alert contact-form__notice" role="alert">
      {refusalText(reason, hydrated ? 'below' : 'noScript')}
    </p>
  )
}

/**
 * Why a message was not sent, for a plain post's notice (above the form) and for the alert after a
 * send with JavaScript (below it). `captcha`: where the check is from the text, or that it needs JavaScript.
 */
function useRefusalText(): (reason: ContactRefusal, captcha: 'below' | 'above' | 'noScript') => string {
  const { t } = useLingui()
  return (reason, captcha) => {
    switch (reason) {
      case 'invalid':
        return t({
          id: 'contact.notice.invalid',
          message: 'Uw bericht is nog niet verstuurd. Verbeter de gemarkeerde velden en verstuur het formulier opnieuw.',
        })
      case 'captcha':
        return [
          t({
            id: 'contact.notice.captcha',
            message:
              'Uw bericht is nog niet verstuurd: de beveiligingscontrole was nog niet klaar. Alles wat u heeft ingevuld staat er nog.',
          }),
          captcha === 'below'
            ? t({ id: 'contact.notice.captchaRetry', message: 'Verstuur het formulier opnieuw zodra de controle hieronder klaar is.' })
            : captcha === 'above'
              ? t({
                  id: 'contact.notice.captchaRetryAbove',
                  message: 'Verstuur het formulier opnieuw zodra de controle hierboven klaar is.',
                })
              : t({
                  id: 'contact.notice.captchaNoScript',
                  message:
                    'Deze controle werkt alleen met JavaScript. Zet JavaScript aan en verstuur het formulier opnieuw, of bel of mail ons.',
                }),
        ].join(' ')
      case 'rateLimited':
        return t`U heeft te veel berichten kort na elkaar verstuurd. Probeer het over enkele minuten opnieuw.`
      case 'error':
        return t`Er is een fout opgetreden. Probeer het later opnieuw.`
    }
  }
}

/** A field as the form holds it, for Field to render. */
interface BoundField {
  id: string
  error: string | undefined
  optional: string | undefined
  control: {
    name: string
    value: string
    required: boolean
    onBlur: () => void
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void
  }
}
