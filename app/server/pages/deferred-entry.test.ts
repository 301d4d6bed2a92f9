import { describe, expect, it } from 'vitest'
import { deferClientEntry, entryLoader } from './deferred-entry'
import { inlineScriptHashes } from '../http/security-headers'

const marker = 'M4rker'
const stamped = `nonce="${marker}"`

/** The shape the router renders: preloads in the head, the entry module at the end of the body. */
function page(extraHead = '', extraBody = ''): string {
  return (
    `<!DOCTYPE html><html><head><link rel="preload" as="image" href="/media/hero.avif"/>` +
    `<link rel="modulepreload" href="/assets/index-a.js" fetchPriority="low" ${stamped}/>` +
    `<link rel="modulepreload" href="/assets/react-b.js" fetchPriority="low" ${stamped}/>${extraHead}` +
    `<link rel="icon" href="/favicon.ico" ${stamped}/></head><body><main>Hi</main>${extraBody}` +
    `<script ${stamped}>self.$_TSR={}</script>` +
    `<script type="module" async="" src="/assets/index-a.js" ${stamped}></script></body></html>`
  )
}

describe('deferClientEntry', () => {
  it('moves the preloads and the entry into one loader that runs after the first frame', () => {
    const html = deferClientEntry(page(), marker)
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).not.toContain('src="/assets/index-a.js"')
    expect(html).toContain(
      `<script ${stamped} data-entry="/assets/index-a.js" data-preloads="/assets/index-a.js /assets/react-b.js">${entryLoader}</script>`,
    )
    // Everything else stays: the image preload, the icon, the router's own scripts.
    expect(html).toContain('<link rel="preload" as="image" href="/media/hero.avif"/>')
    expect(html).toContain('<link rel="icon"')
    expect(html).toContain(`<script ${stamped}>self.$_TSR={}</script>`)
  })

  it('gives the loader a hash in the page policy, the same on every page', () => {
    const hashes = inlineScriptHashes(deferClientEntry(page(), marker), marker)
    expect(hashes).toHaveLength(2)
    expect(inlineScriptHashes(`<script ${stamped}>${entryLoader}</script>`, marker)).toEqual([hashes[1]])
  })

  it('leaves tags without the render marker alone (content cannot add preloads or an entry)', () => {
    const injectedLink = '<link rel="modulepreload" href="/evil.js" nonce="guess"/>'
    const injectedScript = '<script type="module" async="" src="/evil.js" nonce="guess"></script>'
    const html = deferClientEntry(page(injectedLink, injectedScript), marker)
    expect(html).toContain(injectedLink)
    expect(html).toContain(injectedScript)
    expect(html).toContain('data-preloads="/assets/index-a.js /assets/react-b.js"')
  })

  it('leaves a page without the router entry as it is', () => {
    const plain = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js" nonce="M4rker"/></head><body></body></html>'
    expect(deferClientEntry(plain, marker)).toBe(plain)
  })

  it('keeps the URLs as the HTML wrote them', () => {
    const html = deferClientEntry(page().replace('/assets/react-b.js', '/assets/react-b.js?a=1&amp;b=2'), marker)
    expect(html).toContain('data-preloads="/assets/index-a.js /assets/react-b.js?a=1&amp;b=2"')
  })
})
