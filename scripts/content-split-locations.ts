/**
 * `npm run content:split-locations [-- <content folder>]`: moves a content folder from one
 * `locations.yaml` to one file per location in `locations/` (ADR 098; scripts/lib/content-split-locations.ts).
 * Run it once on a content folder from before the split; on one already split it does nothing.
 */
import { splitLocations } from './lib/content-split-locations'

const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 'content'
const outcome = splitLocations(dir)
if ('problem' in outcome) {
  console.error(outcome.problem)
  process.exitCode = 1
} else if ('nothing' in outcome) console.log(outcome.nothing)
else console.log(`${outcome.written.length} location files written in ${dir}/locations; ${dir}/locations.yaml removed.`)
