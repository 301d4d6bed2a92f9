import { createCmsOperation } from './client.server'
import { PageQuery, SiteQuery } from './documents'

/** Every CMS operation the site runs, each typed by its document. */
export const cms = {
  readOnePage: createCmsOperation(PageQuery),
  readSite: createCmsOperation(SiteQuery),
}
