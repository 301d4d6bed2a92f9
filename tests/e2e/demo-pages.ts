import { localeCodes } from '../../app.config'

/** The demo site's CMS pages in every language. */
export const demoPages = {
  home: { nl: '/', en: '/en', de: '/de', fr: '/fr', da: '/da' },
  about: { nl: '/over-ons', en: '/en/about-us', de: '/de/uber-uns', fr: '/fr/a-propos', da: '/da/om-os' },
  history: {
    nl: '/over-ons/historie',
    en: '/en/about-us/history',
    de: '/de/uber-uns/geschichte',
    fr: '/fr/a-propos/histoire',
    da: '/da/om-os/historie',
  },
  mission: {
    nl: '/over-ons/missie-en-visie',
    en: '/en/about-us/mission-and-vision',
    de: '/de/uber-uns/mission-und-vision',
    fr: '/fr/a-propos/mission-et-vision',
    da: '/da/om-os/mission-og-vision',
  },
  locations: { nl: '/vestigingen', en: '/en/locations', de: '/de/standorte', fr: '/fr/etablissements', da: '/da/afdelinger' },
  contact: { nl: '/contact', en: '/en/contact', de: '/de/kontakt', fr: '/fr/contact', da: '/da/kontakt' },
} as const

export const careers = { nl: '/werken-bij', en: '/en/careers', de: '/de/karriere', fr: '/fr/carrieres', da: '/da/karriere' } as const

/** The fixed routes whose text comes from the CMS; the terms keep their Dutch slug everywhere. */
export const legalPages = {
  cookie: { nl: '/cookie-policy', en: '/en/cookie-policy', de: '/de/cookie-policy', fr: '/fr/cookie-policy', da: '/da/cookie-policy' },
  privacy: { nl: '/privacy', en: '/en/privacy', de: '/de/datenschutz', fr: '/fr/confidentialite', da: '/da/fortrolighed' },
  terms: {
    nl: '/algemene-voorwaarden',
    en: '/en/algemene-voorwaarden',
    de: '/de/algemene-voorwaarden',
    fr: '/fr/algemene-voorwaarden',
    da: '/da/algemene-voorwaarden',
  },
} as const

export const locales = localeCodes
