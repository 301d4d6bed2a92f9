import type { AdminLanguage } from '../../embedded-cms/index.server'
import type { Role } from './auth/roles'

/**
 * The words of the admin's own scripts (problems.js, translation-status.js, account.js, the
 * language chooser, the form's tabs, the preview pane), in each language the admin speaks
 * (`adminLanguages` of decap-labels.ts, ADR 110). The form's labels are in app/embedded-cms/admin/decap-labels.ts, the server's
 * refusals in problem-names.ts. Each script is served with its table and picks the language
 * editor.js chose (`document.documentElement.lang`). admin-words.test.ts fails when a language
 * lacks a key another has. A new key: one line per language, in the order of app.config.ts.
 *
 * Pure: the scripts get these as JSON, the server's refusals read the role names.
 */

/** A table of words: every language has exactly these keys (tsc fails on one missing). */
type Words<Key extends string> = Record<AdminLanguage, Record<Key, string>>

/** The roles as the admin names them (ADR 101): the account box and a refusal for want of a role. */
export const roleNames: Record<AdminLanguage, Record<Role, string>> = {
  nl: { editor: 'redacteur', publisher: 'publicist' },
  en: { editor: 'editor', publisher: 'publisher' },
  de: { editor: 'Redakteur', publisher: 'Herausgeber' },
  fr: { editor: 'rédacteur', publisher: 'éditeur' },
  da: { editor: 'redaktør', publisher: 'udgiver' },
}

/** The API's refusal of a call the caller's role may not make. */
export const onlyRole: Record<AdminLanguage, (role: string, action: string) => string> = {
  nl: (role, action) => `Alleen een ${role} mag dit (${action})`,
  en: (role, action) => `Only a ${role} may do this (${action})`,
  de: (role, action) => `Nur ein ${role} darf das (${action})`,
  fr: (role, action) => `Seul un ${role} peut faire cela (${action})`,
  da: (role, action) => `Kun en ${role} må gøre dette (${action})`,
}

/** problems.js: the panel of a refused save, and the question when a save would break links. */
export const problemsWords: Words<
  | 'refused'
  | 'dismiss'
  | 'show'
  | 'linksTitle'
  | 'linksRename'
  | 'linksDelete'
  | 'mendRename'
  | 'mendDelete'
  | 'cancel'
  | 'cancelled'
  | 'becomes'
  | 'unlinked'
> = {
  nl: {
    refused: 'Niet opgeslagen',
    dismiss: 'Sluiten',
    show: 'Toon het veld',
    linksTitle: 'Links in tekst wijzen naar deze pagina',
    linksRename: 'Deze links naar de pagina worden dood als u opslaat:',
    linksDelete: 'Deze links naar de pagina worden dood als u verwijdert:',
    mendRename: 'Links aanpassen en opslaan',
    mendDelete: 'Links weghalen (tekst blijft) en verwijderen',
    cancel: 'Annuleren',
    cancelled: 'Geannuleerd: er is niets veranderd',
    becomes: 'wordt',
    unlinked: 'link weg, tekst blijft',
  },
  en: {
    refused: 'Not saved',
    dismiss: 'Dismiss',
    show: 'Show the field',
    linksTitle: 'Links in texts point at this page',
    linksRename: 'These links to the page go dead if you save:',
    linksDelete: 'These links to the page go dead if you delete:',
    mendRename: 'Fix the links and save',
    mendDelete: 'Remove the links (keep their text) and delete',
    cancel: 'Cancel',
    cancelled: 'Cancelled: nothing was changed',
    becomes: 'becomes',
    unlinked: 'link removed, text kept',
  },
  de: {
    refused: 'Nicht gespeichert',
    dismiss: 'Schließen',
    show: 'Feld anzeigen',
    linksTitle: 'Links in Texten verweisen auf diese Seite',
    linksRename: 'Diese Links auf die Seite werden tot, wenn Sie speichern:',
    linksDelete: 'Diese Links auf die Seite werden tot, wenn Sie löschen:',
    mendRename: 'Links anpassen und speichern',
    mendDelete: 'Links entfernen (Text bleibt) und löschen',
    cancel: 'Abbrechen',
    cancelled: 'Abgebrochen: Es wurde nichts geändert',
    becomes: 'wird',
    unlinked: 'Link entfernt, Text bleibt',
  },
  fr: {
    refused: 'Non enregistré',
    dismiss: 'Fermer',
    show: 'Afficher le champ',
    linksTitle: 'Des liens dans des textes pointent vers cette page',
    linksRename: 'Ces liens vers la page seront morts si vous enregistrez :',
    linksDelete: 'Ces liens vers la page seront morts si vous supprimez :',
    mendRename: 'Corriger les liens et enregistrer',
    mendDelete: 'Retirer les liens (le texte reste) et supprimer',
    cancel: 'Annuler',
    cancelled: 'Annulé : rien n’a été modifié',
    becomes: 'devient',
    unlinked: 'lien retiré, texte conservé',
  },
  da: {
    refused: 'Ikke gemt',
    dismiss: 'Luk',
    show: 'Vis feltet',
    linksTitle: 'Links i tekster peger på denne side',
    linksRename: 'Disse links til siden bliver døde, hvis du gemmer:',
    linksDelete: 'Disse links til siden bliver døde, hvis du sletter:',
    mendRename: 'Ret links og gem',
    mendDelete: 'Fjern links (teksten bliver) og slet',
    cancel: 'Annuller',
    cancelled: 'Annulleret: intet blev ændret',
    becomes: 'bliver',
    unlinked: 'link fjernet, teksten bliver',
  },
}

