import { useLingui } from '@lingui/react/macro'
import { useMatches } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import * as v from 'valibot'
import { setUiFlags, useUiFlags } from '../ui-flags'
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
  const { overlayActive } = useUiFlags()
  return (
    <div className="layout layout--default" data-overlay-active={overlayActive || undefined}>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}

/** For pages that scroll sideways (the timeline): sets horizontalDirection while shown. */
export function HorizontalLayout({ children }: { children: ReactNode }) {
  const { overlayActive } = useUiFlags()
  useEffect(() => {
    setUiFlags({ horizontalDirection: true })
    return () => setUiFlags({ horizontalDirection: false })
  }, [])
  return (
    <div className="layout layout--horizontal" data-overlay-active={overlayActive || undefined}>
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
