import { createFileRoute } from '@tanstack/react-router'
import { legalPageRoute } from '../../../components/LegalPage'

/** The cookie policy: the CMS page at this route's public path; the index route shows its text. */
export const Route = createFileRoute('/$locale/~cookie-policy')(legalPageRoute('/$locale/~cookie-policy', 'outlet'))
