/**
 * @module
 * The URL of a subrequest (validate stage): `/services/data/vXX.X/<resource>[?query]`, read as a
 * template (references still in it). It says which API version and which resource the
 * subrequest calls, so validation can refuse what the real API refuses (a nested composite, a
 * version above the request's own, more queries than allowed) before anything runs. A real org
 * reads a URL as it is written: a query string with unencoded spaces
 * (`/services/data/v60.0/query?q=SELECT Id FROM Account`) is taken, so the replica takes it too
 * and percent-encodes such characters when it sends the subrequest (`encodeSubrequestUrl`).
 */
import { ReplicaError } from '../errors.js'
import { parseApiVersion } from '../metadata/api-version.js'

/** What a subrequest calls: record resources, queries, sObject Collections, another composite. */
export type ResourceKind = 'sobjects' | 'query' | 'collections' | 'composite' | 'other'

export interface SubrequestTarget {
  /** The API version, as a number (60). */
  version: number
  /** Path segments after `/services/data/vXX.X` (`['sobjects', 'Account', '@{ref.id}']`). */
  segments: string[]
  kind: ResourceKind
}

const URL_FORM = /^\/services\/data\/(v\d{1,3}\.\d)(\/[^?#]*)?(?:\?[^#]*)?$/

/** Reads a subrequest URL; anything but `/services/data/vXX.X/...` is 400 `INVALID_INPUT`. */
export function parseSubrequestUrl(url: string): SubrequestTarget {
  const match = URL_FORM.exec(url)
  const version = match ? parseApiVersion(match[1]!) : undefined
  const segments = (match?.[2] ?? '').split('/').filter((segment) => segment !== '')
  if (!match || version === undefined || segments.some((s) => s === '.' || s === '..')) {
    throw new ReplicaError(
      'INVALID_INPUT',
      `Failed to read the subrequest url "${url}": it must be a REST API path such as /services/data/v60.0/sobjects/Account`,
    )
  }
  return { version, segments, kind: kindOf(segments) }
}

/**
 * The URL with every character a URL cannot hold as it is (spaces, other whitespace, controls)
 * percent-encoded, `%` escapes and everything else kept: `?q=SELECT Id` reads as `SELECT Id`.
 * (The WHATWG URL parser would drop tabs and line breaks, turning `SELECT Id\nFROM` into
 * `SELECT IdFROM`.)
 */
export function encodeSubrequestUrl(url: string): string {
  return url.replace(/[\s\p{Cc}]/gu, (char) => encodeURIComponent(char))
}

/**
 * A batch subrequest's URL is relative to `/services/data` (`v60.0/sobjects/Account`); the full
 * path is accepted too.
 */
export function batchSubrequestUrl(url: string): string {
  if (url.startsWith('/services/')) return url
  return `/services/data/${url.startsWith('/') ? url.slice(1) : url}`
}

function kindOf(segments: readonly string[]): ResourceKind {
  const [first, second] = segments
  if (first === 'sobjects') return 'sobjects'
  if (first === 'query' || first === 'queryAll') return 'query'
  if (first === 'composite') return second === 'sobjects' ? 'collections' : 'composite'
  return 'other'
}
