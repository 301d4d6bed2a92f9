import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import babel from '@rolldown/plugin-babel'
import { getConfig } from '@lingui/conf'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin } from 'vite'
import { constants } from './app.config.ts'
import { clientDeniedFiles } from './scripts/lib/import-protection.ts'
import { messageCatalogProblems } from './scripts/lib/message-checks.ts'

export const graphqlSchemaPackages = ['@graphql-tools/schema', '@graphql-tools/merge', '@graphql-tools/utils', 'graphql-http']

// One id per build, shared by the server and client bundles (build checks, Sentry release).
const buildId = process.env.BUILD_ID || new Date().toISOString().replace(/[-:.TZ]/g, '')

/** The files at the root of public/ (the head, the manifest and the feeds point at them). */
const iconPaths = ['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/icon-192.png', '/icon-512.png', '/manifest.webmanifest']

/**
 * Refuses to build translations `npm run i18n:check` refuses, with its messages: Lingui's own
 * compile would only warn and ship a broken message as text (docs/translating.md).
 */
function messageChecks(): Plugin {
  // buildStart runs once per environment (client, server): the catalogs are read once.
  let problems: Promise<string[]> | undefined
  return {
    name: 'autogroep:message-checks',
    apply: 'build',
    async buildStart() {
      problems ??= messageCatalogProblems(getConfig({ cwd: process.cwd() }))
      const found = await problems
      if (found.length > 0) throw new Error(`Translations the site cannot show (npm run i18n:check):\n${found.join('\n')}`)
    },
  }
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  // graphql ships ESM and CJS builds without an exports map: Node would give externalized
  // packages the CJS copy and our code the ESM one, and schemas built by one copy are rejected
  // by the other ("another module or realm"). Bundling the packages that handle schema
  // objects makes them all share our copy (the production build bundles them anyway).
  ssr: { noExternal: graphqlSchemaPackages },
  server: { port: 3000, strictPort: true },
  // The bundler's note on which plugins took the build's time: for whoever tunes the build
  // (BUILD_VERBOSE=1, scripts/lib/build.mjs), not for every start.
  build: { rolldownOptions: { checks: { bundlerTimings: process.env.BUILD_VERBOSE === '1' } } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // react-dom (and its scheduler) in a chunk of their own: the entry loader evaluates it in a
          // task of its own, so no single task after the first paint holds all the framework (ADR 020).
          output: {
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/](?:react-dom|scheduler)[\\/]/, priority: 2 },
                { name: 'app', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tanstackStart({
      srcDirectory: 'app',
      // Server code never reaches a browser chunk: the build fails on an import of a *.server.*
      // file or anything under app/server/ or app/embedded-cms/ from browser code.
      importProtection: { behavior: 'error', client: { files: clientDeniedFiles } },
      // The stylesheets go into the page itself: no render-blocking request before the first paint
      // (ADR 020).
      server: { build: { inlineCss: true } },
    }),
    nitro({
      // nitro's server runs as cluster workers (.output/server/worker.mjs) under our own primary,
      // which restarts a worker that dies and stops them together (app/server/platform/cluster/primary.mjs,
      // copied over the preset's simpler index.mjs once the server is built).
      preset: 'node-cluster',
      hooks: {
        compiled: (nitro) => copyFileSync('app/server/platform/cluster/primary.mjs', join(nitro.options.output.serverDir, 'index.mjs')),
      },
      // Security headers and standard reason phrases on every response, static files included
      // (everything else about a request is the server entry's: app/server.ts).
      plugins: [
        './app/server/platform/process.nitro.ts',
        './app/server/http/security-headers.nitro.ts',
        './app/server/http/reason-phrase.nitro.ts',
      ],
      rolldownConfig: {
        // React libraries mark modules "use client" for React Server Components, which this app
        // does not use; bundling them for the server is correct, and 41 warnings saying so would
        // bury a real one in every build.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
        },
      },
      // Hashed JS/CSS and other public files also ship as .br/.gz, served by content negotiation.
      compressPublicAssets: { gzip: true, brotli: true },
      // CMS media keep their name when an editor replaces them: a day fresh, then revalidated.
      routeRules: {
        '/media/**': { headers: { 'Cache-Control': constants.renamableFileCacheControl } },
        // Icons and the manifest keep the names browsers ask for: the same, rather than a
        // browser's or CDN's guess.
        ...Object.fromEntries(iconPaths.map((path) => [path, { headers: { 'Cache-Control': constants.renamableFileCacheControl } }])),
        // Resized copies: their URL changes with the source file (`?v=`), so they never change.
        '/media/_/**': { headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
      },
    }),
    viteReact(),
    // Lingui macros need a babel pass; plugin-react 6 no longer runs babel plugins.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: false }),
    messageChecks(),
  ],
})
