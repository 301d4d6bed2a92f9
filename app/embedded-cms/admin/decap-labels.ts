import type { Locale } from '../../../app.config'

/**
 * The admin's own words for the generated forms (decap-config.ts), in each language the admin
 * speaks: the site's languages (app.config.ts), each of which Decap has a locale for. The editor
 * chooses one (app/server/admin/editor-script.ts asks for /admin/config.yml?language=de); Dutch
 * when none is known. Decap translates its own texts; these are the field labels, hints, block and
 * collection names and pattern messages it cannot know. The tables are records over the site's
 * languages: a language missing from one fails tsc, and decap-labels.test.ts fails when a field
 * of the schemas has no label here. A new key: one line per language, in the order of app.config.ts.
 *
 * Pure: shared by the admin's server route and the tests.
 */

/**
 * The languages the admin's words are written in (ADR 110): today the site's five. A language
 * added to the site is not one of them until its words are written here (every table below then
 * fails tsc until it has them); meanwhile its editors get the admin in Dutch.
 */
export const adminLanguages = ['nl', 'en', 'de', 'fr', 'da'] as const satisfies ReadonlyArray<Locale>
export type AdminLanguage = (typeof adminLanguages)[number]
/** The admin's language when the editor's is none of them. */
export const defaultAdminLanguage: AdminLanguage = 'nl'

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return adminLanguages.some((language) => language === value)
}

type Words = Record<AdminLanguage, string>

