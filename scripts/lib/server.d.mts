/** The built server's entry file. */
export const serverEntry: string
