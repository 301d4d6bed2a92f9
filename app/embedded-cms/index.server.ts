import {
  currentVariantPaths,
  loadContentAtStart,
  onContentChange,
  reloadContentInBackground,
  stopWatchingContent,
} from './content-store.server'
import { databaseWith } from '../server/platform/db.server'
import { startOutboxWorker, stopOutboxWorker } from './submissions/outbox.server'
import { startRetentionWorker, stopRetentionWorker } from './submissions/retention.server'
import { submissionSchema } from './submissions/submissions.server'

/**
 * The embedded CMS: content files served through the site's GraphQL contract
 * (app/cms/schema.graphql), in-process or over HTTP at /graphql, and the
 * CMS-side stores (contact submissions and their mail outbox). The site reaches
 * it only through this module, and only when no CMS_GRAPHQL_URL is set: the
 * CMS client and the server's start-up import it lazily.
 *
 * Inside: content/ reads and validates the files (read.ts, schema.ts), checks
 * references between them (references.ts) and builds the per-locale graph
 * (projection.server.ts); content-store.server.ts keeps the current content and
 * reloads it on change; schema.server.ts holds the resolvers;
 * graphql-handler.server.ts and graphql-limits.ts serve GraphQL over HTTP.
 */

export { embeddedGraphqlHandler } from './graphql-handler.server'
export { boundedParse } from './graphql-limits'
export { outboxCounts } from './submissions/outbox.server'
export { ContentError } from './content/read'
export { decapConfig, publicationDate } from './admin/decap-config'
export { publicationTimeZone } from './content/schedule'
export {
  decapPhraseGaps,
  defaultAdminLanguage,
  historyRefusals,
  historyWords,
  isAdminLanguage,
  linkPickerWords,
  type AdminLanguage,
} from './admin/decap-labels'
export { changedFields, fieldChanges, fieldPathLabel, shownValue } from './admin/field-changes'
export { entryPathIn, entryPublicPath } from './admin/entry-path.server'
export { buildOverlay, keepOverlay, overlayLimits, overlayProblem } from './admin/preview-overlay.server'
export {
  entryText,
  removeScratchCopies,
  saveCheck,
  saveProblem,
  withLinksMended,
  type BrokenLink,
  type ProposedChange,
} from './admin/save-check.server'
export { brokenLinksReport, refusalFor } from './admin/problem-names'
export { entryTranslationStatus } from './admin/translation-status.server'
export { linkTargets } from './admin/link-targets.server'
export { entryMatches, searchWords } from './admin/entry-search'
// The resized images the content links to (drafts included), for the site's media side (ADR 028).
export { onContentChange, currentVariantPaths }
// Reads the content again when the admin's write is announced (ADR 107).
export { reloadContentInBackground }

/**
 * Loads and validates the content (a ContentError names file and field), watches it, brings
 * the submission tables up to date, starts mailing submissions and deleting those past retention.
 */
export async function startEmbeddedCms(): Promise<void> {
  loadContentAtStart()
  await databaseWith(submissionSchema)
  // Mails contact submissions when SMTP_URL is set.
  startOutboxWorker()
  // Deletes submissions past CONTACT_RETENTION_DAYS, now and every hour.
  startRetentionWorker()
}

/** Lets a mail being sent finish and stops watching content (graceful shutdown). */
export async function stopEmbeddedCms(): Promise<void> {
  stopWatchingContent()
  await Promise.all([stopOutboxWorker(), stopRetentionWorker()])
}