/** Field labels, by the field's name in the content (block types by their type). */
export const fieldLabels: Record<string, Words> = {
  id: { nl: 'ID', en: 'ID', de: 'ID', fr: 'ID', da: 'ID' },
  type: { nl: 'Soort', en: 'Type', de: 'Art', fr: 'Type', da: 'Type' },
  parent: { nl: 'Bovenliggende pagina', en: 'Parent', de: 'Übergeordnete Seite', fr: 'Page parente', da: 'Overordnet side' },
  sort: { nl: 'Volgorde', en: 'Sort', de: 'Reihenfolge', fr: 'Ordre', da: 'Rækkefølge' },
  languages: { nl: 'Talen', en: 'Languages', de: 'Sprachen', fr: 'Langues', da: 'Sprog' },
  urlSegment: {
    nl: 'Deel van het webadres',
    en: 'URL segment',
    de: 'Teil der Webadresse',
    fr: 'Segment de l’adresse web',
    da: 'Del af webadressen',
  },
  title: { nl: 'Titel', en: 'Title', de: 'Titel', fr: 'Titre', da: 'Titel' },
  menuTitle: { nl: "Titel in menu's", en: 'Title in menus', de: 'Titel in Menüs', fr: 'Titre dans les menus', da: 'Titel i menuer' },
  metaTitle: {
    nl: 'Titel voor zoekmachines',
    en: 'Title for search engines',
    de: 'Titel für Suchmaschinen',
    fr: 'Titre pour les moteurs de recherche',
    da: 'Titel til søgemaskiner',
  },
  metaDescription: {
    nl: 'Omschrijving voor zoekmachines',
    en: 'Description for search engines',
    de: 'Beschreibung für Suchmaschinen',
    fr: 'Description pour les moteurs de recherche',
    da: 'Beskrivelse til søgemaskiner',
  },
  lastEdited: { nl: 'Laatst bewerkt', en: 'Last edited', de: 'Zuletzt bearbeitet', fr: 'Dernière modification', da: 'Sidst redigeret' },
  // The old "Draft" switch took a live page offline at once; a change now waits as a draft anyway (ADR 092).
  draft: {
    nl: 'Offline (verborgen voor bezoekers)',
    en: 'Offline (hidden from visitors)',
    de: 'Offline (für Besucher verborgen)',
    fr: 'Hors ligne (masqué aux visiteurs)',
    da: 'Offline (skjult for besøgende)',
  },
  content: { nl: 'Inhoud', en: 'Content', de: 'Inhalt', fr: 'Contenu', da: 'Indhold' },
  elements: { nl: 'Blokken', en: 'Elements', de: 'Blöcke', fr: 'Blocs', da: 'Blokke' },
  showTitle: { nl: 'Titel tonen', en: 'Show the title', de: 'Titel anzeigen', fr: 'Afficher le titre', da: 'Vis titlen' },
  intro: { nl: 'Inleiding', en: 'Intro', de: 'Einleitung', fr: 'Introduction', da: 'Indledning' },
  files: { nl: 'Bestanden', en: 'Files', de: 'Dateien', fr: 'Fichiers', da: 'Filer' },
  src: { nl: 'Bestand', en: 'File', de: 'Datei', fr: 'Fichier', da: 'Fil' },
  size: { nl: 'Grootte', en: 'Size', de: 'Größe', fr: 'Taille', da: 'Størrelse' },
  mimeType: { nl: 'MIME-type', en: 'MIME type', de: 'MIME-Typ', fr: 'Type MIME', da: 'MIME-type' },
  image: { nl: 'Afbeelding', en: 'Image', de: 'Bild', fr: 'Image', da: 'Billede' },
  width: { nl: 'Breedte', en: 'Width', de: 'Breite', fr: 'Largeur', da: 'Bredde' },
  height: { nl: 'Hoogte', en: 'Height', de: 'Höhe', fr: 'Hauteur', da: 'Højde' },
  focus: { nl: 'Focuspunt', en: 'Focus', de: 'Fokuspunkt', fr: 'Point focal', da: 'Fokuspunkt' },
  x: { nl: 'X', en: 'X', de: 'X', fr: 'X', da: 'X' },
  y: { nl: 'Y', en: 'Y', de: 'Y', fr: 'Y', da: 'Y' },
  alt: { nl: 'Alternatieve tekst', en: 'Alternative text', de: 'Alternativtext', fr: 'Texte alternatif', da: 'Alternativ tekst' },
  caption: { nl: 'Bijschrift', en: 'Caption', de: 'Bildunterschrift', fr: 'Légende', da: 'Billedtekst' },
  columns: { nl: 'Kolommen', en: 'Columns', de: 'Spalten', fr: 'Colonnes', da: 'Kolonner' },
  items: { nl: 'Onderdelen', en: 'Items', de: 'Elemente', fr: 'Éléments', da: 'Elementer' },
  text: { nl: 'Tekst', en: 'Text', de: 'Text', fr: 'Texte', da: 'Tekst' },
  brandLogo: { nl: 'Merklogo', en: 'Brand logo', de: 'Markenlogo', fr: 'Logo de la marque', da: 'Mærkelogo' },
  link: { nl: 'Link', en: 'Link', de: 'Link', fr: 'Lien', da: 'Link' },
  page: { nl: 'Pagina', en: 'Page', de: 'Seite', fr: 'Page', da: 'Side' },
  url: { nl: 'URL', en: 'URL', de: 'URL', fr: 'URL', da: 'URL' },
  subtitle: { nl: 'Ondertitel', en: 'Subtitle', de: 'Untertitel', fr: 'Sous-titre', da: 'Undertitel' },
  cta: { nl: 'Knop', en: 'Call to action', de: 'Schaltfläche', fr: 'Bouton', da: 'Knap' },
  icon: { nl: 'Pictogram', en: 'Icon', de: 'Symbol', fr: 'Icône', da: 'Ikon' },
  imagePosition: {
    nl: 'Plaats van de afbeelding',
    en: 'Image position',
    de: 'Position des Bildes',
    fr: 'Position de l’image',
    da: 'Billedets placering',
  },
  // Not "Links"/"Rechts": "Links" reads as hyperlinks.
  left: { nl: 'Linkerkolom', en: 'Left', de: 'Linke Spalte', fr: 'Colonne de gauche', da: 'Venstre kolonne' },
  right: { nl: 'Rechterkolom', en: 'Right', de: 'Rechte Spalte', fr: 'Colonne de droite', da: 'Højre kolonne' },
  redirectCode: {
    nl: 'Soort doorverwijzing',
    en: 'Redirect code',
    de: 'Art der Weiterleitung',
    fr: 'Type de redirection',
    da: 'Type af omdirigering',
  },
  redirectTo: { nl: 'Doorverwijzen naar', en: 'Redirect to', de: 'Weiterleiten zu', fr: 'Rediriger vers', da: 'Omdiriger til' },
  entries: { nl: 'Gebeurtenissen', en: 'Entries', de: 'Ereignisse', fr: 'Événements', da: 'Begivenheder' },
  year: { nl: 'Jaar', en: 'Year', de: 'Jahr', fr: 'Année', da: 'År' },
  date: { nl: 'Datum', en: 'Date', de: 'Datum', fr: 'Date', da: 'Dato' },
  slug: { nl: 'Deel van het webadres', en: 'Slug', de: 'Teil der Webadresse', fr: 'Segment de l’adresse web', da: 'Del af webadressen' },
  summary: { nl: 'Samenvatting', en: 'Summary', de: 'Zusammenfassung', fr: 'Résumé', da: 'Resumé' },
  body: { nl: 'Hoofdtekst', en: 'Body', de: 'Haupttext', fr: 'Texte principal', da: 'Brødtekst' },
  locations: { nl: 'Vestigingen', en: 'Locations', de: 'Standorte', fr: 'Sites', da: 'Afdelinger' },
  name: { nl: 'Naam', en: 'Name', de: 'Name', fr: 'Nom', da: 'Navn' },
  brands: { nl: 'Merken', en: 'Brands', de: 'Marken', fr: 'Marques', da: 'Mærker' },
  item: { nl: 'Item', en: 'Item', de: 'Element', fr: 'Élément', da: 'Element' },
  services: { nl: 'Diensten', en: 'Services', de: 'Leistungen', fr: 'Services', da: 'Ydelser' },
  address: { nl: 'Adres', en: 'Address', de: 'Adresse', fr: 'Adresse', da: 'Adresse' },
  street: { nl: 'Straat', en: 'Street', de: 'Straße', fr: 'Rue', da: 'Gade' },
  postalCode: { nl: 'Postcode', en: 'Postal code', de: 'Postleitzahl', fr: 'Code postal', da: 'Postnummer' },
  city: { nl: 'Plaats', en: 'City', de: 'Ort', fr: 'Ville', da: 'By' },
  country: { nl: 'Land', en: 'Country', de: 'Land', fr: 'Pays', da: 'Land' },
  lat: { nl: 'Breedtegraad', en: 'Latitude', de: 'Breitengrad', fr: 'Latitude', da: 'Breddegrad' },
  lng: { nl: 'Lengtegraad', en: 'Longitude', de: 'Längengrad', fr: 'Longitude', da: 'Længdegrad' },
  phone: { nl: 'Telefoon', en: 'Phone', de: 'Telefon', fr: 'Téléphone', da: 'Telefon' },
  email: { nl: 'E-mail', en: 'Email', de: 'E-Mail', fr: 'E-mail', da: 'E-mail' },
  website: { nl: 'Website', en: 'Website', de: 'Website', fr: 'Site web', da: 'Websted' },
  openingHours: { nl: 'Openingstijden', en: 'Opening hours', de: 'Öffnungszeiten', fr: 'Horaires d’ouverture', da: 'Åbningstider' },
  timeZone: { nl: 'Tijdzone', en: 'Time zone', de: 'Zeitzone', fr: 'Fuseau horaire', da: 'Tidszone' },
  tagline: { nl: 'Slogan', en: 'Tagline', de: 'Slogan', fr: 'Slogan', da: 'Slogan' },
  ogImage: {
    nl: 'Afbeelding voor sociale media',
    en: 'Image for social media',
    de: 'Bild für soziale Medien',
    fr: 'Image pour les réseaux sociaux',
    da: 'Billede til sociale medier',
  },
  socialLinks: {
    nl: 'Links naar sociale media',
    en: 'Social media links',
    de: 'Links zu sozialen Medien',
    fr: 'Liens vers les réseaux sociaux',
    da: 'Links til sociale medier',
  },
  platform: { nl: 'Platform', en: 'Platform', de: 'Plattform', fr: 'Plateforme', da: 'Platform' },
  main: { nl: 'Hoofdmenu', en: 'Main', de: 'Hauptmenü', fr: 'Menu principal', da: 'Hovedmenu' },
  footer: { nl: 'Voettekst', en: 'Footer', de: 'Fußzeile', fr: 'Pied de page', da: 'Sidefod' },
  // Block types
  ContactForm: { nl: 'Contactformulier', en: 'Contact form', de: 'Kontaktformular', fr: 'Formulaire de contact', da: 'Kontaktformular' },
  Download: { nl: 'Downloads', en: 'Download', de: 'Downloads', fr: 'Téléchargements', da: 'Downloads' },
  FullWidthMedia: {
    nl: 'Afbeelding over de hele breedte',
    en: 'Full width media',
    de: 'Bild über die ganze Breite',
    fr: 'Image pleine largeur',
    da: 'Billede i fuld bredde',
  },
  Grid: { nl: 'Raster', en: 'Grid', de: 'Raster', fr: 'Grille', da: 'Gitter' },
  Hero: { nl: 'Openingsbeeld', en: 'Hero', de: 'Aufmacher', fr: 'Visuel d’ouverture', da: 'Åbningsbillede' },
  Icons: { nl: 'Pictogrammen', en: 'Icons', de: 'Symbole', fr: 'Icônes', da: 'Ikoner' },
  InteractiveMap: { nl: 'Kaart', en: 'Interactive map', de: 'Karte', fr: 'Carte', da: 'Kort' },
  Link: { nl: 'Link', en: 'Link', de: 'Link', fr: 'Lien', da: 'Link' },
  MediaContent: { nl: 'Afbeelding met tekst', en: 'Media content', de: 'Bild mit Text', fr: 'Image avec texte', da: 'Billede med tekst' },
  TwoColumnContent: { nl: 'Twee kolommen', en: 'Two column content', de: 'Zwei Spalten', fr: 'Deux colonnes', da: 'To kolonner' },
}

