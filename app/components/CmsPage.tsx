import { Blocks } from '../blocks/registry'
import type { CmsPageData } from '../cms/load-page'
import { Breadcrumbs, type Crumb } from './Breadcrumbs'
import { RichText } from './RichText'
import { Timeline } from './Timeline'

/**
 * Renders a CMS page by its page type, under the trail its loader built. The wrapper is a <div>:
 * <main> already marks the page's content, and the page's h1 must not sit inside sectioning
 * content (an <article> without its own heading, an h1 one level down: Nu checker warnings).
 */
export function CmsPage({ page, breadcrumbs: crumbs }: { page: CmsPageData; breadcrumbs: ReadonlyArray<Crumb> }) {
  switch (page.__typename) {
    case 'Page': {
      const elements = page.elementalArea.elements
      // A page whose first block is not a Hero still needs its h1.
      const hasHero = elements[0]?.__typename === 'Hero'
      // The page's own rich text (Content) stands under its title: after the hero when there is one.
      const content = page.content ? <RichText html={page.content} className="cms-page__content" /> : null
      return (
        <div className="cms-page">
          {!hasHero ? (
            <header className="page-header">
              <Breadcrumbs items={crumbs} />
              <h1>{page.title}</h1>
            </header>
          ) : null}
          {hasHero ? null : content}
          <Blocks elements={elements} afterFirst={hasHero ? content : null} />
        </div>
      )
    }
    case 'TimelinePage':
      return (
        <div className="cms-page cms-page--timeline">
          <div className="page-header page-header--compact">
            <Breadcrumbs items={crumbs} />
          </div>
          <Timeline page={page} />
        </div>
      )
    case 'NewsPage':
      return (
        <div className="cms-page">
          <header className="page-header">
            <Breadcrumbs items={crumbs} />
            <h1>{page.title}</h1>
          </header>
          {page.intro ? <RichText html={page.intro} /> : null}
        </div>
      )
  }
}
