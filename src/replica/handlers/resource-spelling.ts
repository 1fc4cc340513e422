/**
 * @module
 * The fixed segments of the versioned REST resources (`sobjects`, `query`, `queryAll`,
 * `composite`, `jobs`, `ingest`, `successfulResults`, `unprocessedrecords`, …) are served in any
 * case, as Salesforce serves them: its references spell `unprocessedrecords` while
 * simple-salesforce sends `unprocessedRecords` (docs/decisions/0042). Before routing, a path's
 * fixed segments are put in the spelling the routes use; parameters (object and field names,
 * ids, external id values, locators) keep theirs.
 *
 * The known segments come from the routes: a table per place in the path, from each segment as
 * it reads lowercased to the routes' spelling and the table of the places after it. A parameter
 * place keeps the segment as it is; a wildcard ends the table. A segment the table does not know
 * is left as it is, and so is the rest of the path (it answers NOT_FOUND as before).
 */

/** The segments that may follow one place of a route's path. */
interface SegmentTable {
  /** Lowercased fixed segment -> its spelling and what may follow it. */
  fixed: Map<string, { spelling: string; next: SegmentTable }>
  /** A parameter in this place, and what may follow it. */
  parameter: SegmentTable | undefined
}

/**
 * The spelling of the paths under `prefix` (its own segments are matched as written; a
 * `:name{…}` parameter there takes any segment), from the patterns of the routes mounted there.
 * @example
 * const spell = resourceSpelling('/services/data/:version{v[0-9]+\\.[0-9]+}', ['/query', '/jobs/ingest/:jobId/unprocessedrecords'])
 * spell('/services/data/v60.0/jobs/ingest/750x/unprocessedRecords') // '/services/data/v60.0/jobs/ingest/750x/unprocessedrecords'
 */
export function resourceSpelling(prefix: string, patterns: Iterable<string>): (path: string) => string {
  const root = emptyTable()
  for (const pattern of patterns) addPattern(root, segmentsOf(pattern))
  const prefixSegments = segmentsOf(prefix)
  return (path) => {
    const segments = path.split('/')
    // segments[0] is the empty one before the first `/`
    if (segments.length <= prefixSegments.length + 1) return path
    for (let i = 0; i < prefixSegments.length; i++) {
      const expected = prefixSegments[i]!
      if (!isParameter(expected) && segments[i + 1] !== expected) return path
    }
    let table: SegmentTable | undefined = root
    let changed = false
    for (let i = prefixSegments.length + 1; i < segments.length && table; i++) {
      const segment = segments[i]!
      const fixed = table.fixed.get(segment.toLowerCase())
      if (fixed) {
        if (fixed.spelling !== segment) {
          segments[i] = fixed.spelling
          changed = true
        }
        table = fixed.next
      } else {
        table = table.parameter
      }
    }
    return changed ? segments.join('/') : path
  }
}

function emptyTable(): SegmentTable {
  return { fixed: new Map(), parameter: undefined }
}

function addPattern(root: SegmentTable, segments: readonly string[]): void {
  let table = root
  for (const segment of segments) {
    // a wildcard takes the rest of the path as it is
    if (segment.includes('*')) return
    if (isParameter(segment)) {
      table.parameter ??= emptyTable()
      table = table.parameter
      continue
    }
    const key = segment.toLowerCase()
    let entry = table.fixed.get(key)
    if (!entry) {
      entry = { spelling: segment, next: emptyTable() }
      table.fixed.set(key, entry)
    }
    table = entry.next
  }
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '')
}

function isParameter(segment: string): boolean {
  return segment.startsWith(':')
}
