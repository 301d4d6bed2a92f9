/**
 * Files browser code must not import: the build fails on such an import (vite.config.ts, TanStack
 * Start's importProtection). Globs on a file's path from the project root, matched as the plugin
 * matches them (picomatch); tests/unit/import-protection.test.ts checks them on every source file.
 */
export const clientDeniedFiles = ['**/*.server.*', '**/app/server/**', '**/app/embedded-cms/**']
