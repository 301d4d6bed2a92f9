import { useLingui } from '@lingui/react/macro'
import { useMatches } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

export type LayoutName = 'default' | 'horizontal'

const layoutDataSchema = v.object({ layout: v.picklist(['default', 'horizontal']) })

/** A page picks its layout by returning `{ layout }` from its loader; default otherwise. */
export function usePageLayout(): LayoutName {
  return useMatches({
    select: (matches) => {
      for (const match of [...matches].reverse()) {
        const parsed = v.safeParse(layoutDataSchema, match.loaderData)
        if (parsed.success) return parsed.output.layout
      }
      return 'default'
    },
  })
}

function SkipLink() {
  const { t } = useLingui()
  return (
    <a className="skip-link" href="#main">
      {t`Naar de inhoud`}
    </a>
  )
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--default">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

/**
 * For pages that scroll sideways (the timeline). The spec's horizontal-direction flag is this
 * layout itself, chosen by the page's loader; the site has no overlay, so no overlay flag.
 */
export function HorizontalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--horizontal">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="page page--horizontal" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

export function PageLayout({ children }: { children: ReactNode }) {
  const layout = usePageLayout()
  return layout === 'horizontal' ? <HorizontalLayout>{children}</HorizontalLayout> : <DefaultLayout>{children}</DefaultLayout>
}
