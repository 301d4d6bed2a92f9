import { runTmpdir } from './run-tmpdir'

/** Vitest's global setup: the run's temporary folder, deleted when the run ends (run-tmpdir.ts). */
export default function setup(): void {
  runTmpdir('site-unit')
}
