import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contactFieldsSchema, fieldError, firstIssueOnly, locationIdOf } from './contact-schema'

const valid = { firstName: 'Anne', surName: 'de Vries', email: 'anne@example.com', message: 'Hallo!' }

function issues(input: Record<string, unknown>) {
  const result = v.safeParse(contactFieldsSchema, input, firstIssueOnly)
  return result.success ? {} : Object.fromEntries(result.issues.map((i) => [v.getDotPath(i), i.message]))
}

describe('contact form rules', () => {
  it('accepts names in any script and trims input', () => {
    for (const firstName of ['Zoë', 'Søren', 'Jürgen-Peter', 'Łukasz', 'Дмитрий', "D'Artagnan", 'Ngô Bảo Châu', 'Ōtsuka']) {
      expect(issues({ ...valid, firstName })).toEqual({})
    }
    const parsed = v.parse(contactFieldsSchema, { ...valid, firstName: '  Anne  ', email: ' anne@example.com ' })
    expect(parsed.firstName).toBe('Anne')
    expect(parsed.email).toBe('anne@example.com')
  })

  it('gives a code per field', () => {
    expect(issues({ firstName: '', surName: '   ', email: 'nope', message: '' })).toEqual({
      firstName: 'required',
      surName: 'required',
      email: 'invalidEmail',
      message: 'required',
    })
    expect(issues({ ...valid, firstName: 'x'.repeat(101) })).toEqual({ firstName: 'tooLong' })
    expect(issues({ ...valid, message: 'x'.repeat(5001) })).toEqual({ message: 'tooLong' })
    expect(issues({ ...valid, firstName: '<script>' })).toEqual({ firstName: 'invalidCharacters' })
    expect(issues({ ...valid, message: 'a\u0000b' })).toEqual({ message: 'invalidCharacters' })
  })

  it('keeps emoji and other characters beyond the BMP', () => {
    // The Scottish flag is a tag sequence (U+E0067…): tag characters are text too.
    expect(
      issues({ ...valid, message: 'Top service 👍🏽 — merci, Zoë 🇩🇰 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}' }),
    ).toEqual({})
  })

  it('keeps line breaks in messages, stored as LF', () => {
    expect(issues({ ...valid, message: 'line 1\nline 2\r\n\tend' })).toEqual({})
    expect(v.parse(contactFieldsSchema, { ...valid, message: 'a\r\nb' }).message).toBe('a\nb')
  })

  it.each([
    ['a lone CR', 'Pay \rRefund'],
    ['a C0 control', 'bell\u0007'],
    ['a C1 control', 'next\u0085line'],
    ['DEL', 'a\u007Fb'],
    ['a bidi override', 'invoice \u202Efdp.exe'],
    ['a bidi isolate', 'a\u2066b\u2069'],
    ['a deprecated format character', 'a\u206Eb'],
    ['half a surrogate pair', 'a\uD800b'],
  ])('refuses %s in a message', (_what, message) => {
    expect(issues({ ...valid, message })).toEqual({ message: 'invalidCharacters' })
  })

  it('refuses a control at either end instead of trimming it away', () => {
    expect(issues({ firstName: '\rJan\u000b', surName: '\fJansen', email: '\u000bjan@example.com\r', message: '\rHallo\r' })).toEqual({
      firstName: 'invalidCharacters',
      surName: 'invalidCharacters',
      email: 'invalidCharacters',
      message: 'invalidCharacters',
    })
    // Ordinary whitespace around a value is still just trimmed.
    expect(issues({ ...valid, firstName: ' Anne\t', message: '\nHallo\r\n' })).toEqual({})
  })

  it('refuses controls and bidi characters in names and e-mail too', () => {
    expect(issues({ ...valid, firstName: 'Anne\u202E', surName: 'de\rVries', email: 'a\u0000@b.co' })).toEqual({
      firstName: 'invalidCharacters',
      surName: 'invalidCharacters',
      email: 'invalidCharacters',
    })
  })
})

describe('fieldError', () => {
  it('validates single fields', () => {
    expect(fieldError('email', 'a@b.co')).toBeUndefined()
    expect(fieldError('email', '')).toBe('required')
    expect(fieldError('email', 'x')).toBe('invalidEmail')
  })
})

describe('optional fields', () => {
  it('may be absent or empty', () => {
    expect(issues(valid)).toEqual({})
    expect(issues({ ...valid, phone: '', subject: '', location: '' })).toEqual({})
    expect(v.parse(contactFieldsSchema, valid)).toMatchObject({ phone: '', subject: '', location: '' })
  })

  it('take phone numbers as people write them, trimmed', () => {
    for (const phone of ['+31 30 123 45 67', '030-1234567', '(030) 123 4567', '0031.30.1234567', '+45 12 34 56 78', '06/12345678']) {
      expect(issues({ ...valid, phone }), phone).toEqual({})
    }
    expect(v.parse(contactFieldsSchema, { ...valid, phone: ' 030 1234567 ' }).phone).toBe('030 1234567')
  })

  it('refuse what is not a phone number', () => {
    expect(issues({ ...valid, phone: 'call me' })).toEqual({ phone: 'invalidPhone' })
    expect(issues({ ...valid, phone: '12345' })).toEqual({ phone: 'invalidPhone' })
    expect(issues({ ...valid, phone: '+31 6 1234 5678 ext 9' })).toEqual({ phone: 'invalidPhone' })
    expect(issues({ ...valid, phone: '1'.repeat(31) })).toEqual({ phone: 'tooLong' })
    expect(issues({ ...valid, phone: '030\u0000123456' })).toEqual({ phone: 'invalidCharacters' })
    expect(issues({ ...valid, phone: 31_301_234_567 })).toEqual({ phone: 'invalidPhone' })
  })

  it('take one of the subjects and a location id, nothing else', () => {
    for (const subject of ['sales', 'service', 'damage', 'other']) expect(issues({ ...valid, subject })).toEqual({})
    expect(issues({ ...valid, subject: 'Sales' })).toEqual({ subject: 'invalidOption' })
    expect(issues({ ...valid, location: 'utrecht-dealer' })).toEqual({})
    for (const location of ['<script>', 'a b', 'x'.repeat(101), '../x?y'])
      expect(issues({ ...valid, location }), location).toEqual({ location: 'invalidOption' })
  })
})

describe('locationIdOf', () => {
  it('gives an id from a URL only when it has an id’s shape', () => {
    expect(locationIdOf('utrecht-dealer')).toBe('utrecht-dealer')
    expect(locationIdOf('')).toBeUndefined()
    expect(locationIdOf('<script>')).toBeUndefined()
    expect(locationIdOf(['utrecht-dealer'])).toBeUndefined()
    expect(locationIdOf(undefined)).toBeUndefined()
    // `?location=2000` reaches the page as the number 2000 (the router parses values as JSON).
    expect(locationIdOf(2000)).toBe('2000')
    expect(locationIdOf(-1)).toBeUndefined()
    expect(locationIdOf(1.5)).toBeUndefined()
  })
})
