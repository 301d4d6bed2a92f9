import { definePlugin } from 'nitro'
import { ConfigError, getRuntimeConfig } from '../../app.config'

/** Runs once when the Node server starts: a bad environment stops it with a clear message. */
export default definePlugin(() => {
  try {
    getRuntimeConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
})
