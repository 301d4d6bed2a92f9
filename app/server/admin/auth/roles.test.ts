import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mayCall, onlyReads, requiredRole, roleOf, type RoleSettings } from './roles'

describe('the table of actions and roles', () => {
  it("names every action of Decap's proxy backend", () => {
    const source = readFileSync('node_modules/decap-cms-backend-proxy/src/implementation.ts', 'utf8')
    const actions = [...source.matchAll(/action: '(\w+)'/g)].map((match) => match[1])
    expect(actions.length).toBeGreaterThan(15)
    // deleteFile is the local API's own (one file; Decap sends deleteFiles); translationStatus, linkTargets and the history's the admin's own scripts'.
    const own = [
      'info',
      'deleteFile',
      'translationStatus',
      'linkTargets',
      'entryHistory',
      'entryVersion',
      'restoreAsDraft',
      'restoreAndPublish',
    ]
    expect(Object.keys(requiredRole).toSorted()).toEqual([...new Set([...actions, ...own])].toSorted())
  })

  it('lets editors read, save drafts and upload; only publishers publish, unpublish and delete', () => {
    for (const action of ['info', 'entriesByFolder', 'getEntry', 'persistMedia', 'unpublishedEntries', 'updateUnpublishedEntryStatus'])
      expect(mayCall('editor', action), action).toBe(true)
    // Replacing an upload changes what visitors see at once: a publisher's.
    expect(mayCall('editor', 'persistMedia', { overwrites: true })).toBe(false)
    expect(mayCall('publisher', 'persistMedia', { overwrites: true })).toBe(true)
    // A save is a draft's with the editorial workflow; without it, it goes live like a publish.
    expect(mayCall('editor', 'persistEntry', { asDraft: true })).toBe(true)
    expect(mayCall('editor', 'persistEntry')).toBe(false)
    // A restore as a draft is a draft's save; a restore published at once is a publish.
    expect(mayCall('editor', 'restoreAsDraft')).toBe(true)
    expect(mayCall('editor', 'entryHistory')).toBe(true)
    for (const action of ['publishUnpublishedEntry', 'deleteUnpublishedEntry', 'deleteFile', 'deleteFiles', 'restoreAndPublish']) {
      expect(mayCall('editor', action), action).toBe(false)
      expect(mayCall('publisher', action), action).toBe(true)
    }
    for (const action of Object.keys(requiredRole)) expect(mayCall('publisher', action)).toBe(true)
    for (const unknown of ['toString', '__proto__', 'constructor', 'deleteEverything', 42, undefined])
      expect(mayCall('publisher', unknown), String(unknown)).toBe(false)
  })

  it('counts what only reads apart from what changes something', () => {
    expect(onlyReads('getMedia')).toBe(true)
    expect(onlyReads('unpublishedEntryDataFile')).toBe(true)
    expect(onlyReads('persistEntry')).toBe(false)
    expect(onlyReads('deleteFiles')).toBe(false)
    expect(onlyReads('publishUnpublishedEntry')).toBe(false)
    expect(onlyReads('entryHistory')).toBe(true)
    expect(onlyReads('restoreAsDraft')).toBe(false)
    expect(onlyReads('restoreAndPublish')).toBe(false)
  })
})

describe('the role of a signed-in person', () => {
  const settings: RoleSettings = {
    ADMIN_OIDC_GROUPS_CLAIM: 'groups',
    ADMIN_EDITOR_GROUPS: ['marketing'],
    ADMIN_PUBLISHER_GROUPS: ['web-leads'],
    ADMIN_ROLES: new Map([['boss@example.com', 'publisher']]),
  }

  it('comes from the groups claim, publisher first, or from the address', () => {
    expect(roleOf({ sub: '1', groups: ['marketing'] }, settings)).toBe('editor')
    expect(roleOf({ sub: '1', groups: ['marketing', 'web-leads'] }, settings)).toBe('publisher')
    expect(roleOf({ sub: '1', groups: 'marketing' }, settings)).toBe('editor')
    expect(roleOf({ sub: '1', email: 'Boss@Example.com', email_verified: true, groups: [] }, settings)).toBe('publisher')
    expect(roleOf({ sub: '1', email: 'boss@example.com', email_verified: false }, settings)).toBeUndefined()
    // A provider that does not say the address is verified (Entra ID sends no such claim) grants nothing by address.
    expect(roleOf({ sub: '1', email: 'boss@example.com' }, settings)).toBeUndefined()
    expect(roleOf({ sub: '1', groups: ['sales'] }, settings)).toBeUndefined()
    expect(roleOf({ sub: '1', roles: ['marketing'] }, settings)).toBeUndefined()
    expect(roleOf({ sub: '1', roles: ['marketing'] }, { ...settings, ADMIN_OIDC_GROUPS_CLAIM: 'roles' })).toBe('editor')
  })
})
