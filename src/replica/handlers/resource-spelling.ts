/**
 * @module
 * The fixed segments of the versioned REST resources (`sobjects`, `query`, `queryAll`,
 * `composite`, `jobs`, `ingest`, `successfulResults`, `unprocessedrecords`, …) are served in any
 * case, as Salesforce serves them: its references spell `unprocessedrecords` while
 * simple-salesforce sends `unprocessedRecords` (docs/decisions/0042). Before routing, a path's
 * fixed segments are put in the spelling the routes use; parameters (object and field names,
 * ids, external id values, locators) keep theirs.
 *
 * The fixed segments and their places come from the routes themselves: a second Hono router
 * holds every route with its fixed segments lowercased and matches the lowercased path, which
 * says which segments of the path are fixed and how the route spells them. A path no route
 * matches is left as it is (and answers NOT_FOUND as before).
 */
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** A route's segments: the spelling of a fixed one, or `undefined` for a parameter or the prefix's. */
type Spelling = ReadonlyArray<string | undefined>

/**
 * The path normaliser of the routes mounted under `prefix` (itself matched as written).
 * @example
 * const spell = resourceSpelling('/services/data/:version{v[0-9]+\\.[0-9]+}', version.routes)
 * spell('/services/data/v60.0/jobs/ingest/750x/unprocessedRecords') // '/services/data/v60.0/jobs/ingest/750x/unprocessedrecords'
 */
export function resourceSpelling(
  prefix: string,
  routes: ReadonlyArray<{ path: string }>,
): (path: string) => string {
  const router = new SmartRouter<Spelling>({ routers: [new RegExpRouter(), new TrieRouter()] })
  const prefixSegments = segmentsOf(prefix)
  let any = false
  for (const { path } of routes) {
    const segments = segmentsOf(path)
    if (!segments.some(isFixed)) continue
    const lowered = [...prefixSegments, ...segments].map((segment) =>
      isFixed(segment) ? segment.toLowerCase() : segment,
    )
    const spelling = [
      ...prefixSegments.map(() => undefined),
      ...segments.map((segment) => (isFixed(segment) ? segment : undefined)),
    ]
    router.add('ALL', `/${lowered.join('/')}`, spelling)
    any = true
  }
  if (!any) return (path) => path
  // `segments` below has the empty segment before the first `/` in front
  const prefixFixed = prefixSegments.flatMap((segment, index) =>
    isFixed(segment) ? [[index + 1, segment] as const] : [],
  )
  return (path) => {
    const [matches] = router.match('ALL', path.toLowerCase())
    if (matches.length === 0) return path
    const segments = path.split('/')
    if (prefixFixed.some(([index, segment]) => segments[index] !== segment)) return path
    for (const [spelling] of matches) {
      spelling.forEach((fixed, index) => {
        if (fixed !== undefined) segments[index + 1] = fixed
      })
    }
    return segments.join('/')
  }
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

/** A literal segment: not a parameter (`:name`, `:name{re}`) or a wildcard. */
function isFixed(segment: string): boolean {
  return !segment.startsWith(':') && !segment.includes('*')
}
