import { createFileRoute } from '@tanstack/react-router'
import { legalPageRoute } from '../../components/LegalPage'

/** The terms and conditions: the CMS page at this route's public path. */
export const Route = createFileRoute('/$locale/~terms')(legalPageRoute('/$locale/~terms'))
