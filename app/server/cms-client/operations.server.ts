import { createCmsOperation } from './client.server'
import {
  LocationOptionsQuery,
  ContactPageQuery,
  LocationQuery,
  LocationsQuery,
  SubmitContactFormMutation,
  NewsItemQuery,
  NewsListQuery,
  PageQuery,
  SiteQuery,
  SitemapQuery,
  SitemapNewsQuery,
} from '../../cms/documents'

/** Every CMS operation the site runs, each typed by its document. */
export const cms = {
  readOnePage: createCmsOperation(PageQuery),
  readSite: createCmsOperation(SiteQuery),
  readNewsList: createCmsOperation(NewsListQuery),
  readNewsItem: createCmsOperation(NewsItemQuery),
  readSitemap: createCmsOperation(SitemapQuery),
  readSitemapNews: createCmsOperation(SitemapNewsQuery),
  readLocations: createCmsOperation(LocationsQuery),
  readLocationOptions: createCmsOperation(LocationOptionsQuery),
  readLocation: createCmsOperation(LocationQuery),
  readContactPage: createCmsOperation(ContactPageQuery),
  submitContactForm: createCmsOperation(SubmitContactFormMutation),
}
