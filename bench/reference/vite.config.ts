import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'

// The reference app (ADR 041): TanStack Start as its own starter sets it up, from the
// site's installed versions, so `npm run bench` and `npm run lighthouse` measure the framework's
// floor beside the site. Only what a production build needs: the site's choices (inline CSS,
// chunk groups, Lingui, the cluster primary) stay out, or the floor would move with them.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    tanstackStart(),
    nitro({
      // One plain Node server process (.output/server/index.mjs), started by scripts/lib/server.mjs.
      preset: 'node-server',
      // As every production deployment (and the site) does: JS shipped compressed, so the floor's
      // Lighthouse load is not held back by bytes no real server would send.
      compressPublicAssets: { gzip: true, brotli: true },
    }),
    viteReact(),
  ],
})
