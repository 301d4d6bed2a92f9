/**
 * Who may make each call of the admin's API: one table, read by the server before it does
 * anything (local-api.server.ts). A role is granted by the admin's mode: locally the one editor
 * on this machine holds every role; a signed-in editor gets the roles their login maps to.
 * Reading needs the editor role too: nothing of the admin is for anyone else.
 */

export type AdminRole = 'editor' | 'publisher'

/** What the server knows of a call when it checks it. */
export interface CallFacts {
  action: string
  /** persistEntry: saved as a draft (Decap's editorial workflow), not straight onto the site. */
  asDraft?: boolean
  /** deleteUnpublishedEntry: the entry has a published version (discarding the draft leaves it live). */
  published?: boolean
}

/** The role a call needs; a function where it depends on what the call does. */
const actionRoles: Record<string, AdminRole | ((facts: CallFacts) => AdminRole)> = {
  info: 'editor',
  getDeployPreview: 'editor',
  entriesByFolder: 'editor',
  entriesByFiles: 'editor',
  getEntry: 'editor',
  getMedia: 'editor',
  getMediaFile: 'editor',
  unpublishedEntries: 'editor',
  unpublishedEntry: 'editor',
  unpublishedEntryDataFile: 'editor',
  unpublishedEntryMediaFile: 'editor',
  getNotes: 'editor',
  getPRMetadata: 'editor',
  // The site's own: an entry's translation status (translation-status-script.ts).
  translationStatus: 'editor',
  // A draft is the editor's; a save without the workflow goes live at once, like a publish.
  persistEntry: ({ asDraft }) => (asDraft ? 'editor' : 'publisher'),
  // An upload is not shown until an entry naming it is published; it only adds to the library.
  persistMedia: 'editor',
  updateUnpublishedEntryStatus: 'editor',
  publishUnpublishedEntry: 'publisher',
  // A never-published entry's draft is the editor's own work; the pending changes of a live entry
  // are the publisher's to discard, as they are to publish.
  deleteUnpublishedEntry: ({ published }) => (published ? 'publisher' : 'editor'),
  deleteFile: 'publisher',
  deleteFiles: 'publisher',
}

/** Every role: the local admin's one editor, on the machine the site runs on. */
export const everyRole: ReadonlySet<AdminRole> = new Set<AdminRole>(['editor', 'publisher'])

/** The role a call needs, or undefined for an action the table does not know (refused). */
export function roleNeeded(facts: CallFacts): AdminRole | undefined {
  const rule = actionRoles[facts.action]
  return typeof rule === 'function' ? rule(facts) : rule
}

/** Why `roles` may not make the call, or undefined when they may. */
export function roleRefusal(facts: CallFacts, roles: ReadonlySet<AdminRole>): string | undefined {
  const needed = roleNeeded(facts)
  if (needed === undefined) return `${facts.action}: not a call of the admin`
  return roles.has(needed) ? undefined : `${facts.action}: only a ${needed} may do this`
}
