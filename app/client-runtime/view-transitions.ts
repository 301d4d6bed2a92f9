/**
 * TanStack Router awaits only a view transition's `updateCallbackDone`. When the DOM update
 * outlasts the browser's limit (Chromium: 4 s, a slow phone or a busy tab), `ready` and
 * `finished` reject with "Transition was aborted because of timeout in DOM update" and nobody
 * listens: the page itself is fine (the navigation completes, only the animation is skipped), but
 * the unhandled rejection lands in the console and in error reporting. These two promises get a
 * listener; the update's own promise is left alone, so a failing navigation still fails loudly.
 */
export function quietSkippedViewTransitions(doc: { startViewTransition?: Document['startViewTransition'] }): void {
  const original = doc.startViewTransition
  if (typeof original !== 'function') return
  const start = original.bind(doc)
  doc.startViewTransition = (...args: Parameters<Document['startViewTransition']>) => {
    const transition = start(...args)
    transition.ready.catch(skipped)
    transition.finished.catch(skipped)
    return transition
  }
}

function skipped(): void {
  // The animation was skipped; the navigation's outcome is reported through updateCallbackDone.
}