export const fieldHints: Record<string, Words> = {
  id: {
    nl: 'Kleine letters, cijfers en streepjes, uniek. Het id van een pagina of nieuwsbericht is de naam van het bestand.',
    en: "Lowercase letters, digits and dashes, unique. A page's or news item's id names its file.",
    de: 'Kleinbuchstaben, Ziffern und Bindestriche, eindeutig. Die ID einer Seite oder Nachricht ist der Name ihrer Datei.',
    fr: 'Lettres minuscules, chiffres et tirets, unique. L’identifiant d’une page ou d’une actualité est le nom de son fichier.',
    da: 'Små bogstaver, tal og bindestreger, entydigt. En sides eller nyheds id er navnet på dens fil.',
  },
  urlSegment: {
    nl: 'Het deel van het webadres van de pagina, per taal; alleen leeg bij de startpagina.',
    en: "The page's part of the web address in each language; empty only for the home page.",
    de: 'Der Teil der Webadresse der Seite, je Sprache; nur bei der Startseite leer.',
    fr: 'La partie de l’adresse web de la page, dans chaque langue ; vide seulement pour la page d’accueil.',
    da: 'Sidens del af webadressen på hvert sprog; kun tom for forsiden.',
  },
  languages: {
    nl: 'De talen waarin het bestaat; alle talen als dit leeg blijft. De teksten zijn in elk van die talen verplicht.',
    en: 'The languages it exists in; all when left empty. Its texts are required in each of them.',
    de: 'Die Sprachen, in denen es existiert; alle, wenn leer. Die Texte sind in jeder dieser Sprachen Pflicht.',
    fr: 'Les langues dans lesquelles il existe ; toutes si le champ reste vide. Ses textes sont obligatoires dans chacune.',
    da: 'De sprog, det findes på; alle, hvis feltet er tomt. Teksterne er påkrævet på hvert af dem.',
  },
  width: {
    nl: 'Wordt uit het bestand gelezen als dit leeg blijft.',
    en: 'Read from the image file when left empty.',
    de: 'Wird aus der Bilddatei gelesen, wenn leer.',
    fr: 'Lu dans le fichier image si le champ reste vide.',
    da: 'Læses fra billedfilen, hvis feltet er tomt.',
  },
  height: {
    nl: 'Wordt uit het bestand gelezen als dit leeg blijft.',
    en: 'Read from the image file when left empty.',
    de: 'Wird aus der Bilddatei gelesen, wenn leer.',
    fr: 'Lu dans le fichier image si le champ reste vide.',
    da: 'Læses fra billedfilen, hvis feltet er tomt.',
  },
  focus: {
    nl: 'Waar het onderwerp staat (0 tot 1 vanaf linksboven); een uitsnede houdt het in beeld.',
    en: 'Where the subject is (0 to 1 from the top left); a crop keeps it in view.',
    de: 'Wo das Motiv ist (0 bis 1 von oben links); ein Zuschnitt behält es im Bild.',
    fr: 'Où se trouve le sujet (de 0 à 1 depuis le coin supérieur gauche) ; un recadrage le garde visible.',
    da: 'Hvor motivet er (0 til 1 fra øverste venstre hjørne); en beskæring holder det i billedet.',
  },
  draft: {
    nl: 'Eenmaal gepubliceerd zien bezoekers het niet meer (de voorbeeldweergave wel). Om een live pagina te wijzigen: gewoon Opslaan; ze blijft zoals ze is tot u publiceert.',
    en: 'Once published, visitors no longer see it (preview mode still does). To change a live page, just Save: it stays as it is until you publish.',
    de: 'Einmal veröffentlicht, sehen Besucher es nicht mehr (die Vorschau schon). Um eine Live-Seite zu ändern, einfach Speichern: Sie bleibt, wie sie ist, bis Sie veröffentlichen.',
    fr: 'Une fois publié, les visiteurs ne le voient plus (l’aperçu, si). Pour modifier une page en ligne, enregistrez simplement : elle reste telle quelle jusqu’à la publication.',
    da: 'Når det er publiceret, ser besøgende det ikke længere (forhåndsvisningen gør). For at ændre en live side: Gem blot; den forbliver som den er, indtil du publicerer.',
  },
  sort: {
    nl: 'Volgorde tussen pagina’s met dezelfde bovenliggende pagina, oplopend.',
    en: 'Order among pages with the same parent, ascending.',
    de: 'Reihenfolge unter Seiten mit derselben übergeordneten Seite, aufsteigend.',
    fr: 'Ordre parmi les pages ayant la même page parente, croissant.',
    da: 'Rækkefølge blandt sider med samme overordnede side, stigende.',
  },
  openingHours: {
    nl: 'Zoals "Mo-Fr 08:00-18:00", in de tijdzone van de vestiging.',
    en: 'Like "Mo-Fr 08:00-18:00", in the location\'s time zone.',
    de: 'Wie "Mo-Fr 08:00-18:00", in der Zeitzone des Standorts.',
    fr: 'Comme "Mo-Fr 08:00-18:00", dans le fuseau horaire du site.',
    da: 'Som "Mo-Fr 08:00-18:00", i afdelingens tidszone.',
  },
}

