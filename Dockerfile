# The site as a container: build with the dev tools, run the self-contained .output on the
# official Node 24 image as a non-root user. Not built in this project's CI (no registry access
# there); kept minimal and conventional. See README "Running several instances".

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 CONTENT_DIR=/app/content DATA_DIR=/app/data
WORKDIR /app
# .output carries the server and every package it uses; content/ is the embedded CMS's (unused
# with CMS_GRAPHQL_URL); data/ holds SQLite when DATABASE_URL is unset.
COPY --from=build --chown=node:node /app/.output ./.output
COPY --from=build --chown=node:node /app/content ./content
# The editors' admin (/admin) serves Decap CMS from the installed package (ADR 035).
COPY --from=build --chown=node:node /app/node_modules/decap-cms/dist ./node_modules/decap-cms/dist
COPY --from=build --chown=node:node /app/node_modules/decap-cms/package.json ./node_modules/decap-cms/package.json
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The cluster primary (WEB_CONCURRENCY workers, default one per CPU; it gives them their memory
# flags and malloc setting); it forwards SIGTERM and stops within 10 s.
CMD ["node", ".output/server/index.mjs"]
