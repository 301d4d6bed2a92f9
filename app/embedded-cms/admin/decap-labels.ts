/**
 * The admin's own words for the generated forms (decap-config.ts), in each language the admin
 * speaks: Dutch by default, English when the editor chooses it (app/server/admin/editor-script.ts
 * asks for /admin/config.yml?language=en). Decap translates its own texts; these are the field
 * labels, hints, block and collection names and pattern messages it cannot know.
 * decap-labels.test.ts fails when a field of the schemas has no label here.
 *
 * Pure: shared by the admin's server route and the tests.
 */

/** The languages of the admin's interface (Decap has locales for both). */
export const adminLanguages = ['nl', 'en'] as const
export type AdminLanguage = (typeof adminLanguages)[number]

export function isAdminLanguage(value: unknown): value is AdminLanguage {
  return adminLanguages.some((language) => language === value)
}

type Words = Record<AdminLanguage, string>

/** Field labels, by the field's name in the content (block types by their type). */
export const fieldLabels: Record<string, Words> = {
  id: { nl: 'ID', en: 'ID' },
  type: { nl: 'Soort', en: 'Type' },
  parent: { nl: 'Bovenliggende pagina', en: 'Parent' },
  sort: { nl: 'Volgorde', en: 'Sort' },
  languages: { nl: 'Talen', en: 'Languages' },
  urlSegment: { nl: 'Deel van het webadres', en: 'URL segment' },
  title: { nl: 'Titel', en: 'Title' },
  menuTitle: { nl: "Titel in menu's", en: 'Title in menus' },
  metaTitle: { nl: 'Titel voor zoekmachines', en: 'Title for search engines' },
  metaDescription: { nl: 'Omschrijving voor zoekmachines', en: 'Description for search engines' },
  lastEdited: { nl: 'Laatst bewerkt', en: 'Last edited' },
  // The old "Draft" switch took a live page offline at once; a change now waits as a draft anyway (ADR 092).
  draft: { nl: 'Offline (verborgen voor bezoekers)', en: 'Offline (hidden from visitors)' },
  content: { nl: 'Inhoud', en: 'Content' },
  elements: { nl: 'Blokken', en: 'Elements' },
  showTitle: { nl: 'Titel tonen', en: 'Show the title' },
  intro: { nl: 'Inleiding', en: 'Intro' },
  files: { nl: 'Bestanden', en: 'Files' },
  src: { nl: 'Bestand', en: 'File' },
  size: { nl: 'Grootte', en: 'Size' },
  mimeType: { nl: 'MIME-type', en: 'MIME type' },
  image: { nl: 'Afbeelding', en: 'Image' },
  width: { nl: 'Breedte', en: 'Width' },
  height: { nl: 'Hoogte', en: 'Height' },
  focus: { nl: 'Focuspunt', en: 'Focus' },
  x: { nl: 'X', en: 'X' },
  y: { nl: 'Y', en: 'Y' },
  alt: { nl: 'Alternatieve tekst', en: 'Alternative text' },
  caption: { nl: 'Bijschrift', en: 'Caption' },
  columns: { nl: 'Kolommen', en: 'Columns' },
  items: { nl: 'Onderdelen', en: 'Items' },
  text: { nl: 'Tekst', en: 'Text' },
  brandLogo: { nl: 'Merklogo', en: 'Brand logo' },
  link: { nl: 'Link', en: 'Link' },
  page: { nl: 'Pagina', en: 'Page' },
  url: { nl: 'URL', en: 'URL' },
  subtitle: { nl: 'Ondertitel', en: 'Subtitle' },
  cta: { nl: 'Knop', en: 'Call to action' },
  icon: { nl: 'Pictogram', en: 'Icon' },
  imagePosition: { nl: 'Plaats van de afbeelding', en: 'Image position' },
  // Not "Links"/"Rechts": "Links" reads as hyperlinks.
  left: { nl: 'Linkerkolom', en: 'Left' },
  right: { nl: 'Rechterkolom', en: 'Right' },
  redirectCode: { nl: 'Soort doorverwijzing', en: 'Redirect code' },
  redirectTo: { nl: 'Doorverwijzen naar', en: 'Redirect to' },
  entries: { nl: 'Gebeurtenissen', en: 'Entries' },
  year: { nl: 'Jaar', en: 'Year' },
  date: { nl: 'Datum', en: 'Date' },
  slug: { nl: 'Deel van het webadres', en: 'Slug' },
  summary: { nl: 'Samenvatting', en: 'Summary' },
  body: { nl: 'Hoofdtekst', en: 'Body' },
  locations: { nl: 'Vestigingen', en: 'Locations' },
  name: { nl: 'Naam', en: 'Name' },
  brands: { nl: 'Merken', en: 'Brands' },
  item: { nl: 'Item', en: 'Item' },
  services: { nl: 'Diensten', en: 'Services' },
  address: { nl: 'Adres', en: 'Address' },
  street: { nl: 'Straat', en: 'Street' },
  postalCode: { nl: 'Postcode', en: 'Postal code' },
  city: { nl: 'Plaats', en: 'City' },
  country: { nl: 'Land', en: 'Country' },
  lat: { nl: 'Breedtegraad', en: 'Latitude' },
  lng: { nl: 'Lengtegraad', en: 'Longitude' },
  phone: { nl: 'Telefoon', en: 'Phone' },
  email: { nl: 'E-mail', en: 'Email' },
  website: { nl: 'Website', en: 'Website' },
  openingHours: { nl: 'Openingstijden', en: 'Opening hours' },
  timeZone: { nl: 'Tijdzone', en: 'Time zone' },
  tagline: { nl: 'Slogan', en: 'Tagline' },
  ogImage: { nl: 'Afbeelding voor sociale media', en: 'Image for social media' },
  socialLinks: { nl: 'Links naar sociale media', en: 'Social media links' },
  platform: { nl: 'Platform', en: 'Platform' },
  main: { nl: 'Hoofdmenu', en: 'Main' },
  footer: { nl: 'Voettekst', en: 'Footer' },
  // Block types
  ContactForm: { nl: 'Contactformulier', en: 'Contact form' },
  Download: { nl: 'Downloads', en: 'Download' },
  FullWidthMedia: { nl: 'Afbeelding over de hele breedte', en: 'Full width media' },
  Grid: { nl: 'Raster', en: 'Grid' },
  Hero: { nl: 'Openingsbeeld', en: 'Hero' },
  Icons: { nl: 'Pictogrammen', en: 'Icons' },
  InteractiveMap: { nl: 'Kaart', en: 'Interactive map' },
  Link: { nl: 'Link', en: 'Link' },
  MediaContent: { nl: 'Afbeelding met tekst', en: 'Media content' },
  TwoColumnContent: { nl: 'Twee kolommen', en: 'Two column content' },
}

