import { useEffect, useState, type RefObject } from 'react'

/**
 * True once `place` has come into the viewport (at once where the browser has no
 * IntersectionObserver: no way to know, so show it). Stays true. For browser-only widgets that
 * are costly to start and useless until seen (the locations map, the contact form's captcha):
 * unlike Start's `visible()` hydration, no margin, and the server's HTML is not involved.
 * `place` is observed from the component's mount: it must be rendered with the component, not later.
 */
export function useSeen(place: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = place.current
    if (seen || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      // oxlint-disable-next-line react/set-state-in-effect -- no way to know: show it
      setSeen(true)
      return
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [place, seen])
  return seen
}
