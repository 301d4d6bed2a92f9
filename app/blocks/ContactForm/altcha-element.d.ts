import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/** The ALTCHA web component's attributes as this site uses them. */
interface AltchaWidgetAttributes extends HTMLAttributes<HTMLElement> {
  challenge?: string
  auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit'
  language?: string
  name?: string
  hidefooter?: boolean
  hidelogo?: boolean
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<AltchaWidgetAttributes, HTMLElement>
    }
  }
}
