import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/*
 * What the site says for an HTTP status, in every language: the error page's heading and
 * explanation, and the plain answer to a page request refused before it renders
 * (app/server/pages/page-refusal.server.ts).
 */

/** A title and a line of explanation for each status the site answers with (explicit ids: `error.{status}.…`). */
const statusTexts = {
  400: {
    title: msg({ id: 'error.400.title', message: 'Ongeldig verzoek' }),
    description: msg({ id: 'error.400.description', message: 'Uw verzoek kon niet worden verwerkt omdat het ongeldig is.' }),
  },
  401: {
    title: msg({ id: 'error.401.title', message: 'Inloggen vereist' }),
    description: msg({ id: 'error.401.description', message: 'U moet ingelogd zijn om deze pagina te bekijken.' }),
  },
  403: {
    title: msg({ id: 'error.403.title', message: 'Geen toegang' }),
    description: msg({ id: 'error.403.description', message: 'U heeft geen toegang tot deze pagina.' }),
  },
  404: {
    title: msg({ id: 'error.404.title', message: 'Pagina niet gevonden' }),
    description: msg({ id: 'error.404.description', message: 'De opgevraagde pagina kon niet worden geladen.' }),
  },
  405: {
    title: msg({ id: 'error.405.title', message: 'Methode niet toegestaan' }),
    description: msg({ id: 'error.405.description', message: 'Deze pagina ondersteunt dit soort verzoek niet.' }),
  },
  408: {
    title: msg({ id: 'error.408.title', message: 'Verzoek duurde te lang' }),
    description: msg({ id: 'error.408.description', message: 'Uw verzoek kwam te traag binnen. Verstuur het opnieuw.' }),
  },
  410: {
    title: msg({ id: 'error.410.title', message: 'Pagina verwijderd' }),
    description: msg({ id: 'error.410.description', message: 'Deze pagina bestaat niet meer.' }),
  },
  413: {
    title: msg({ id: 'error.413.title', message: 'Verzoek te groot' }),
    description: msg({ id: 'error.413.description', message: 'Uw verzoek bevat meer gegevens dan wij kunnen verwerken.' }),
  },
  429: {
    title: msg({ id: 'error.429.title', message: 'Te veel verzoeken' }),
    description: msg({
      id: 'error.429.description',
      message: 'U heeft te veel verzoeken gedaan. Probeer het over enkele minuten opnieuw.',
    }),
  },
  500: {
    title: msg({ id: 'error.500.title', message: 'Serverfout' }),
    description: msg({ id: 'error.500.description', message: 'Er is een probleem opgetreden bij het verwerken van uw verzoek.' }),
  },
  503: {
    title: msg({ id: 'error.503.title', message: 'Tijdelijk niet beschikbaar' }),
    description: msg({ id: 'error.503.description', message: 'De website is tijdelijk niet beschikbaar. Probeer het later opnieuw.' }),
  },
} satisfies Record<number, { title: MessageDescriptor; description: MessageDescriptor }>

/** Any other status. */
const genericTexts = {
  title: msg({ id: 'error.generic.title', message: 'Er is iets misgegaan' }),
  description: msg({ id: 'error.generic.description', message: 'Uw verzoek kon niet worden afgehandeld.' }),
}

function isKnownStatus(status: number): status is keyof typeof statusTexts {
  return Object.hasOwn(statusTexts, status)
}

/** The title and explanation of an error page for a status code; the generic ones for another status. */
export function errorTexts(statusCode: number): { title: MessageDescriptor; description: MessageDescriptor } {
  return isKnownStatus(statusCode) ? statusTexts[statusCode] : genericTexts
}
