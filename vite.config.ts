import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000, strictPort: true },
  plugins: [
    tanstackStart({ srcDirectory: 'app' }),
    nitro({ plugins: ['./app/server/startup.nitro.ts'] }),
    viteReact(),
    // Lingui macros need a babel pass; plugin-react 6 no longer runs babel plugins.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui({ failOnMissing: false }),
  ],
})
