/** Set at build time (vite `define`): the same id in the server and client bundles. */
declare const __BUILD_ID__: string
