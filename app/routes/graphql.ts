import { createFileRoute } from '@tanstack/react-router'
import { embeddedGraphqlHandler } from '../server/cms/embedded-handler.server'

/** The embedded CMS over GraphQL over HTTP (POST JSON: operationName, variables, query). */
export const Route = createFileRoute('/graphql')({
  server: {
    handlers: {
      POST: ({ request }) => embeddedGraphqlHandler(request),
      GET: ({ request }) => embeddedGraphqlHandler(request),
    },
  },
})
