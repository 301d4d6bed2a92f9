import * as v from 'valibot'

/** `?page=N`: a positive whole number; anything else is not a page of this list. */
const pageSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
  v.maxValue(10_000),
)

/** The page number, or null when `?page` is not a valid one. */
export function parsePageParam(value: unknown): number | null {
  if (value === undefined) return 1
  const parsed = v.safeParse(pageSchema, value)
  return parsed.success ? parsed.output : null
}
