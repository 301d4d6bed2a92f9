export interface ContactFields {
  firstName: string
  surName: string
  email: string
  message: string
  locale: string
  website: string
  idempotencyKey: string
  captcha: string
  /** The optional fields, sent as given. */
  phone?: string
  subject?: string
  location?: string
}
export function contactFunctionPath(): string
export function solvedCaptcha(base: string): Promise<string>
export function submissionFields(n: number, captcha: string): ContactFields
export function submitContact(
  base: string,
  data: ContactFields,
  headers?: Record<string, string>,
): Promise<{ status: number; thanked: boolean; text: string }>
