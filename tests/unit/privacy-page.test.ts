import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localeCodes, type Locale } from '../../app.config'
import { contactFieldsSchema, type ContactField } from '../../app/contact/contact-schema'
import { maxRetentionDays, parseRuntimeConfig } from '../../app/server/platform/env.server'

/**
 * The privacy page (content/pages/privacy.yaml) says what the contact form stores, why and for
 * how long, in every language; these tests keep it true (docs/decisions/036). A new form field,
 * a new stored column or a longer retention period fails here until the page says so too.
 */

const page: unknown = parse(readFileSync('content/pages/privacy.yaml', 'utf8'))

/** The page's text in `locale`, markup left out and in lower case (HTML now, Markdown later: words either way). */
function privacyText(locale: Locale): string {
  const content = typeof page === 'object' && page !== null && 'content' in page ? page.content : undefined
  const html = typeof content === 'object' && content !== null && locale in content ? Reflect.get(content, locale) : undefined
  if (typeof html !== 'string') throw new Error(`privacy.yaml has no content in ${locale}`)
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
}

/** How the page names what is stored, in each language (as the form's labels do). */
const fieldTerms: Record<ContactField, Record<Locale, string>> = {
  firstName: { nl: 'voornaam', en: 'first name', de: 'vorname', fr: 'prénom', da: 'fornavn' },
  surName: { nl: 'achternaam', en: 'last name', de: 'nachname', fr: 'nom de famille', da: 'efternavn' },
  email: { nl: 'e-mailadres', en: 'email address', de: 'e-mail-adresse', fr: 'adresse e-mail', da: 'e-mailadresse' },
  phone: { nl: 'telefoonnummer', en: 'phone number', de: 'telefonnummer', fr: 'numéro de téléphone', da: 'telefonnummer' },
  subject: { nl: 'onderwerp', en: 'subject', de: 'betreff', fr: 'objet', da: 'emne' },
  location: {
    nl: 'voorkeursvestiging',
    en: 'preferred location',
    de: 'bevorzugten standort',
    fr: 'établissement de préférence',
    da: 'foretrukne afdeling',
  },
  message: { nl: 'bericht', en: 'message', de: 'nachricht', fr: 'message', da: 'besked' },
}

/** What is stored beside the fields, without the visitor typing it. */
const recordedTerms = {
  locale: {
    nl: 'taal van het formulier',
    en: 'language of the form',
    de: 'sprache des formulars',
    fr: 'langue du formulaire',
    da: 'formularens sprog',
  },
  sentAt: {
    nl: 'moment van verzenden',
    en: 'time it was sent',
    de: 'zeitpunkt des absendens',
    fr: 'moment de l’envoi',
    da: 'tidspunktet for afsendelsen',
  },
} satisfies Record<string, Record<Locale, string>>

/**
 * Every column of the submissions table: the field (or recorded fact) the page names it by, or
 * `internal` for what says nothing about the person.
 */
const columnMeaning: Record<string, ContactField | keyof typeof recordedTerms | 'internal'> = {
  id: 'internal',
  idempotency_key: 'internal',
  created_at: 'sentAt',
  locale: 'locale',
  first_name: 'firstName',
  sur_name: 'surName',
  email: 'email',
  message: 'message',
  phone: 'phone',
  location_id: 'location',
  location_name: 'location',
  subject: 'subject',
}

const daysWord: Record<Locale, string> = { nl: 'dagen', en: 'days', de: 'tage', fr: 'jours', da: 'dage' }

function termsOf(field: string): Record<Locale, string> | undefined {
  if (field in fieldTerms) return Reflect.get(fieldTerms, field)
  if (field in recordedTerms) return Reflect.get(recordedTerms, field)
  return undefined
}

describe('the privacy page', () => {
  afterEach(async () => {
    const { closeDatabase } = await import('../../app/server/platform/db.server')
    await closeDatabase()
    vi.unstubAllEnvs()
    vi.resetModules()
  })

  it('names every field of the contact form, in every language', () => {
    for (const field of Object.keys(contactFieldsSchema.entries)) {
      const terms = termsOf(field)
      expect(terms, `the contact form has a field "${field}": name it on the privacy page and here`).toBeDefined()
      for (const locale of localeCodes) expect(privacyText(locale), `${field} in ${locale}`).toContain(terms?.[locale])
    }
  })

  it('names every column a submission is stored with, in every language', async () => {
    vi.stubEnv('DATA_DIR', mkdtempSync(join(tmpdir(), 'privacy-columns-')))
    vi.stubEnv('DATABASE_URL', '')
    const { databaseWith } = await import('../../app/server/platform/db.server')
    const { submissionSchema } = await import('../../app/embedded-cms/submissions/submissions.server')
    const sql = await databaseWith(submissionSchema)
    const columns = (await sql.query("SELECT name FROM pragma_table_info('submissions')")).map((row) => String(row.name))
    expect(columns).toContain('phone')
    for (const column of columns) {
      const meaning = columnMeaning[column]
      expect(meaning, `submissions has a column "${column}": say on the privacy page what it keeps, and here`).toBeDefined()
      if (meaning === undefined || meaning === 'internal') continue
      for (const locale of localeCodes) expect(privacyText(locale), `${column} in ${locale}`).toContain(termsOf(meaning)?.[locale])
    }
  })

  it('states the longest retention period the setting allows, in every language', () => {
    for (const locale of localeCodes) expect(privacyText(locale), locale).toContain(`${maxRetentionDays} ${daysWord[locale]}`)
  })
})

describe('CONTACT_RETENTION_DAYS', () => {
  it('defaults to the period the privacy page states, and may shorten it but not lengthen it', () => {
    expect(parseRuntimeConfig({}).CONTACT_RETENTION_DAYS).toBe(maxRetentionDays)
    expect(parseRuntimeConfig({ CONTACT_RETENTION_DAYS: '30' }).CONTACT_RETENTION_DAYS).toBe(30)
    expect(() => parseRuntimeConfig({ CONTACT_RETENTION_DAYS: String(maxRetentionDays + 1) })).toThrowError(
      /CONTACT_RETENTION_DAYS: must be at most 365 days: the privacy page promises no longer/,
    )
    for (const bad of ['0', '-1', 'a year', '1.5']) {
      expect(() => parseRuntimeConfig({ CONTACT_RETENTION_DAYS: bad }), bad).toThrowError(/CONTACT_RETENTION_DAYS: must be/)
    }
  })
})
