import { buildSchema, type GraphQLSchema } from 'graphql'
import sdl from '../../cms/schema.graphql?raw'

/** The CMS contract as a schema object: used to walk results (sanitizing) for any CMS. */
export const contractSchema: GraphQLSchema = buildSchema(sdl)
