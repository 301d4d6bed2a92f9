import { ElementalAreaFragment } from '../blocks/blocks.fragment'
import { ImageFields } from './fragments'
import { graphql } from './graphql'

export const PageQuery = graphql(
  `
    query Page($link: String!, $locale: String!) {
      readOnePage(link: $link, locale: $locale) {
        __typename
        id
        link
        title
        menuTitle
        metaTitle
        metaDescription
        locale
        lastEdited
        translations {
          locale
          link
          title
        }
        breadcrumbs {
          id
          title
          menuTitle
          link
        }
        ... on Page {
          content
          elementalArea {
            ...ElementalArea
          }
        }
        ... on RedirectorPage {
          redirectionType
          redirectCode
          externalUrl
          linkTo {
            link
          }
        }
        ... on TimelinePage {
          intro
          entries {
            id
            year
            date
            title
            text
            image {
              ...ImageFields
            }
          }
        }
        ... on NewsPage {
          intro
        }
      }
    }
  `,
  [ElementalAreaFragment, ImageFields],
)

export const SiteQuery = graphql(
  `
    query Site($locale: String!) {
      readSiteConfig(locale: $locale) {
        title
        tagline
        ogImage {
          ...ImageFields
        }
        socialLinks {
          platform
          url
        }
      }
      readNavigation(locale: $locale) {
        main {
          title
          link
          children {
            title
            link
          }
        }
        footer {
          title
          link
        }
        locations {
          title
          link
        }
      }
    }
  `,
  [ImageFields],
)

const NewsCardFields = graphql(
  `
    fragment NewsCardFields on NewsItem {
      id
      slug
      title
      date
      summary
      image {
        ...ImageFields
      }
      translations {
        locale
        slug
      }
    }
  `,
  [ImageFields],
)

export const NewsListQuery = graphql(
  `
    query NewsList($locale: String!, $limit: Int!, $offset: Int!) {
      readNewsItems(locale: $locale, limit: $limit, offset: $offset) {
        totalCount
        nodes {
          ...NewsCardFields
        }
      }
    }
  `,
  [NewsCardFields],
)

export const NewsItemQuery = graphql(
  `
    query NewsItem($slug: String!, $locale: String!) {
      readOneNewsItem(slug: $slug, locale: $locale) {
        ...NewsCardFields
        body
      }
    }
  `,
  [NewsCardFields],
)

export const SitemapQuery = graphql(`
  query Sitemap($locale: String!) {
    readPages(locale: $locale) {
      __typename
      link
      lastEdited
      translations {
        locale
        link
      }
    }
    readNewsItems(locale: $locale, limit: 1000, offset: 0) {
      totalCount
      nodes {
        slug
        date
        translations {
          locale
          slug
        }
      }
    }
    readLocations(locale: $locale) {
      id
      lastEdited
    }
  }
`)

/**
 * A language's news items past the first 1,000 that SitemapQuery brings, 1,000 at a time (the
 * most the contract gives in one list): the sitemap lists every item.
 */
export const SitemapNewsQuery = graphql(`
  query SitemapNews($locale: String!, $offset: Int!) {
    readNewsItems(locale: $locale, limit: 1000, offset: $offset) {
      totalCount
      nodes {
        slug
        date
        translations {
          locale
          slug
        }
      }
    }
  }
`)

/** The locations list and map: what they show (and filter and sort by), nothing a location page adds. */
export const LocationsQuery = graphql(`
  query Locations($locale: String!) {
    readLocations(locale: $locale) {
      id
      name
      type
      brands
      address {
        street
        postalCode
        city
        country
      }
      lat
      lng
      phone
    }
  }
`)

/** A location's page (alone in its document: an unknown id is a miss the CMS client keeps apart). */
export const LocationQuery = graphql(`
  query Location($id: ID!, $locale: String!) {
    readOneLocation(id: $id, locale: $locale) {
      id
      name
      type
      brands
      services
      address {
        street
        postalCode
        city
        country
      }
      lat
      lng
      phone
      email
      website
      openingHours
      timeZone
      lastEdited
    }
  }
`)

/** Where a location page's "contact us" link goes. */
export const ContactPageQuery = graphql(`
  query ContactPage($locale: String!) {
    readSiteConfig(locale: $locale) {
      contactPage {
        link
      }
    }
  }
`)

/** The contact form's choice of location: what its select shows (a fraction of LocationsQuery). */
export const LocationOptionsQuery = graphql(`
  query LocationOptions($locale: String!) {
    readLocations(locale: $locale) {
      id
      name
      address {
        city
        country
      }
    }
  }
`)

export const SubmitContactFormMutation = graphql(`
  mutation SubmitContactForm($input: ContactFormInput!) {
    submitContactForm(input: $input) {
      success
      id
    }
  }
`)