export const fieldHints: Record<string, Words> = {
  id: {
    nl: 'Kleine letters, cijfers en streepjes, uniek. Het id van een pagina of nieuwsbericht is de naam van het bestand.',
    en: "Lowercase letters, digits and dashes, unique. A page's or news item's id names its file.",
  },
  urlSegment: {
    nl: 'Het deel van het webadres van de pagina, per taal; alleen leeg bij de startpagina.',
    en: "The page's part of the web address in each language; empty only for the home page.",
  },
  languages: {
    nl: 'De talen waarin het bestaat; alle talen als dit leeg blijft. De teksten zijn in elk van die talen verplicht.',
    en: 'The languages it exists in; all when left empty. Its texts are required in each of them.',
  },
  width: { nl: 'Wordt uit het bestand gelezen als dit leeg blijft.', en: 'Read from the image file when left empty.' },
  height: { nl: 'Wordt uit het bestand gelezen als dit leeg blijft.', en: 'Read from the image file when left empty.' },
  focus: {
    nl: 'Waar het onderwerp staat (0 tot 1 vanaf linksboven); een uitsnede houdt het in beeld.',
    en: 'Where the subject is (0 to 1 from the top left); a crop keeps it in view.',
  },
  draft: {
    nl: 'Eenmaal gepubliceerd zien bezoekers het niet meer (de voorbeeldweergave wel). Om een live pagina te wijzigen: gewoon Opslaan; ze blijft zoals ze is tot u publiceert.',
    en: 'Once published, visitors no longer see it (preview mode still does). To change a live page, just Save: it stays as it is until you publish.',
  },
  sort: {
    nl: 'Volgorde tussen pagina’s met dezelfde bovenliggende pagina, oplopend.',
    en: 'Order among pages with the same parent, ascending.',
  },
  openingHours: {
    nl: 'Zoals "Mo-Fr 08:00-18:00", in de tijdzone van de vestiging.',
    en: 'Like "Mo-Fr 08:00-18:00", in the location\'s time zone.',
  },
}

/** The schemas' pattern messages (English in the schemas) as the admin says them. */
export const patternMessages: Record<string, Words> = {
  'must be lowercase letters, digits and dashes': {
    nl: 'alleen kleine letters, cijfers en streepjes',
    en: 'must be lowercase letters, digits and dashes',
  },
  'must be lowercase letters and digits joined by dashes, e.g. over-ons': {
    nl: 'kleine letters en cijfers, verbonden door streepjes, bijvoorbeeld over-ons',
    en: 'must be lowercase letters and digits joined by dashes, e.g. over-ons',
  },
  'must end with a file extension, e.g. .pdf': {
    nl: 'moet eindigen op een bestandsextensie, bijvoorbeeld .pdf',
    en: 'must end with a file extension, e.g. .pdf',
  },
  'must be a MIME type, e.g. application/pdf': {
    nl: 'moet een MIME-type zijn, bijvoorbeeld application/pdf',
    en: 'must be a MIME type, e.g. application/pdf',
  },
  'must be lowercase words joined by dashes': {
    nl: 'kleine letters in woorden, verbonden door streepjes',
    en: 'must be lowercase words joined by dashes',
  },
}

