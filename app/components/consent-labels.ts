import { msg } from '@lingui/core/macro'
import type { ConsentChoice } from '../client-runtime/consent'

/** The visitor's current choice in words (reopened banner, cookie settings on the cookie policy). */
export const choiceLabels = {
  granted: msg`Uw huidige keuze: analytische cookies toegestaan.`,
  denied: msg`Uw huidige keuze: analytische cookies geweigerd.`,
  none: msg`U heeft nog geen keuze gemaakt.`,
}

export function choiceLabel(choice: ConsentChoice | undefined) {
  return choiceLabels[choice ?? 'none']
}
