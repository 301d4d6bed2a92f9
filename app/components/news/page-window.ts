/**
 * The page numbers the news list links to: the first and the last, the current one and its
 * neighbours, and a gap ('gap', shown as an ellipsis) for each run of pages left out. Every page
 * stays two clicks away at most from any other through the current one's neighbours, and the
 * list has at most seven entries, however many pages there are: a site with years of news had
 * hundreds of links on every list page, each one rendered and hydrated, and a row wider than
 * any phone. A gap of a single page shows that page instead: `1 … 3` is as long as `1 2 3`.
 */
export function pageWindow(page: number, pageCount: number): Array<number | 'gap'> {
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((number) => number >= 1 && number <= pageCount))
  const numbers = [...shown].sort((a, b) => a - b)
  const entries: Array<number | 'gap'> = []
  for (const number of numbers) {
    const previous = entries.at(-1)
    if (typeof previous === 'number' && number - previous === 2) entries.push(previous + 1)
    else if (typeof previous === 'number' && number - previous > 2) entries.push('gap')
    entries.push(number)
  }
  return entries
}