/** translation-status.js: an entry's translations per language (ADR 103). */
export const translationStatusWords: Words<
  'title' | 'language' | 'current' | 'fuzzy' | 'missing' | 'allCurrent' | 'notInLanguage' | 'fuzzyNote'
> = {
  nl: {
    title: 'Vertalingen',
    language: 'Taal',
    current: 'actueel',
    fuzzy: 'verouderd',
    missing: 'ontbreekt',
    allCurrent: 'Vertalingen: alle actueel',
    notInLanguage: 'niet in deze taal',
    fuzzyNote: 'Verouderd: het Nederlands is gewijzigd na de vertaling. De site toont de oude vertaling tot een vertaler hem bijwerkt.',
  },
  en: {
    title: 'Translations',
    language: 'Language',
    current: 'current',
    fuzzy: 'fuzzy',
    missing: 'missing',
    allCurrent: 'Translations: all current',
    notInLanguage: 'not in this language',
    fuzzyNote: 'Fuzzy: the Dutch changed after it was translated. The site keeps the old translation until a translator updates it.',
  },
  de: {
    title: 'Übersetzungen',
    language: 'Sprache',
    current: 'aktuell',
    fuzzy: 'veraltet',
    missing: 'fehlt',
    allCurrent: 'Übersetzungen: alle aktuell',
    notInLanguage: 'nicht in dieser Sprache',
    fuzzyNote:
      'Veraltet: Das Niederländische wurde nach der Übersetzung geändert. Die Website zeigt die alte Übersetzung, bis ein Übersetzer sie aktualisiert.',
  },
  fr: {
    title: 'Traductions',
    language: 'Langue',
    current: 'à jour',
    fuzzy: 'à revoir',
    missing: 'manquante',
    allCurrent: 'Traductions : toutes à jour',
    notInLanguage: 'pas dans cette langue',
    fuzzyNote:
      'À revoir : le néerlandais a changé après la traduction. Le site garde l’ancienne traduction jusqu’à ce qu’un traducteur la mette à jour.',
  },
  da: {
    title: 'Oversættelser',
    language: 'Sprog',
    current: 'aktuel',
    fuzzy: 'forældet',
    missing: 'mangler',
    allCurrent: 'Oversættelser: alle aktuelle',
    notInLanguage: 'ikke på dette sprog',
    fuzzyNote:
      'Forældet: det nederlandske er ændret efter oversættelsen. Webstedet viser den gamle oversættelse, indtil en oversætter opdaterer den.',
  },
}

