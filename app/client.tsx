import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { quietSkippedViewTransitions } from './client-runtime/view-transitions'

/** Errors while the app mounts are logged (so error reporting sees them) and rethrown. */
function mountFailed(error: unknown): never {
  console.error('[mount] the app failed to start', error)
  throw error
}

quietSkippedViewTransitions(document)

try {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
      { onUncaughtError: mountFailed },
    )
  })
} catch (error) {
  mountFailed(error)
}
