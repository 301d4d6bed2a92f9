import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { linkTargetFor } from '../i18n/link-target'
import { currentPageOnly } from './current-page'

export interface CmsLinkValue {
  url: string
  external: boolean
}

/**
 * A link as the CMS gives it: external URLs as plain anchors, internal paths
 * as typed router links (so they navigate client-side and stay localized).
 */
export function CmsLink({ link, className, children }: { link: CmsLinkValue; className?: string; children: ReactNode }) {
  const target = link.external ? null : linkTargetFor(link.url)
  if (target?.to === '/$locale') {
    return (
      <Link activeOptions={currentPageOnly} to={target.to} params={target.params} className={className}>
        {children}
      </Link>
    )
  }
  if (target?.to === '/$locale/$') {
    return (
      <Link activeOptions={currentPageOnly} to={target.to} params={target.params} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={link.url} className={className} rel={link.external ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  )
}
