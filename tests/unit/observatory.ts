import { AxiosHeaders } from 'axios'
import { ALL_TESTS } from '@mdn/mdn-http-observatory/src/constants.js'
import { MINIMUM_SCORE_FOR_EXTRA_CREDIT } from '@mdn/mdn-http-observatory/src/grader/charts.js'
import { getGradeForScore, getScoreModifier } from '@mdn/mdn-http-observatory/src/grader/grader.js'
import { Requests } from '@mdn/mdn-http-observatory/src/types.js'

export interface Grade {
  score: number
  grade: string
  /** Observatory test name → its result and score modifier. */
  results: Array<{ result: string | null; modifier: number }>
}

/**
 * Grades one HTTPS response (headers and HTML) with the MDN HTTP Observatory's
 * own tests and scoring, as its scanner does after fetching a site: same
 * tests, same modifiers, extra credit only from an uncurved A.
 */
export function gradeResponse(url: string, status: number, headers: Record<string, string>, html: string): Grade {
  const requests = new Requests(new URL(url).hostname)
  const response = {
    status,
    statusText: 'OK',
    data: html,
    headers: AxiosHeaders.from(headers),
    config: {},
    verified: true,
    httpEquiv: new Map(),
  }
  requests.responses.auto = response
  requests.responses.https = response
  // The site is only served over HTTPS (a plain-HTTP listener, if any, is the proxy's redirect).
  requests.responses.http = null
  requests.resources.path = html
  requests.session = { url: new URL(url), jar: undefined, redirectHistory: [] }

  let withExtraCredit = 100
  let uncurved = 100
  const results = ALL_TESTS.map((test) => {
    const output = test(requests)
    const modifier = output.result ? getScoreModifier(output.result) : 0
    withExtraCredit += modifier
    if (modifier < 0) uncurved += modifier
    return { result: output.result, modifier }
  })
  const score = uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved
  return { score, grade: getGradeForScore(score).grade, results }
}
