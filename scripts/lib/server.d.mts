/** Node flags of the production server (see server.mjs). */
export const serverNodeArgs: readonly string[]
/** The built server's entry file. */
export const serverEntry: string
