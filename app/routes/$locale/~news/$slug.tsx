import { createFileRoute, notFound } from '@tanstack/react-router'

export const Route = createFileRoute('/$locale/~news/$slug')({
  loader: () => {
    throw notFound()
  },
})
