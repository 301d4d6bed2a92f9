import { randomUUID } from 'node:crypto'
import { GraphQLError } from 'graphql'
import { createHandler } from 'graphql-http/lib/use/fetch'
import * as v from 'valibot'
import { getRuntimeConfig } from '../server/platform/env.server'
import { getEmbeddedSchema, type CmsContext } from './schema.server'
import { isValidCmsPreviewToken, overlayHeader, previewHeader, previewSecret } from '../cms/preview-token.server'
import { overlayContent } from './admin/preview-overlay.server'
import { boundedParse, graphqlLimits, validationRules } from './graphql-limits'
import { logger } from '../server/platform/logger.server'

/**
 * An error a resolver threw (a bug, a storage failure, a stack overflow): the client gets a
 * generic message with a reference, the log gets the details under the same reference.
 * Errors about the query itself (syntax, validation, limits) are the client's to read.
 */
function formatError(error: Readonly<GraphQLError | Error>): GraphQLError | Error {
  if (!(error instanceof GraphQLError) || !error.originalError || error.originalError instanceof GraphQLError) {
    // "Did you mean …?" would spell out the schema that introspection keeps to itself.
    if (error instanceof GraphQLError && / Did you mean /.test(error.message)) {
      return new GraphQLError(error.message.replace(/ Did you mean .*$/s, ''), { nodes: error.nodes, path: error.path })
    }
    return error instanceof GraphQLError || error instanceof Error ? error : new Error('Internal error')
  }
  // A resolver refused its arguments (a locale that does not exist, a limit out of range): the
  // caller's mistake, said without echoing the value.
  if (v.isValiError(error.originalError)) {
    const path = error.originalError.issues[0] ? v.getDotPath(error.originalError.issues[0]) : null
    return new GraphQLError(`Invalid argument${path ? ` ${path}` : ''}`, { path: error.path })
  }
  const reference = randomUUID().slice(0, 8)
  logger.error({ err: error.originalError }, `[graphql] error ${reference} at ${error.path?.join('.') ?? '(query)'}`)
  return new GraphQLError(`Internal error (reference ${reference})`, { path: error.path, extensions: { reference } })
}

const handler = createHandler<CmsContext>({
  // Resolved per request, so content reloads (a new schema) apply at once.
  schema: () => getEmbeddedSchema(),
  // Drafts only for a token a site holding PREVIEW_SECRET made for its CMS (this one, in-process,
  // or another reading this /graphql): an editor's cookie sent here by anyone is no such token.
  // An overlay (an editor's unsaved values, ADR 099) only with such a token too.
  context: async (request) => {
    const preview = isValidCmsPreviewToken(request.raw.headers.get(previewHeader), previewSecret())
    const overlayId = preview ? request.raw.headers.get(overlayHeader) : null
    return { preview, overlay: overlayId ? await overlayContent(overlayId) : undefined }
  },
  parse: boundedParse,
  validationRules: () => validationRules(getRuntimeConfig().GRAPHQL_INTROSPECTION || import.meta.env.DEV),
  formatError,
})

/**
 * GraphQL over HTTP for the embedded CMS: served at POST /graphql for other clients, and
 * called in-process (no network hop) by the CMS client when no remote CMS is configured, so
 * both paths run the same code and the same limits (graphql-limits.ts).
 */
export async function embeddedGraphqlHandler(request: Request): Promise<Response> {
  if (request.method === 'POST') {
    const body = await request.arrayBuffer()
    if (body.byteLength > graphqlLimits.maxBodyBytes) {
      return Response.json(
        { errors: [{ message: `Request body too large (at most ${graphqlLimits.maxBodyBytes / 1024} KB)` }] },
        { status: 413 },
      )
    }
    return handler(new Request(request.url, { method: 'POST', headers: request.headers, body }))
  }
  return handler(request)
}