/** The schemas' pattern messages (English in the schemas) as the admin says them. */
export const patternMessages: Record<string, Words> = {
  'must be lowercase letters, digits and dashes': {
    nl: 'alleen kleine letters, cijfers en streepjes',
    en: 'must be lowercase letters, digits and dashes',
    de: 'nur Kleinbuchstaben, Ziffern und Bindestriche',
    fr: 'uniquement des lettres minuscules, des chiffres et des tirets',
    da: 'kun små bogstaver, tal og bindestreger',
  },
  'must be lowercase letters and digits joined by dashes, e.g. over-ons': {
    nl: 'kleine letters en cijfers, verbonden door streepjes, bijvoorbeeld over-ons',
    en: 'must be lowercase letters and digits joined by dashes, e.g. over-ons',
    de: 'Kleinbuchstaben und Ziffern, durch Bindestriche verbunden, z. B. over-ons',
    fr: 'lettres minuscules et chiffres reliés par des tirets, par exemple over-ons',
    da: 'små bogstaver og tal forbundet med bindestreger, f.eks. over-ons',
  },
  'must end with a file extension, e.g. .pdf': {
    nl: 'moet eindigen op een bestandsextensie, bijvoorbeeld .pdf',
    en: 'must end with a file extension, e.g. .pdf',
    de: 'muss auf eine Dateiendung enden, z. B. .pdf',
    fr: 'doit se terminer par une extension de fichier, par exemple .pdf',
    da: 'skal slutte med en filtype, f.eks. .pdf',
  },
  'must be a MIME type, e.g. application/pdf': {
    nl: 'moet een MIME-type zijn, bijvoorbeeld application/pdf',
    en: 'must be a MIME type, e.g. application/pdf',
    de: 'muss ein MIME-Typ sein, z. B. application/pdf',
    fr: 'doit être un type MIME, par exemple application/pdf',
    da: 'skal være en MIME-type, f.eks. application/pdf',
  },
  'must be lowercase words joined by dashes': {
    nl: 'kleine letters in woorden, verbonden door streepjes',
    en: 'must be lowercase words joined by dashes',
    de: 'Wörter in Kleinbuchstaben, durch Bindestriche verbunden',
    fr: 'mots en minuscules reliés par des tirets',
    da: 'ord med små bogstaver forbundet med bindestreger',
  },
}

