import type { AdminLanguage, decapConfig } from '../../embedded-cms/index.server'
import type { RuntimeConfig } from '../platform/env.server'
import { hasPagePreview } from './preview-pane'

/**
 * Decap's configuration for the admin: where it saves (the backend) around the collections
 * generated from the content schema.
 */

/**
 * Where Decap saves: the site's own API (Decap's proxy backend), in both modes; the site mode
 * asks a signed-in editor's session of each call (ADR 100). The branch is a name Decap sends
 * along; the API edits the content folder, not a repository.
 */
export function adminBackend(): Record<string, unknown> {
  return { name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' }
}

/**
 * The admin's Decap configuration: the collections generated from the content schema
 * (decap-config.ts), saved through the site's API. `contentFolder` is the name of the
 * content folder inside the repository (CONTENT_DIR's own name with the local backend, whose
 * repository is the folder around it); `siteUrl` is the site "View Live" opens (SITE_URL unless given);
 * `language` the admin's (its labels and hints).
 */
export function adminConfig(
  config: RuntimeConfig,
  generate: typeof decapConfig,
  contentFolder = 'content',
  siteUrl = config.SITE_URL,
  {
    language = 'nl',
    pagePreviews = false,
  }: {
    /** The admin's language: its labels and hints. */
    language?: AdminLanguage
    /** The preview pane beside the form (ADR 099, 108). */
    pagePreviews?: boolean
  } = {},
): Record<string, unknown> {
  const inFolder = (path: string) => path.replace(/^content\//, `${contentFolder}/`)
  const pagePreview = (name: string) => (pagePreviews && hasPagePreview(name) ? { editor: { preview: true } } : {})
  const generated = generate({
    backend: adminBackend(),
    mediaFolder: `${contentFolder}/media`,
    publicFolder: '/media',
    siteUrl,
    language,
  })
  return {
    ...generated,
    // "View Live" goes through the site, which knows
    // each entry's public address (admin.server.ts); Decap's templates cannot nest a page's parents.
    collections: generated.collections.map((collection) =>
      'folder' in collection
        ? {
            ...collection,
            folder: inFolder(collection.folder),
            // Decap searches only its list rows' fields: with the file's text among them (it shows
            // nothing: no field is named so) it finds what the API picked by any text (ADR 109).
            ...(collection.hide ? {} : { summary: `${collection.summary}{{raw}}` }),
            preview_path: `admin/view/${collection.name}/{{slug}}`,
            ...pagePreview(collection.name),
          }
        : {
            ...collection,
            ...pagePreview(collection.name),
            files: collection.files.map((file) => ({
              ...file,
              file: inFolder(file.file),
              preview_path: `admin/view/${collection.name}/${file.name}`,
            })),
          },
    ),
    // Drafts beside the published entries, then publish, in both modes (workflow.server.ts, ADR 092).
    publish_mode: 'editorial_workflow',
    display_url: siteUrl,
    // Decap's own preview pane would show the fields, not the page (ADR 035): the site's preview
    // mode shows the page, in the pane, for entries with a page (ADR 099, 108).
    editor: { preview: false },
  }
}
