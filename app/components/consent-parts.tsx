import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
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

/** The two answers, refuse first, the same in the banner and in the cookie settings. */
export function ConsentButtons({ className, onChoose }: { className: string; onChoose: (choice: ConsentChoice) => void }) {
  const { t } = useLingui()
  return (
    <div className={className}>
      <button type="button" className="button button--secondary" onClick={() => onChoose('denied')}>
        {t({ message: 'Weigeren', comment: 'Cookie banner button: refuse optional cookies (the other button accepts them)' })}
      </button>
      <button type="button" className="button" onClick={() => onChoose('granted')}>
        {t`Accepteren`}
      </button>
    </div>
  )
}