/** The admin's names of the kinds of page: a collection each, with that kind's form alone. */
export const pageKindNames: Record<string, { label: Words; singular: Words; description: Words }> = {
  Page: {
    label: { nl: "Pagina's", en: 'Pages', de: 'Seiten', fr: 'Pages', da: 'Sider' },
    singular: { nl: 'Pagina', en: 'Page', de: 'Seite', fr: 'Page', da: 'Side' },
    description: {
      nl: "Pagina's opgebouwd uit blokken, en de juridische pagina's (hun tekst in Inhoud).",
      en: 'Pages built from blocks, and the legal pages (their text in Content).',
      de: 'Aus Blöcken aufgebaute Seiten und die rechtlichen Seiten (ihr Text in Inhalt).',
      fr: 'Pages construites à partir de blocs, et les pages juridiques (leur texte dans Contenu).',
      da: 'Sider bygget af blokke og de juridiske sider (deres tekst i Indhold).',
    },
  },
  NewsPage: {
    label: { nl: 'Nieuwsoverzicht', en: 'News list', de: 'Nachrichtenübersicht', fr: 'Liste des actualités', da: 'Nyhedsoversigt' },
    singular: { nl: 'Nieuwsoverzicht', en: 'News list page', de: 'Nachrichtenübersicht', fr: 'Liste des actualités', da: 'Nyhedsoversigt' },
    description: {
      nl: 'De pagina met de lijst van nieuwsberichten.',
      en: 'The page that lists the news items.',
      de: 'Die Seite mit der Liste der Nachrichten.',
      fr: 'La page qui liste les actualités.',
      da: 'Siden med listen over nyheder.',
    },
  },
  TimelinePage: {
    label: { nl: 'Tijdlijnen', en: 'Timelines', de: 'Zeitleisten', fr: 'Chronologies', da: 'Tidslinjer' },
    singular: { nl: 'Tijdlijn', en: 'Timeline page', de: 'Zeitleiste', fr: 'Chronologie', da: 'Tidslinje' },
    description: {
      nl: 'Een pagina met gebeurtenissen op datum (de geschiedenis).',
      en: 'A page of dated entries (the history).',
      de: 'Eine Seite mit datierten Ereignissen (die Geschichte).',
      fr: 'Une page d’événements datés (l’histoire).',
      da: 'En side med daterede begivenheder (historien).',
    },
  },
  RedirectorPage: {
    label: { nl: 'Doorverwijzingen', en: 'Redirects', de: 'Weiterleitungen', fr: 'Redirections', da: 'Omdirigeringer' },
    singular: { nl: 'Doorverwijzing', en: 'Redirect', de: 'Weiterleitung', fr: 'Redirection', da: 'Omdirigering' },
    description: {
      nl: 'Een adres dat bezoekers naar een andere pagina stuurt.',
      en: 'An address that sends visitors to another page.',
      de: 'Eine Adresse, die Besucher auf eine andere Seite schickt.',
      fr: 'Une adresse qui envoie les visiteurs vers une autre page.',
      da: 'En adresse, der sender besøgende til en anden side.',
    },
  },
}

/** The other words of the generated configuration. */
export const words = {
  kindOfPage: { nl: 'Soort pagina', en: 'Kind of page', de: 'Art der Seite', fr: 'Type de page', da: 'Sidetype' },
  onlyFor: {
    nl: "Alleen voor pagina's van de soort",
    en: 'Only for pages of kind',
    de: 'Nur für Seiten der Art',
    fr: 'Uniquement pour les pages de type',
    da: 'Kun for sider af typen',
  },
  and: { nl: 'en', en: 'and', de: 'und', fr: 'et', da: 'og' },
  noTitle: { nl: '(zonder titel)', en: '(no title)', de: '(ohne Titel)', fr: '(sans titre)', da: '(uden titel)' },
  allPages: { nl: "Alle pagina's", en: 'All pages', de: 'Alle Seiten', fr: 'Toutes les pages', da: 'Alle sider' },
  page: { nl: 'Pagina', en: 'Page', de: 'Seite', fr: 'Page', da: 'Side' },
  news: { nl: 'Nieuws', en: 'News', de: 'Nachrichten', fr: 'Actualités', da: 'Nyheder' },
  newsItem: { nl: 'Nieuwsbericht', en: 'News item', de: 'Nachricht', fr: 'Actualité', da: 'Nyhed' },
  locations: { nl: 'Vestigingen', en: 'Locations', de: 'Standorte', fr: 'Sites', da: 'Afdelinger' },
  location: { nl: 'Vestiging', en: 'Location', de: 'Standort', fr: 'Site', da: 'Afdeling' },
  locationsDescription: {
    nl: 'Eén item per vestiging, op plaats. Zoek er een door de plaats, naam of id in het zoekvak te typen.',
    en: 'One entry per location, by city. To find one, type its city, name or id in the search box.',
    de: 'Ein Eintrag je Standort, nach Ort. Um einen zu finden, geben Sie Ort, Name oder ID in das Suchfeld ein.',
    fr: 'Une entrée par site, par ville. Pour en trouver un, tapez sa ville, son nom ou son identifiant dans le champ de recherche.',
    da: 'Én post pr. afdeling, efter by. Skriv byen, navnet eller id’et i søgefeltet for at finde en.',
  },
  city: { nl: 'Plaats', en: 'City', de: 'Ort', fr: 'Ville', da: 'By' },
  country: { nl: 'Land', en: 'Country', de: 'Land', fr: 'Pays', da: 'Land' },
  date: { nl: 'Datum', en: 'Date', de: 'Datum', fr: 'Date', da: 'Dato' },
  scheduledDate: {
    nl: 'Een datum in de toekomst plant het bericht in: bezoekers zien het vanaf die dag.',
    en: 'A date in the future schedules the item: visitors see it from that day on.',
    de: 'Ein Datum in der Zukunft plant die Nachricht ein: Besucher sehen sie ab diesem Tag.',
    fr: 'Une date future programme l’actualité : les visiteurs la voient à partir de ce jour.',
    da: 'En dato i fremtiden planlægger nyheden: besøgende ser den fra den dag.',
  },
  dealer: { nl: 'Dealers', en: 'Dealers', de: 'Autohäuser', fr: 'Concessions', da: 'Forhandlere' },
  carbodyrepairshop: {
    nl: 'Schadeherstel',
    en: 'Body repair shops',
    de: 'Karosseriebetriebe',
    fr: 'Carrosseries',
    da: 'Karosseriværksteder',
  },
  leaselocation: { nl: 'Leaselocaties', en: 'Lease locations', de: 'Leasingstandorte', fr: 'Sites de leasing', da: 'Leasingadresser' },
  otherlocation: { nl: 'Overige vestigingen', en: 'Other locations', de: 'Sonstige Standorte', fr: 'Autres sites', da: 'Andre adresser' },
  settings: {
    nl: 'Website-instellingen',
    en: 'Site settings',
    de: 'Website-Einstellungen',
    fr: 'Réglages du site',
    da: 'Webstedsindstillinger',
  },
  site: { nl: 'Website', en: 'Site', de: 'Website', fr: 'Site', da: 'Websted' },
  menus: { nl: "Menu's", en: 'Menus', de: 'Menüs', fr: 'Menus', da: 'Menuer' },
} satisfies Record<string, Words>

