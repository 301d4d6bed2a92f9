import { createHandler } from 'graphql-http/lib/use/fetch'
import { getEmbeddedSchema } from '../embedded'

/**
 * GraphQL over HTTP for the embedded CMS: served at POST /graphql for other
 * clients, and called in-process (no network hop) by the CMS client when no
 * remote CMS is configured, so both paths run the same code.
 */
export const embeddedGraphqlHandler: (request: Request) => Promise<Response> = createHandler({
  // Resolved per request, so content reloads (a new schema) apply at once.
  schema: () => getEmbeddedSchema(),
})
