// The parts of the MDN HTTP Observatory (plain JS, no types) that the header grading test uses.
declare module '@mdn/mdn-http-observatory/src/constants.js' {
  export interface ObservatoryOutput {
    result: string | null
    pass: boolean | null
  }
  export const ALL_TESTS: ReadonlyArray<(requests: unknown) => ObservatoryOutput>
}
declare module '@mdn/mdn-http-observatory/src/grader/grader.js' {
  export function getScoreModifier(expectation: string): number
  export function getGradeForScore(score: number): { grade: string; score: number }
}
declare module '@mdn/mdn-http-observatory/src/grader/charts.js' {
  export const MINIMUM_SCORE_FOR_EXTRA_CREDIT: number
}
declare module '@mdn/mdn-http-observatory/src/types.js' {
  export class Requests {
    constructor(hostname: string)
    hostname: string
    resources: { path: string | null }
    responses: { auto: unknown; https: unknown; http: unknown; cors: unknown; httpRedirects: unknown[]; httpsRedirects: unknown[] }
    session: unknown
  }
}
