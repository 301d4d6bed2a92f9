import { createFileRoute } from '@tanstack/react-router'
import { legalPageRoute } from '../../components/LegalPage'

/** The privacy statement: the CMS page at this route's public path. */
export const Route = createFileRoute('/$locale/~privacy')(legalPageRoute('/$locale/~privacy'))
