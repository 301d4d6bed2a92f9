/**
 * Who may do what in the admin's site mode (ADR 101): every call of the API names an action of
 * Decap's proxy-backend protocol, and this one table says the least role it takes. The server
 * asks it on every call; an action not in the table is refused, whatever the admin's buttons show
 * (a new action is added here with its role).
 */

export type Role = 'editor' | 'publisher'

/** A publisher may do all an editor may. */
const rank: Record<Role, number> = { editor: 1, publisher: 2 }

/** What the server knows of a call beyond its action, where the role depends on it. */
export interface CallFacts {
  /** persistEntry: saved as a draft (Decap's editorial workflow, workflow.server.ts), not straight onto the site. */
  asDraft?: boolean
  /** persistMedia: the upload replaces a file of the media library (one the published content may show). */
  overwrites?: boolean
}

/**
 * The least role of each action. Editors read, create and change drafts (a save, an upload, a
 * draft's status, notes on it, a restore as a draft); publishers publish, unpublish, delete
 * and restore straight onto the site.
 */
export const requiredRole = {
  // Reading what the admin shows.
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
  // Creating and changing drafts; a save outside the editorial workflow goes live at once, like a publish.
  persistEntry: ({ asDraft }: CallFacts): Role => (asDraft ? 'editor' : 'publisher'),
  // A new upload only adds to the library; replacing one changes what visitors see at once.
  persistMedia: ({ overwrites }: CallFacts): Role => (overwrites ? 'publisher' : 'editor'),
  updateUnpublishedEntryStatus: 'editor',
  addNote: 'editor',
  updateNote: 'editor',
  deleteNote: 'editor',
  toggleNoteResolution: 'editor',
  // Changing what visitors see, or throwing work away.
  publishUnpublishedEntry: 'publisher',
  deleteUnpublishedEntry: 'publisher',
  deleteFile: 'publisher',
  deleteFiles: 'publisher',
  // The site's own: an entry's translation status (translation-status-script.ts).
  translationStatus: 'editor',
  // The site's own: an entry's history (history-script.ts). A restore as a draft is a draft's
  // save; a restore published at once changes what visitors see.
  entryHistory: 'editor',
  entryVersion: 'editor',
  restoreAsDraft: 'editor',
  restoreAndPublish: 'publisher',
  // The site's own: the pages and news a link can lead to, the page tree (links-script.ts).
  linkTargets: 'editor',
} as const satisfies Record<string, Role | ((facts: CallFacts) => Role)>

export type Action = keyof typeof requiredRole

export function isAction(name: unknown): name is Action {
  return typeof name === 'string' && Object.hasOwn(requiredRole, name)
}

/** The least role of a call. */
export function roleNeeded(action: Action, facts: CallFacts = {}): Role {
  const rule: Role | ((facts: CallFacts) => Role) = requiredRole[action]
  return typeof rule === 'function' ? rule(facts) : rule
}

/** Whether `role` may call `action`; an unknown action is nobody's. */
export function mayCall(role: Role, action: unknown, facts: CallFacts = {}): boolean {
  return isAction(action) && rank[role] >= rank[roleNeeded(action, facts)]
}

/** Whether an action only reads (not written to the audit log when it succeeds). */
export function onlyReads(action: Action): boolean {
  return /^(?:info|getDeployPreview|get[A-Z]\w*|entries\w*|unpublishedEntr\w*|translationStatus|linkTargets|entryHistory|entryVersion)$/.test(
    action,
  )
}

/** Who gets which role: the settings ADMIN_ROLES, ADMIN_PUBLISHER_GROUPS, ADMIN_EDITOR_GROUPS, ADMIN_OIDC_GROUPS_CLAIM. */
export interface RoleSettings {
  ADMIN_OIDC_GROUPS_CLAIM: string
  ADMIN_EDITOR_GROUPS?: string[] | undefined
  ADMIN_PUBLISHER_GROUPS?: string[] | undefined
  ADMIN_ROLES?: Map<string, Role> | undefined
}

/**
 * The verified e-mail address of the claims, in lower case. Only an address the provider says is
 * verified counts: some providers (Entra ID) send no `email_verified`, and their `email` claim
 * can be one a person set themselves, so it cannot grant a role by ADMIN_ROLES.
 */
export function verifiedEmail(claims: Record<string, unknown>): string | undefined {
  const email = claims.email
  if (typeof email !== 'string' || claims.email_verified !== true) return undefined
  return email.toLowerCase()
}

/**
 * The role of a signed-in person: named by address in ADMIN_ROLES, else from the groups claim
 * (publisher before editor), else none (the sign-in is refused).
 */
export function roleOf(claims: Record<string, unknown>, settings: RoleSettings): Role | undefined {
  const email = verifiedEmail(claims)
  const named = email === undefined ? undefined : settings.ADMIN_ROLES?.get(email)
  if (named) return named
  const claim = claims[settings.ADMIN_OIDC_GROUPS_CLAIM]
  const groups = new Set(
    Array.isArray(claim) ? claim.filter((group) => typeof group === 'string') : typeof claim === 'string' ? [claim] : [],
  )
  if (settings.ADMIN_PUBLISHER_GROUPS?.some((group) => groups.has(group))) return 'publisher'
  if (settings.ADMIN_EDITOR_GROUPS?.some((group) => groups.has(group))) return 'editor'
  return undefined
}
