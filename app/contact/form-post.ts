import { createContext, useContext, useEffect, useState } from 'react'
import type { ContactField, ContactFieldErrors, ContactRefusal } from './contact-schema'

/**
 * The contact form without JavaScript (not loaded yet, or failed): the browser posts the form
 * to its own page, the server checks it exactly as the server function does
 * (app/server/contact/form-post.server.ts), and the page is rendered again in the state the
 * post left: refused (every value kept, the errors shown) or sent (the thank-you, after a
 * redirect). That state reaches the form through the router: in the request context on the
 * server, in the dehydrated page in the browser (router.tsx).
 */

/** The hidden field that names the posted block: a plain form post to a page is a contact form post only with it. */
export const contactFormField = 'contactForm'

/** The search parameter of the thank-you page a sent form post is redirected to (a signed token). */
export const thanksParam = 'sent'

/** A block's id is the fragment of its form's and thank-you's anchors: safe in an id and a URL. */
export const blockIdPattern = /^[A-Za-z][\w-]{0,99}$/

export const formAnchorOf = (blockId: string) => `${blockId}-form`
export const thanksAnchorOf = (blockId: string) => `${blockId}-thanks`

/** Every field's text as it was posted (also what failed its check: it is shown to be corrected). */
export type ContactValues = Record<ContactField, string>

export type ContactPostState =
  | { kind: 'sent'; blockId: string; firstName: string }
  | {
      kind: 'refused'
      blockId: string
      reason: ContactRefusal
      values: ContactValues
      fields: ContactFieldErrors
      /** The key the next try of this fill uses (a retry stores once). */
      idempotencyKey: string
    }

/** Per router (so per request on the server): the posted state until a form has taken it. */
export interface ContactPostHolder {
  /** The state, when it is this block's. */
  of(blockId: string): ContactPostState | undefined
  /** The block's form has it: later mounts start fresh. */
  release(blockId: string): void
  /** For the router's dehydration. */
  current(): ContactPostState | undefined
}

export function contactPostHolder(initial: ContactPostState | undefined): ContactPostHolder {
  let state = initial
  return {
    of: (blockId) => (state?.blockId === blockId ? state : undefined),
    release: (blockId) => {
      if (state?.blockId === blockId) state = undefined
    },
    current: () => state,
  }
}

export const ContactPostContext = createContext<ContactPostHolder>(contactPostHolder(undefined))

/**
 * The posted state of this block, read when the form mounts. It is taken once: after a client
 * navigation away and back the form starts fresh, as it would on a new page.
 */
export function useContactPost(blockId: string): ContactPostState | undefined {
  const holder = useContext(ContactPostContext)
  const [state] = useState(() => holder.of(blockId))
  useEffect(() => holder.release(blockId), [holder, blockId])
  return state
}
