/**
 * @module
 * The limits the real API puts on the composite family, in one place so routes, validation and
 * tests agree. Versions are the first REST API version that serves the resource.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_composite_post.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_graph_limits.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobject_tree.htm
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_composite_sobjects_collections.htm
 */

export const COMPOSITE = {
  /** Subrequests in one composite request. */
  subrequests: 25,
  /** Of them, query (query, queryAll, next page) and sObject Collections subrequests. */
  queriesAndCollections: 5,
  /**
   * Ours, not the real API's: the characters the references of one subrequest may write into its
   * URL and body, the gateway's request cap (4 MiB), so a small request cannot expand without bound.
   */
  expandedCharacters: 4 * 1024 * 1024,
  /**
   * Ours, not the real API's: the references (`@{...}`) one composite or graph request may hold
   * over all its subrequests. Each is parsed before anything runs and resolved as its subrequest
   * runs; a 4 MiB body of 300,000 held the event loop for about a second. Far more than a client
   * writes (200 records of a collections subrequest, each with 50 references, is this many).
   */
  references: 10_000,
} as const

export const BATCH = {
  subrequests: 25,
  /** The oldest version a batch subrequest may name. */
  oldestVersion: 34,
} as const

export const GRAPH = {
  since: 50,
  graphs: 75,
  /** Nodes (subrequests) in one payload, and in one graph. */
  nodes: 500,
  /** The longest chain of references in a graph. */
  depth: 15,
  /** Distinct (version, method, object) nodes in one payload. */
  distinctNodes: 15,
  /** Failed graphs after which the remaining graphs are not run. */
  failures: 14,
} as const

export const TREE = {
  records: 200,
  /** Levels of a tree: the root and four levels of children. */
  depth: 5,
  /** Distinct object types across the request. */
  types: 5,
} as const

export const COLLECTIONS = {
  /** Records of a create, update, upsert or delete. */
  records: 200,
  /** Ids of a retrieve (the GET form is bounded by URL length first, at about 800). */
  retrieveIds: 2000,
  /** Runs of same-type records in one create, update or delete. */
  chunks: 10,
  /** sObject Collections upsert by external id. */
  upsertSince: 46,
} as const

/** The message the real API gives a collections call over its record limit. */
export function idLimitMessage(limit: number): string {
  return `record limit reached. cannot submit more than ${limit} records into this call`
}
