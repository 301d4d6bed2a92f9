// The built server's entry, shared by `npm start`, `npm run bench`, `npm run lighthouse` and the
// e2e tests, so all of them run what production runs. It is a cluster primary that gives its
// workers their Node flags itself (app/server/platform/cluster/primary.mjs): no launcher needs any.
export const serverEntry = '.output/server/index.mjs'