/** The History panel beside an entry's form (app/server/admin/history-script.ts, ADR 106). */
export const historyWords = {
  title: { nl: 'Geschiedenis', en: 'History', de: 'Verlauf', fr: 'Historique', da: 'Historik' },
  empty: {
    nl: 'Nog geen gepubliceerde versies.',
    en: 'No published versions yet.',
    de: 'Noch keine veröffentlichten Versionen.',
    fr: 'Aucune version publiée pour l’instant.',
    da: 'Ingen publicerede versioner endnu.',
  },
  published: { nl: 'gepubliceerd', en: 'published', de: 'veröffentlicht', fr: 'publié', da: 'publiceret' },
  restored: { nl: 'teruggezet', en: 'restored', de: 'wiederhergestellt', fr: 'restauré', da: 'gendannet' },
  deleted: { nl: 'verwijderd', en: 'deleted', de: 'gelöscht', fr: 'supprimé', da: 'slettet' },
  earlier: {
    nl: 'Versie van vóór de geschiedenis',
    en: 'Version from before the history',
    de: 'Version von vor dem Verlauf',
    fr: 'Version antérieure à l’historique',
    da: 'Version fra før historikken',
  },
  thisMachine: { nl: 'deze computer', en: 'this machine', de: 'dieser Computer', fr: 'cet ordinateur', da: 'denne computer' },
  current: { nl: 'huidige versie', en: 'current version', de: 'aktuelle Version', fr: 'version actuelle', da: 'nuværende version' },
  changed: { nl: 'Gewijzigd', en: 'Changed', de: 'Geändert', fr: 'Modifié', da: 'Ændret' },
  andMore: { nl: 'en meer', en: 'and more', de: 'und mehr', fr: 'et plus', da: 'og mere' },
  show: {
    nl: 'Wat er toen stond',
    en: 'What it said then',
    de: 'Was damals dastand',
    fr: 'Ce qui figurait alors',
    da: 'Hvad der stod dengang',
  },
  thenValue: { nl: 'Toen', en: 'Then', de: 'Damals', fr: 'Alors', da: 'Dengang' },
  nowValue: { nl: 'Nu', en: 'Now', de: 'Jetzt', fr: 'Maintenant', da: 'Nu' },
  none: { nl: '(leeg)', en: '(empty)', de: '(leer)', fr: '(vide)', da: '(tom)' },
  same: {
    nl: 'Gelijk aan de huidige versie.',
    en: 'The same as the current version.',
    de: 'Gleich wie die aktuelle Version.',
    fr: 'Identique à la version actuelle.',
    da: 'Magen til den nuværende version.',
  },
  restoreDraft: {
    nl: 'Terugzetten als concept',
    en: 'Restore as draft',
    de: 'Als Entwurf wiederherstellen',
    fr: 'Restaurer comme brouillon',
    da: 'Gendan som kladde',
  },
  restorePublish: {
    nl: 'Terugzetten en publiceren',
    en: 'Restore and publish',
    de: 'Wiederherstellen und veröffentlichen',
    fr: 'Restaurer et publier',
    da: 'Gendan og publicer',
  },
  confirmPublish: {
    nl: 'Deze versie terugzetten en meteen publiceren? Bezoekers zien haar direct.',
    en: 'Restore this version and publish it now? Visitors see it at once.',
    de: 'Diese Version wiederherstellen und sofort veröffentlichen? Besucher sehen sie sofort.',
    fr: 'Restaurer cette version et la publier maintenant ? Les visiteurs la voient aussitôt.',
    da: 'Gendan denne version og publicer den nu? Besøgende ser den med det samme.',
  },
  confirmDraft: {
    nl: 'Deze versie terugzetten als concept? Een bestaand concept van dit item wordt vervangen.',
    en: 'Restore this version as a draft? An existing draft of this entry is replaced.',
    de: 'Diese Version als Entwurf wiederherstellen? Ein vorhandener Entwurf dieses Eintrags wird ersetzt.',
    fr: 'Restaurer cette version comme brouillon ? Un brouillon existant de cette entrée est remplacé.',
    da: 'Gendan denne version som kladde? En eksisterende kladde af dette element erstattes.',
  },
  failed: { nl: 'Niet gelukt', en: 'Did not work', de: 'Nicht gelungen', fr: 'Échec', da: 'Det lykkedes ikke' },
} satisfies Record<string, Words>

