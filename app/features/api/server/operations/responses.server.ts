import type { ApiResponseSpec } from '../api-operation.server'
import { ZProblem } from '../problem-details.server'

/** The refusals every operation documents beside its own answers. */
const problem = (description: string): ApiResponseSpec => ({
  description,
  schema: ZProblem,
  contentType: 'application/problem+json',
})
export const COMMON_PROBLEMS: Record<number, ApiResponseSpec> = {
  401: problem('No key, or a key that is unknown or revoked.'),
  402: problem("The company's plan does not include the API; `plan` names the one that does."),
  403: problem('The key lacks the scope this needs; `scope` names it.'),
  429: problem("Past the key's requests per minute; see Retry-After."),
}

export function withProblems(responses: Record<number, ApiResponseSpec>, ...extra: Array<[number, string]>) {
  return {
    ...responses,
    ...Object.fromEntries(extra.map(([status, text]) => [status, problem(text)])),
    ...COMMON_PROBLEMS,
  }
}

export const NOT_FOUND: [number, string] = [
  404,
  "Not found in this company (another company's ids are not found either).",
]
export const INVALID: [number, string] = [400, 'The body or query was refused; `errors` lists each field.']

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