/** The admin's names of the kinds of page: a collection each, with that kind's form alone. */
export const pageKindNames: Record<string, { label: Words; singular: Words; description: Words }> = {
  Page: {
    label: { nl: "Pagina's", en: 'Pages' },
    singular: { nl: 'Pagina', en: 'Page' },
    description: {
      nl: "Pagina's opgebouwd uit blokken, en de juridische pagina's (hun tekst in Inhoud).",
      en: 'Pages built from blocks, and the legal pages (their text in Content).',
    },
  },
  NewsPage: {
    label: { nl: 'Nieuwsoverzicht', en: 'News list' },
    singular: { nl: 'Nieuwsoverzicht', en: 'News list page' },
    description: { nl: 'De pagina met de lijst van nieuwsberichten.', en: 'The page that lists the news items.' },
  },
  TimelinePage: {
    label: { nl: 'Tijdlijnen', en: 'Timelines' },
    singular: { nl: 'Tijdlijn', en: 'Timeline page' },
    description: { nl: 'Een pagina met gebeurtenissen op datum (de geschiedenis).', en: 'A page of dated entries (the history).' },
  },
  RedirectorPage: {
    label: { nl: 'Doorverwijzingen', en: 'Redirects' },
    singular: { nl: 'Doorverwijzing', en: 'Redirect' },
    description: {
      nl: 'Een adres dat bezoekers naar een andere pagina stuurt.',
      en: 'An address that sends visitors to another page.',
    },
  },
}

/** The other words of the generated configuration. */
export const words = {
  kindOfPage: { nl: 'Soort pagina', en: 'Kind of page' },
  onlyFor: { nl: "Alleen voor pagina's van de soort", en: 'Only for pages of kind' },
  and: { nl: 'en', en: 'and' },
  noTitle: { nl: '(zonder titel)', en: '(no title)' },
  allPages: { nl: "Alle pagina's", en: 'All pages' },
  page: { nl: 'Pagina', en: 'Page' },
  news: { nl: 'Nieuws', en: 'News' },
  newsItem: { nl: 'Nieuwsbericht', en: 'News item' },
  locations: { nl: 'Vestigingen', en: 'Locations' },
  location: { nl: 'Vestiging', en: 'Location' },
  locationsDescription: {
    nl: 'Eén item per vestiging, op plaats. Zoek er een door de plaats, naam of id in het zoekvak te typen.',
    en: 'One entry per location, by city. To find one, type its city, name or id in the search box.',
  },
  city: { nl: 'Plaats', en: 'City' },
  country: { nl: 'Land', en: 'Country' },
  date: { nl: 'Datum', en: 'Date' },
  scheduledDate: {
    nl: 'Een datum in de toekomst plant het bericht in: bezoekers zien het vanaf die dag.',
    en: 'A date in the future schedules the item: visitors see it from that day on.',
  },
  dealer: { nl: 'Dealers', en: 'Dealers' },
  carbodyrepairshop: { nl: 'Schadeherstel', en: 'Body repair shops' },
  leaselocation: { nl: 'Leaselocaties', en: 'Lease locations' },
  otherlocation: { nl: 'Overige vestigingen', en: 'Other locations' },
  settings: { nl: 'Website-instellingen', en: 'Site settings' },
  site: { nl: 'Website', en: 'Site' },
  menus: { nl: "Menu's", en: 'Menus' },
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
  title: { nl: 'Link naar…', en: 'Link to…' },
  search: { nl: 'Zoek een pagina of nieuwsbericht', en: 'Search a page or news item' },
  pages: { nl: "Pagina's", en: 'Pages' },
  news: { nl: 'Nieuws', en: 'News' },
  addressesIn: { nl: 'Adressen in de taal van het formulier:', en: "Addresses in the form's language:" },
  none: { nl: 'Niets gevonden.', en: 'Nothing found.' },
  external: { nl: 'Of een webadres', en: 'Or a web address' },
  link: { nl: 'Link', en: 'Link' },
  remove: { nl: 'Link weghalen', en: 'Remove link' },
  cancel: { nl: 'Annuleren', en: 'Cancel' },
  selectFirst: {
    nl: 'Zonder geselecteerde tekst wordt het adres de tekst van de link.',
    en: "With no text selected, the address becomes the link's text.",
  },
} satisfies Record<string, Words>