/** The refusals of the History panel's calls (app/server/admin/history-api.server.ts). */
export const historyRefusals = {
  noEntry: {
    nl: 'Dit item bestaat niet',
    en: 'No such entry',
    de: 'Diesen Eintrag gibt es nicht',
    fr: 'Cette entrée n’existe pas',
    da: 'Dette element findes ikke',
  },
  noVersion: {
    nl: 'Deze versie van dit item bestaat niet',
    en: 'No such version of this entry',
    de: 'Diese Version des Eintrags gibt es nicht',
    fr: 'Cette version de l’entrée n’existe pas',
    da: 'Denne version af elementet findes ikke',
  },
  deleted: {
    nl: 'Deze versie is een verwijdering: er is geen tekst om terug te zetten',
    en: 'This version is a delete: it has no text to restore',
    de: 'Diese Version ist eine Löschung: Es gibt keinen Text zum Wiederherstellen',
    fr: 'Cette version est une suppression : il n’y a pas de texte à restaurer',
    da: 'Denne version er en sletning: der er ingen tekst at gendanne',
  },
  unavailable: {
    nl: 'De geschiedenis is nu niet te lezen; probeer het zo opnieuw',
    en: 'The history cannot be read now; try again in a moment',
    de: 'Der Verlauf ist gerade nicht lesbar; versuchen Sie es gleich noch einmal',
    fr: 'L’historique est illisible pour le moment ; réessayez dans un instant',
    da: 'Historikken kan ikke læses lige nu; prøv igen om lidt',
  },
} satisfies Record<string, Words>

/** `metaDescription` → "Meta description": a field with no label above (the test makes sure none is left). */
export function labelOf(name: string, language: AdminLanguage = 'nl'): string {
  const known = fieldLabels[name]?.[language]
  if (known) return known
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return spaced.charAt(0).toUpperCase() + spaced.slice(1)
}

/** The words of the link picker and the page tree (app/server/admin/links-script.ts, ADR 109). */
export const linkPickerWords = {
  title: { nl: 'Link naar…', en: 'Link to…', de: 'Link zu…', fr: 'Lien vers…', da: 'Link til…' },
  search: {
    nl: 'Zoek een pagina of nieuwsbericht',
    en: 'Search a page or news item',
    de: 'Seite oder Nachricht suchen',
    fr: 'Chercher une page ou une actualité',
    da: 'Søg en side eller nyhed',
  },
  pages: { nl: "Pagina's", en: 'Pages', de: 'Seiten', fr: 'Pages', da: 'Sider' },
  news: { nl: 'Nieuws', en: 'News', de: 'Nachrichten', fr: 'Actualités', da: 'Nyheder' },
  addressesIn: {
    nl: 'Adressen in de taal van het formulier:',
    en: "Addresses in the form's language:",
    de: 'Adressen in der Sprache des Formulars:',
    fr: 'Adresses dans la langue du formulaire :',
    da: 'Adresser på formularens sprog:',
  },
  none: { nl: 'Niets gevonden.', en: 'Nothing found.', de: 'Nichts gefunden.', fr: 'Aucun résultat.', da: 'Intet fundet.' },
  external: {
    nl: 'Of een webadres',
    en: 'Or a web address',
    de: 'Oder eine Webadresse',
    fr: 'Ou une adresse web',
    da: 'Eller en webadresse',
  },
  link: { nl: 'Link', en: 'Link', de: 'Verlinken', fr: 'Lier', da: 'Link' },
  remove: { nl: 'Link weghalen', en: 'Remove link', de: 'Link entfernen', fr: 'Supprimer le lien', da: 'Fjern link' },
  cancel: { nl: 'Annuleren', en: 'Cancel', de: 'Abbrechen', fr: 'Annuler', da: 'Annuller' },
  selectFirst: {
    nl: 'Zonder geselecteerde tekst wordt het adres de tekst van de link.',
    en: "With no text selected, the address becomes the link's text.",
    de: 'Ohne markierten Text wird die Adresse zum Text des Links.',
    fr: 'Sans texte sélectionné, l’adresse devient le texte du lien.',
    da: 'Uden markeret tekst bliver adressen linkets tekst.',
  },
  notLinked: {
    nl: 'De link is niet gemaakt. Selecteer de woorden opnieuw en kies nog eens.',
    en: 'The link was not made. Select the words again and choose once more.',
    de: 'Der Link wurde nicht gesetzt. Markieren Sie die Wörter erneut und wählen Sie noch einmal.',
    fr: 'Le lien n’a pas été créé. Sélectionnez à nouveau les mots et choisissez encore une fois.',
    da: 'Linket blev ikke lavet. Markér ordene igen, og vælg en gang til.',
  },
} satisfies Record<string, Words>

/**
 * Decap's own texts that its Dutch, German, French or Danish lacks (it shows the English then:
 * "Add blokken"), by their path in Decap's phrases. The admin adds each one a language lacks
 * before Decap starts; Decap's own translation wins where it has one. decap-labels.test.ts
 * checks that every text an installed Decap lacks is here or in `decapPhrasesUnused`.
 */
