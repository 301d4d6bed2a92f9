/**
 * Typed GraphQL documents (gql.tada): result types are inferred from
 * schema.graphql, never written by hand. Masking is off so a block receives
 * its fragment's fields directly. `npm run codegen` refreshes graphql-env.d.ts
 * after a schema change.
 */
import { initGraphQLTada } from 'gql.tada'
import type { introspection } from './graphql-env'
import type { SafeHtml } from './safe-html'

export const graphql = initGraphQLTada<{
  introspection: introspection
  disableMasking: true
  scalars: { HTML: SafeHtml }
}>()

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada'