/** account.js (the site mode): who is signed in, signing out, a session that ended. */
export const accountWords: Words<'signOut' | 'ended' | 'signIn'> = {
  nl: { signOut: 'Afmelden', ended: 'Uw sessie is verlopen.', signIn: 'Opnieuw aanmelden' },
  en: { signOut: 'Sign out', ended: 'Your session has ended.', signIn: 'Sign in again' },
  de: { signOut: 'Abmelden', ended: 'Ihre Sitzung ist abgelaufen.', signIn: 'Erneut anmelden' },
  fr: { signOut: 'Se déconnecter', ended: 'Votre session a expiré.', signIn: 'Se reconnecter' },
  da: { signOut: 'Log ud', ended: 'Din session er udløbet.', signIn: 'Log ind igen' },
}

/** editor.js: the language chooser, the form's language tabs, the spelled-out dates and the preview pane. */
export const editorWords: Words<
  | 'chooser'
  | 'empty'
  | 'previewLanguage'
  | 'previewOpen'
  | 'previewFrame'
  | 'previewFailed'
  | 'previewNoId'
  | 'previewOffline'
  | 'previewUpdating'
  | 'scheduled'
> = {
  nl: {
    chooser: 'Taal van de beheeromgeving',
    empty: 'leeg',
    previewLanguage: 'Taal',
    previewOpen: 'Openen in een nieuw tabblad',
    previewFrame: 'Voorbeeld van de pagina',
    previewFailed: 'Geen voorbeeld: ',
    previewNoId: 'Geef het item een ID om het voorbeeld te zien.',
    previewOffline: 'De site antwoordt niet; het voorbeeld toont de laatste waarden die ze nam.',
    previewUpdating: 'Bijwerken…',
    scheduled: 'gepland: nog niet op de site',
  },
  en: {
    chooser: "The admin's language",
    empty: 'empty',
    previewLanguage: 'Language',
    previewOpen: 'Open in a new tab',
    previewFrame: 'Preview of the page',
    previewFailed: 'No preview: ',
    previewNoId: 'Give the entry an ID to see its preview.',
    previewOffline: 'The site does not answer; the preview shows the last values it took.',
    previewUpdating: 'Updating…',
    scheduled: 'scheduled: not on the site yet',
  },
  de: {
    chooser: 'Sprache der Verwaltung',
    empty: 'leer',
    previewLanguage: 'Sprache',
    previewOpen: 'In neuem Tab öffnen',
    previewFrame: 'Vorschau der Seite',
    previewFailed: 'Keine Vorschau: ',
    previewNoId: 'Geben Sie dem Eintrag eine ID, um die Vorschau zu sehen.',
    previewOffline: 'Die Website antwortet nicht; die Vorschau zeigt die zuletzt übernommenen Werte.',
    previewUpdating: 'Wird aktualisiert…',
    scheduled: 'geplant: noch nicht auf der Website',
  },
  fr: {
    chooser: 'Langue de l’administration',
    empty: 'vide',
    previewLanguage: 'Langue',
    previewOpen: 'Ouvrir dans un nouvel onglet',
    previewFrame: 'Aperçu de la page',
    previewFailed: 'Pas d’aperçu : ',
    previewNoId: 'Donnez un identifiant à l’entrée pour voir son aperçu.',
    previewOffline: 'Le site ne répond pas ; l’aperçu montre les dernières valeurs reçues.',
    previewUpdating: 'Mise à jour…',
    scheduled: 'programmée : pas encore sur le site',
  },
  da: {
    chooser: 'Administrationens sprog',
    empty: 'tom',
    previewLanguage: 'Sprog',
    previewOpen: 'Åbn i en ny fane',
    previewFrame: 'Forhåndsvisning af siden',
    previewFailed: 'Ingen forhåndsvisning: ',
    previewNoId: 'Giv posten et id for at se forhåndsvisningen.',
    previewOffline: 'Webstedet svarer ikke; forhåndsvisningen viser de sidste værdier, den fik.',
    previewUpdating: 'Opdaterer…',
    scheduled: 'planlagt: endnu ikke på webstedet',
  },
}

/** Every table of words a script is served with, by its name (admin-words.test.ts checks each). */
export const scriptWords = { problemsWords, translationStatusWords, accountWords, editorWords }
