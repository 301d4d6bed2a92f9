/**
 * `npm run content:fixture -- --news 2000 --pages 200 --locations 300 --out <dir>`: a content
 * folder of that size in a scratch folder (scripts/lib/content-fixture.ts), for `npm run bench`
 * and for trying the site at scale: `CONTENT_DIR=<dir> npm run serve`.
 */
import { parseArgs } from 'node:util'
import { writeContentFixture } from './lib/content-fixture'

const { values } = parseArgs({
  options: {
    news: { type: 'string', default: '2000' },
    pages: { type: 'string', default: '200' },
    locations: { type: 'string', default: '300' },
    out: { type: 'string' },
  },
})
const count = (name: string, value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: not a whole number: ${value}`)
  return n
}
if (!values.out) {
  console.error('usage: npm run content:fixture -- --news 2000 --pages 200 --locations 300 --out <scratch folder>')
  process.exit(2)
}
try {
  const dir = writeContentFixture(values.out, {
    news: count('news', values.news),
    pages: count('pages', values.pages),
    locations: count('locations', values.locations),
  })
  console.log(`wrote ${dir} (serve it with CONTENT_DIR=${dir})`)
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
