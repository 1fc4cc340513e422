/**
 * @module
 * Conditional requests on sObject rows and describes (HTTP 1.1 preconditions, as the REST API
 * applies them): a resource's validators (`ETag`, `Last-Modified`) and what `If-Match`,
 * `If-None-Match`, `If-Modified-Since` and `If-Unmodified-Since` make of a request — go on,
 * `304 Not Modified` (a read whose copy is current) or `412 Precondition Failed`. Plain
 * functions over header values and validators; the routes read the headers and write the answer.
 * A header the route does not honour is refused there, never ignored.
 * @see https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_rest_conditional_requests.htm
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-13.2.2
 */
import { createHash } from 'node:crypto'
import { ReplicaError } from './errors.js'

export interface Validators {
  /** A strong entity tag, quoted: `"U5iWijwWbQD18jeiXwsqxeGpZQk="`. */
  etag: string
  /** When the resource last changed, at the second HTTP dates carry. */
  lastModified: Date
}

/** The conditional headers a request sent (raw values; absent ones undefined). */
export interface Preconditions {
  ifMatch?: string | undefined
  ifNoneMatch?: string | undefined
  ifModifiedSince?: string | undefined
  ifUnmodifiedSince?: string | undefined
}

export const CONDITIONAL_HEADERS = [
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
] as const

export type PreconditionOutcome = 'proceed' | 'not-modified' | 'precondition-failed'

/** True when a request sent any conditional header. */
export function hasPreconditions(preconditions: Preconditions): boolean {
  return Object.values(preconditions).some((value) => value !== undefined)
}

/**
 * A record's validators: a hash of the record as the caller reads it whole (`content`, the JSON a
 * read answers, so a read hashes the text it sends), and its LastModifiedDate (of `record`).
 */
export function recordValidators(content: string, record: Readonly<Record<string, unknown>>): Validators {
  const digest = createHash('sha1').update(content).digest('base64')
  const modified = record.LastModifiedDate ?? record.SystemModstamp ?? record.CreatedDate
  return { etag: `"${digest}"`, lastModified: wholeSeconds(parseStoredDatetime(modified)) }
}

/**
 * A describe answer's validators: the org's metadata last changed at `changedAt` (an app's schema
 * never changes while it runs); the tag also names what the answer depends on (the API version
 * and the actor), as the body does.
 */
export function metadataValidators(changedAt: Date, apiVersion: string, actor: string): Validators {
  const lastModified = wholeSeconds(changedAt)
  const digest = createHash('sha1')
    .update(`${lastModified.toISOString()}|${apiVersion}|${actor}`)
    .digest('hex')
  return { etag: `"${digest.slice(0, 8)}"`, lastModified }
}

/**
 * What the preconditions make of a request on a resource with `validators` (RFC 9110 section
 * 13.2.2 order). `read` is GET or HEAD: a failed If-None-Match or If-Modified-Since is then 304,
 * on a write 412 (If-Modified-Since only applies to reads). A malformed header is INVALID_INPUT
 * on a write, ignored on a read (as HTTP ignores an invalid date).
 */
export function evaluatePreconditions(
  preconditions: Preconditions,
  validators: Validators,
  read: boolean,
): PreconditionOutcome {
  const { ifMatch, ifNoneMatch, ifModifiedSince, ifUnmodifiedSince } = preconditions
  if (ifMatch !== undefined) {
    const tags = entityTags(ifMatch, 'If-Match', read)
    if (tags !== undefined && !tags.includes('*') && !tags.includes(validators.etag))
      return 'precondition-failed'
  } else if (ifUnmodifiedSince !== undefined) {
    const since = httpDate(ifUnmodifiedSince, 'If-Unmodified-Since', read)
    if (since !== undefined && validators.lastModified > since) return 'precondition-failed'
  }
  if (ifNoneMatch !== undefined) {
    const tags = entityTags(ifNoneMatch, 'If-None-Match', read)
    if (tags !== undefined && (tags.includes('*') || tags.includes(validators.etag))) {
      return read ? 'not-modified' : 'precondition-failed'
    }
  } else if (ifModifiedSince !== undefined && read) {
    const since = httpDate(ifModifiedSince, 'If-Modified-Since', read)
    if (since !== undefined && validators.lastModified <= since) return 'not-modified'
  }
  return 'proceed'
}

/** `Last-Modified` / `If-Modified-Since` form: `Tue, 23 Mar 2015 00:00:00 GMT`. */
export function toHttpDate(date: Date): string {
  return date.toUTCString()
}

const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/

/** The tags of an If-Match / If-None-Match value (weak tags compared by their opaque part). */
function entityTags(value: string, header: string, read: boolean): string[] | undefined {
  const trimmed = value.trim()
  if (trimmed === '*') return ['*']
  const tags = trimmed.split(',').map((tag) => tag.trim())
  if (tags.some((tag) => !ENTITY_TAG.test(tag))) return malformed(header, value, read)
  return tags.map((tag) => (tag.startsWith('W/') ? tag.slice(2) : tag))
}

/** An HTTP date; the zone names and offsets JavaScript's date parser reads are taken too. */
function httpDate(value: string, header: string, read: boolean): Date | undefined {
  const parsed = Date.parse(value)
  if (Number.isNaN(parsed)) return malformed(header, value, read)
  return new Date(parsed)
}

function malformed(header: string, value: string, read: boolean): undefined {
  if (read) return undefined
  throw new ReplicaError(
    'INVALID_INPUT',
    `Failed to read the ${header} header: ${JSON.stringify(value)} is not valid`,
  )
}

/** A stored datetime (`2024-05-01T10:00:00.000+0000`) as a Date; the epoch for anything else. */
export function parseStoredDatetime(value: unknown): Date {
  if (typeof value !== 'string') return new Date(0)
  const parsed = Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'))
  return new Date(Number.isNaN(parsed) ? 0 : parsed)
}

function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000)
}