export const decapPhraseGaps: Record<string, Omit<Words, 'en'>> = {
  'collection.collectionTop.viewAsList': { nl: 'Als lijst tonen', de: 'Als Liste anzeigen', fr: 'Afficher en liste', da: 'Vis som liste' },
  'collection.collectionTop.viewAsGrid': {
    nl: 'Als raster tonen',
    de: 'Als Raster anzeigen',
    fr: 'Afficher en grille',
    da: 'Vis som gitter',
  },
  'collection.entries.unpublishedHeader': {
    nl: 'Niet-gepubliceerde items',
    de: 'Unveröffentlichte Einträge',
    fr: 'Entrées non publiées',
    da: 'Ikke-publicerede elementer',
  },
  'editor.editorControl.field.widgetLabel': {
    nl: 'Veld %{widgetLabel}',
    de: 'Feld %{widgetLabel}',
    fr: 'Champ %{widgetLabel}',
    da: 'Feltet %{widgetLabel}',
  },
  'editor.editorToolbar.statusInfoTooltipDraft': {
    nl: 'Dit item is een concept. Zet de status op ‘Wordt beoordeeld’ om het ter beoordeling aan te bieden.',
    de: 'Der Eintrag ist ein Entwurf. Setzen Sie den Status auf ‚In Prüfung‘, um ihn zur Prüfung einzureichen.',
    fr: 'L’entrée est un brouillon. Pour la soumettre à la révision, passez son statut à « En cours de révision ».',
    da: 'Elementet er en kladde. Sæt status til ‘Til gennemsyn’ for at sende det til gennemsyn.',
  },
  'editor.editorToolbar.statusInfoTooltipInReview': {
    nl: 'Dit item wordt beoordeeld; er hoeft niets meer te gebeuren. U kunt het intussen nog wijzigen.',
    de: 'Der Eintrag wird geprüft; es ist nichts weiter zu tun. Sie können ihn währenddessen noch ändern.',
    fr: 'L’entrée est en cours de révision ; rien d’autre n’est à faire. Vous pouvez encore la modifier entre-temps.',
    da: 'Elementet er til gennemsyn; der skal ikke gøres mere. Du kan stadig ændre det imens.',
  },
  'editor.editorWidgets.markdown.strikethrough': { nl: 'Doorhalen', de: 'Durchgestrichen', fr: 'Barré', da: 'Gennemstreget' },
  'editor.editorWidgets.markdown.toggleMode.rich': {
    nl: 'Naar opgemaakte tekst',
    de: 'Zu formatiertem Text wechseln',
    fr: 'Passer en texte enrichi',
    da: 'Skift til formateret tekst',
  },
  'editor.editorWidgets.markdown.toggleMode.markdown': {
    nl: 'Naar Markdown',
    de: 'Zu Markdown wechseln',
    fr: 'Passer en Markdown',
    da: 'Skift til Markdown',
  },
  'editor.editorWidgets.image.chooseMultiple': {
    nl: 'Kies afbeeldingen',
    de: 'Bilder auswählen',
    fr: 'Choisir des images',
    da: 'Vælg billeder',
  },
  'editor.editorWidgets.image.addMore': {
    nl: 'Meer afbeeldingen toevoegen',
    de: 'Weitere Bilder hinzufügen',
    fr: 'Ajouter d’autres images',
    da: 'Tilføj flere billeder',
  },
  'editor.editorWidgets.image.removeAll': {
    nl: 'Alle afbeeldingen verwijderen',
    de: 'Alle Bilder entfernen',
    fr: 'Supprimer toutes les images',
    da: 'Fjern alle billeder',
  },
  'editor.editorWidgets.file.chooseMultiple': {
    nl: 'Kies bestanden',
    de: 'Dateien auswählen',
    fr: 'Choisir des fichiers',
    da: 'Vælg filer',
  },
  'editor.editorWidgets.file.addMore': {
    nl: 'Meer bestanden toevoegen',
    de: 'Weitere Dateien hinzufügen',
    fr: 'Ajouter d’autres fichiers',
    da: 'Tilføj flere filer',
  },
  'editor.editorWidgets.file.removeAll': {
    nl: 'Alle bestanden verwijderen',
    de: 'Alle Dateien entfernen',
    fr: 'Supprimer tous les fichiers',
    da: 'Fjern alle filer',
  },
  'editor.editorWidgets.datetime.setToNow': {
    nl: '%{fieldLabel} op nu zetten',
    de: '%{fieldLabel} auf jetzt setzen',
    fr: 'Régler %{fieldLabel} sur maintenant',
    da: 'Sæt %{fieldLabel} til nu',
  },
  'editor.editorWidgets.list.addType': { nl: 'Voeg %{item} toe', de: '%{item} hinzufügen', fr: 'Ajouter %{item}', da: 'Tilføj %{item}' },
  'editor.editorWidgets.object.expand': { nl: 'Uitklappen', de: 'Ausklappen', fr: 'Déplier', da: 'Fold ud' },
  'editor.editorWidgets.object.collapse': { nl: 'Inklappen', de: 'Einklappen', fr: 'Replier', da: 'Fold sammen' },
  'editor.editorInterface.toggleI18n': {
    nl: 'Vertalingen tonen of verbergen',
    de: 'Übersetzungen ein- oder ausblenden',
    fr: 'Afficher ou masquer les traductions',
    da: 'Vis eller skjul oversættelser',
  },
  'editor.editorInterface.togglePreview': {
    nl: 'Voorbeeld tonen of verbergen',
    de: 'Vorschau ein- oder ausblenden',
    fr: 'Afficher ou masquer l’aperçu',
    da: 'Vis eller skjul forhåndsvisning',
  },
  'editor.editorInterface.toggleScrollSync': {
    nl: 'Gelijk scrollen',
    de: 'Scrollen synchronisieren',
    fr: 'Défilement synchronisé',
    da: 'Synkroniseret rulning',
  },
  'mediaLibrary.mediaLibraryModal.close': { nl: 'Sluiten', de: 'Schließen', fr: 'Fermer', da: 'Luk' },
  'ui.settingsDropdown.account': { nl: 'Accountmenu', de: 'Kontomenü', fr: 'Menu du compte', da: 'Kontomenu' },
}

/**
 * Texts Decap lacks in some language for what this admin does not show: its editorial notes
 * (`editor.notes` is off), Forgejo sign-in, its own i18n (the forms use ADR 096's tabs) and the
 * path widget.
 */
export const decapPhrasesUnused: ReadonlyArray<string> = [
  'auth.loginWithForgejo',
  'editor.editorInterface.toggleNotes',
  'editor.editorNotesPane.',
  'ui.toast.note',
  'ui.toast.onFailToAddNote',
  'ui.toast.onFailToUpdateNote',
  'ui.toast.onFailToDeleteNote',
  'ui.toast.onFailToToggleNote',
  'editor.editorControlPane.i18n.copyFromLocale',
  'editor.editorControlPane.widget.invalidPath',
  'editor.editorControlPane.widget.pathExists',
]
