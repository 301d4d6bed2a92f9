import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'

/** What Field sets on the control itself, so a caller cannot set it otherwise. */
type Wired = 'id' | 'aria-invalid' | 'aria-describedby'

type Control =
  | { input: Omit<InputHTMLAttributes<HTMLInputElement>, Wired>; textarea?: never }
  | { textarea: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired>; input?: never }

/**
 * One form control with its label, an optional hint and its error message,
 * wired for assistive technology: the label names the control, the hint and
 * the error describe it (aria-describedby), an error marks it invalid.
 */
export function Field({
  id,
  label,
  hint,
  error,
  input,
  textarea,
}: {
  id: string
  label: string
  hint?: string
  /** The message to show (already in the page's language), if any. */
  error?: string
} & Control) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const wired = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined,
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {textarea ? <textarea {...textarea} {...wired} /> : <input {...input} {...wired} />}
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
