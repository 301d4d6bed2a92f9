import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '../../app.config'
import {
  fetchLocation,
  fetchLocationOptions,
  fetchLocations,
  fetchNewsItem,
  fetchNewsList,
  fetchPage,
  fetchPreviewState,
  fetchSite,
} from './cms.functions'

/** Query factories: loaders ensure them on the server, client navigation reuses them. */
export const cmsQueries = {
  page: (locale: Locale, link: string) =>
    queryOptions({
      queryKey: ['cms', 'page', locale, link],
      queryFn: () => fetchPage({ data: { locale, link } }).then((result) => result.page),
    }),
  newsList: (locale: Locale, page: number) =>
    queryOptions({
      queryKey: ['cms', 'news', locale, page],
      queryFn: () => fetchNewsList({ data: { locale, page } }),
    }),
  newsItem: (locale: Locale, slug: string) =>
    queryOptions({
      queryKey: ['cms', 'news-item', locale, slug],
      queryFn: () => fetchNewsItem({ data: { locale, slug } }),
    }),
  locations: (locale: Locale) =>
    queryOptions({
      queryKey: ['cms', 'locations', locale],
      queryFn: () => fetchLocations({ data: { locale } }),
      staleTime: 5 * 60_000,
    }),
  locationOptions: (locale: Locale) =>
    queryOptions({
      queryKey: ['cms', 'location-options', locale],
      queryFn: () => fetchLocationOptions({ data: { locale } }),
      staleTime: 5 * 60_000,
    }),
  location: (locale: Locale, id: string) =>
    queryOptions({
      queryKey: ['cms', 'location', locale, id],
      queryFn: () => fetchLocation({ data: { locale, id } }),
    }),
  site: (locale: Locale) =>
    queryOptions({
      queryKey: ['cms', 'site', locale],
      queryFn: () => fetchSite({ data: { locale } }),
      staleTime: 5 * 60_000,
    }),
}

/** Whether this visitor is in preview mode (drafts shown, the preview bar on every page); fixed while the page lives. */
export const previewQuery = queryOptions({
  queryKey: ['preview'],
  queryFn: () => fetchPreviewState(),
  staleTime: Infinity,
})
