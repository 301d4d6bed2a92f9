import { localeCodes } from '../../../app.config'
import type { AdminMode, RuntimeConfig } from '../../server/env.server'

/**
 * Decap's configuration for the admin's mode: where it saves (the backend) and, in front of
 * that, the collections. Paths are inside the content folder: the local backend's repository
 * is CONTENT_DIR, and on a git host the content repository holds the folder's files at its root.
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

const languageMap = (widget: string, required: boolean) => ({
  widget: 'object',
  collapsed: false,
  fields: localeCodes.map((code) => ({ name: code, label: code.toUpperCase(), widget, required: required && code === 'nl' })),
})

/** The collections until they are generated from the content schema. */
const collections = [
  {
    name: 'news',
    label: 'News',
    folder: 'news',
    extension: 'yaml',
    format: 'yaml',
    create: true,
    identifier_field: 'id',
    slug: '{{fields.id}}',
    fields: [
      { name: 'id', label: 'Id', widget: 'string', pattern: ['^[a-z0-9-]+$', 'lowercase letters, digits and dashes'] },
      { name: 'date', label: 'Date', widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false },
      { name: 'languages', label: 'Languages', widget: 'select', multiple: true, required: false, options: [...localeCodes] },
      { name: 'draft', label: 'Draft', widget: 'boolean', required: false, default: false },
      {
        name: 'image',
        label: 'Image',
        widget: 'object',
        required: false,
        fields: [
          { name: 'src', label: 'File', widget: 'image' },
          { name: 'alt', label: 'Alternative text', ...languageMap('string', false) },
        ],
      },
      { name: 'slug', label: 'URL segment', ...languageMap('string', false) },
      { name: 'title', label: 'Title', ...languageMap('string', false) },
      { name: 'summary', label: 'Summary', ...languageMap('text', false) },
      { name: 'body', label: 'Body', ...languageMap('text', false) },
    ],
  },
]

export function adminConfig(config: RuntimeConfig, mode: Exclude<AdminMode, 'off'>): Record<string, unknown> {
  return {
    backend: adminBackend(config, mode),
    // On a git host every edit is a branch and a merge request: drafts, review, publish.
    ...(mode === 'local' ? {} : { publish_mode: 'editorial_workflow' }),
    locale: 'en',
    site_url: config.SITE_URL,
    display_url: config.SITE_URL,
    media_folder: 'media',
    public_folder: '/media',
    // Decap's own preview pane would show the fields, not the page (ADR 035): the site's preview mode shows the page.
    editor: { preview: false },
    collections,
  }
}
