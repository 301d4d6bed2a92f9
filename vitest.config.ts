import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { graphqlSchemaPackages } from './vite.config'

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  resolve: { tsconfigPaths: true },
  plugins: [viteReact(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Worker threads, not child processes: a test file starts in ~180 ms instead of ~300 ms, and
    // there are 112 of them (126 s against 147 s for the suite here). No test changes the process
    // (chdir, signals, exit); each file still gets a fresh module graph.
    pool: 'threads',
    // A passing test ends when it is done: the limit is for a hang, and the default 5 s is
    // within reach of a slow test on a loaded machine.
    testTimeout: 30_000,
    // Everything the tests write to the temporary folder goes in one, deleted at the end; one
    // PostgreSQL server for the run (the store tests' databases).
    globalSetup: ['tests/support/vitest-global-setup.ts', 'tests/support/vitest-postgres-setup.ts'],
    // See vite.config.ts: one graphql copy for everything that handles schema objects.
    // The Observatory is inlined so its HSTS preload lookup can be replaced (security-headers.test.ts).
    server: { deps: { inline: [...graphqlSchemaPackages, '@mdn/mdn-http-observatory'] } },
  },
})
