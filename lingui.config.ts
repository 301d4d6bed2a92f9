import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { defaultLocale, localeCodes } from './app.config'

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
  format: formatter({ lineNumbers: false }),
})
