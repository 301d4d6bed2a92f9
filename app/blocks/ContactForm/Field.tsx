import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'

/** What Field sets on the control itself, so a caller cannot set it otherwise. */
type Wired = 'id' | 'aria-invalid' | 'aria-describedby'

type Control =
  | { input: Omit<InputHTMLAttributes<HTMLInputElement>, Wired>; textarea?: never; select?: never }
  | { textarea: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired>; input?: never; select?: never }
  | { select: Omit<SelectHTMLAttributes<HTMLSelectElement>, Wired | 'children'>; options: ReactNode; input?: never; textarea?: never }

/**
 * One form control with its label, an optional hint and its error message,
 * wired for assistive technology: the label names the control, the hint and
 * the error describe it (aria-describedby), an error marks it invalid.
 */
export function Field({
  id,
  label,
  optional,
  hint,
  error,
  ...control
}: {
  id: string
  label: string
  /** For a field that may stay empty: the word that says so (in the page's language), shown after the label. */
  optional?: string
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
      <label htmlFor={id}>
        {label}
        {optional ? <span className="form-field__optional"> {optional}</span> : null}
      </label>
      {hint ? (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {control.textarea ? (
        <textarea {...control.textarea} {...wired} />
      ) : control.select ? (
        <select {...control.select} {...wired}>
          {control.options}
        </select>
      ) : (
        <input {...control.input} {...wired} />
      )}
      {error ? (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
