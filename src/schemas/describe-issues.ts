/**
 * @module
 * zod issues as one line, `path: message; ...`, for errors thrown at setup and by test-side calls
 * (a fixture, the mock's options, a seed, a fault, a state document).
 * @note Not `z.prettifyError`: it writes several lines with `✖`/`→` and bracketed indexes
 * (`workspaces[1].id`), where these messages are one line and name paths as the API's
 * `error.fields` and the fixture's reference checks do (`workspaces.1.id`). Not `z.flattenError`:
 * it keeps only top-level keys (`workspaces`), which says less (docs/decisions/0003).
 */
import type * as z from 'zod'

/** The first `limit` issues (all by default), each `path: message` (`(root)` for the input itself). */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  limit = Number.POSITIVE_INFINITY,
): string {
  return issues
    .slice(0, limit)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ')
}
