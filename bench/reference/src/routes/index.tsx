import { createFileRoute } from '@tanstack/react-router'

/** The hello page: what the framework costs with next to nothing to render. */
export const Route = createFileRoute('/')({ component: () => <p>hello</p> })
