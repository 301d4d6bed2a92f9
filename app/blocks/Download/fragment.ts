import { graphql } from '../../cms/graphql'

export const DownloadBlockFragment = graphql(`
  fragment DownloadBlock on Download {
    id
    title
    showTitle
    intro
    files {
      title
      url
      size
      mimeType
      extension
    }
  }
`)
