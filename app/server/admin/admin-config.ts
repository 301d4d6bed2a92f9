import type { AdminLanguage, decapConfig } from '../../embedded-cms/index.server'
import type { AdminMode, RuntimeConfig } from '../platform/env.server'

/**
 * Decap's configuration for the admin's mode: where it saves (the backend) around the
 * collections generated from the content schema.
 */

/** Where Decap saves: the local backend through this site, or a branch per edit on the git host. */
export function adminBackend(config: RuntimeConfig, mode: Exclude<AdminMode, 'off'>): Record<string, unknown> {
  if (mode === 'local') return { name: 'proxy', proxy_url: '/admin/api/v1', branch: config.CMS_BRANCH }
  const base = config.CMS_GIT_URL?.replace(/\/$/, '')
  if (mode === 'gitlab') {
    return {
      name: 'gitlab',
      repo: config.CMS_REPO,
      branch: config.CMS_BRANCH,
      // PKCE: the browser does the whole OAuth exchange, no secret on this server.
      auth_type: 'pkce',
      app_id: config.CMS_APP_ID,
      ...(base ? { base_url: base, api_root: `${base}/api/v4` } : {}),
    }
  }
  return {
    name: 'gitea',
    repo: config.CMS_REPO,
    branch: config.CMS_BRANCH,
    app_id: config.CMS_APP_ID,
    base_url: base,
    api_root: `${base}/api/v1`,
  }
}

/**
 * The admin's Decap configuration: the collections generated from the content schema
 * (decap-config.ts), saved through the mode's backend. `contentFolder` is the name of the
 * content folder inside the repository (CONTENT_DIR's own name with the local backend, whose
 * repository is the folder around it); `siteUrl` is the site "View Live" opens (SITE_URL unless given);
 * `language` the admin's (its labels and hints).
 */
export function adminConfig(
  config: RuntimeConfig,
  mode: Exclude<AdminMode, 'off'>,
  generate: typeof decapConfig,
  contentFolder = 'content',
  siteUrl = config.SITE_URL,
  language: AdminLanguage = 'nl',
): Record<string, unknown> {
  const inFolder = (path: string) => path.replace(/^content\//, `${contentFolder}/`)
  const generated = generate({
    backend: adminBackend(config, mode),
    mediaFolder: `${contentFolder}/media`,
    publicFolder: '/media',
    siteUrl,
    language,
  })
  return {
    ...generated,
    // "View Live" (and a draft's preview link on a git host) goes through the site, which knows
    // each entry's public address (admin.server.ts); Decap's templates cannot nest a page's parents.
    collections: generated.collections.map((collection) =>
      'folder' in collection
        ? { ...collection, folder: inFolder(collection.folder), preview_path: `admin/view/${collection.name}/{{slug}}` }
        : {
            ...collection,
            files: collection.files.map((file) => ({
              ...file,
              file: inFolder(file.file),
              preview_path: `admin/view/${collection.name}/${file.name}`,
            })),
          },
    ),
    // On a git host every edit is a branch and a merge request: drafts, review, publish.
    ...(mode === 'local' ? {} : { publish_mode: 'editorial_workflow' }),
    display_url: siteUrl,
    // Decap's own preview pane would show the fields, not the page (ADR 035): the site's preview mode shows the page.
    editor: { preview: false },
  }
}
