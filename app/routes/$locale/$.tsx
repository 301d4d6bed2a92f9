import { createFileRoute, notFound } from '@tanstack/react-router'

/** Every path not claimed by a fixed route: a CMS content page. */
export const Route = createFileRoute('/$locale/$')({
  loader: () => {
    throw notFound()
  },
})
