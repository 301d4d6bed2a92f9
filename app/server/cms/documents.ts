import { ElementalAreaFragment } from '../../blocks/blocks.fragment'
import { graphql } from '../graphql'

const ImageFields = graphql(`
  fragment ImageFields on Image {
    url
    alt
    width
    height
  }
`)

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
      }
    }
  `,
  [ImageFields],
)
