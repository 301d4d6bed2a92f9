import { defineConfig } from '@lingui/cli'
import { defaultLocale, localeCodes } from './app.config'
import { poFormatter } from './scripts/lib/po-format'

export default defineConfig({
  sourceLocale: defaultLocale,
  locales: [...localeCodes],
  catalogs: [
    {
      // Localized URL segments live in their own small catalog: every locale's
      // copy is bundled for routing, while UI messages load per locale.
      path: '<rootDir>/app/locales/{locale}/routes',
      include: ['<rootDir>/app/i18n/segments.ts'],
    },
    {
      path: '<rootDir>/app/locales/{locale}/messages',
      include: ['<rootDir>/app'],
      exclude: ['<rootDir>/app/i18n/segments.ts', '**/node_modules/**'],
    },
  ],
  // Lingui's PO format with fuzzy entries, Dutch sources and gettext headers (see the file).
  format: poFormatter(),
})
