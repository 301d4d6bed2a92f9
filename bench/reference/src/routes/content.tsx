import { createFileRoute } from '@tanstack/react-router'

// The 600-element page: static text of the size of a site page (26 sections of a heading, two
// paragraphs with a link each and a list of eight links: 23 elements each, 600 with <main> and
// <h1>), no state, no data, no effects. The floor the site's pages are measured against.
const sections = Array.from({ length: 26 }, (_, i) => i + 1)
const items = Array.from({ length: 8 }, (_, i) => i + 1)

function Section({ n }: { n: number }) {
  return (
    <section>
      <h2>Section {n}: opening hours, services and news</h2>
      <p>
        Paragraph one of section {n}. A plain sentence of ordinary length, as a content page has them, followed by{' '}
        <a href={`/content#s${n}-a`}>a link inside the text</a> and a few more words to end it.
      </p>
      <p>
        Paragraph two of section {n}, a little longer than the first so the text wraps on a phone screen, with{' '}
        <a href={`/content#s${n}-b`}>another link</a> to read more about the subject of this section.
      </p>
      <ul>
        {items.map((m) => (
          <li key={m}>
            <a href={`/content#s${n}-${m}`}>
              Item {m} of section {n}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const Route = createFileRoute('/content')({
  component: () => (
    <main>
      <h1>Reference content page</h1>
      {sections.map((n) => (
        <Section key={n} n={n} />
      ))}
    </main>
  ),
})
